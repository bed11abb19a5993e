package org.trajectory.recorder.kit;

import java.io.IOException;
import java.nio.file.Path;

/**
 * What a backend's test checks in a recorded video, decoded by the real ffmpeg.
 *
 * @since 0.1
 */
public final class VideoFrames {

    private VideoFrames() {
    }

    /**
     * The brightest pixel of the video's last frame, scaled down to 64x40 and gray: 0 (give or take the encoder's
     * noise) when the frame was blanked because an excluded window was in front. Every frame is decoded and the last
     * kept: a recording of a still screen has few frames, and seeking from its end may land past the last one.
     */
    public static int brightestPixelOfLastFrame(Path video) throws IOException, InterruptedException {
        Process ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-v", "error", "-i", video.toString(), "-vf",
                "scale=64:40", "-f", "rawvideo", "-pix_fmt", "gray", "-").start();
        byte[] gray = ffmpeg.getInputStream().readAllBytes();
        String errors = new String(ffmpeg.getErrorStream().readAllBytes());
        if (ffmpeg.waitFor() != 0 || gray.length < 64 * 40) {
            throw new IOException("ffmpeg could not decode the last frame of " + video + ": " + errors);
        }
        int max = 0;
        for (int i = gray.length - 64 * 40; i < gray.length; i++) {
            max = Math.max(max, gray[i] & 0xff);
        }
        return max;
    }

    /**
     * The darkest pixel (gray) of a box of the video's last frame: low where something dark is drawn there, such as
     * the pointer's outline over a white page.
     */
    public static int darkestPixelOfLastFrame(Path video, int x, int y, int width, int height) throws IOException, InterruptedException {
        Process ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-v", "error", "-i", video.toString(), "-vf",
                "crop=" + width + ":" + height + ":" + x + ":" + y, "-f", "rawvideo", "-pix_fmt", "gray", "-").start();
        byte[] gray = ffmpeg.getInputStream().readAllBytes();
        String errors = new String(ffmpeg.getErrorStream().readAllBytes());
        if (ffmpeg.waitFor() != 0 || gray.length < width * height) {
            throw new IOException("ffmpeg could not decode the last frame of " + video + ": " + errors);
        }
        int min = 255;
        for (int i = gray.length - width * height; i < gray.length; i++) {
            min = Math.min(min, gray[i] & 0xff);
        }
        return min;
    }
}
