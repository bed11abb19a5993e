package org.trajectory.extract;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

import org.trajectory.recorder.FrameTable;

/** Single frames of a video as PNG, taken by the real ffmpeg by seeking to a time (never decoding the whole video). */
public final class FrameGrab {

    private FrameGrab() {
    }

    /** The frame shown at {@code time} seconds from the video's start, whole. */
    public static byte[] png(Video video, double time) throws IOException {
        return png(video, time, 0, 0, video.width(), video.height());
    }

    /**
     * A part of the frame shown at {@code time}: the rectangle at x, y of that size, clipped to the frame. A time in the
     * video's last moments, after its last frame (a container's length runs past it), takes the last frame.
     */
    public static byte[] png(Video video, double time, int x, int y, int width, int height) throws IOException {
        IOException failure = null;
        for (double back : new double[] {0, 0.25, 0.5, 1}) {
            if (back > 0 && time - back < video.duration() - 1.5) {
                break;
            }
            try {
                return grab(video, Math.max(0, time - back), x, y, width, height);
            } catch (IOException e) {
                failure = failure == null ? e : failure;
            }
        }
        throw failure;
    }

    private static byte[] grab(Video video, double time, int x, int y, int width, int height) throws IOException {
        int left = Math.max(0, Math.min(x, video.width() - 1));
        int top = Math.max(0, Math.min(y, video.height() - 1));
        int w = Math.max(1, Math.min(width - (left - x), video.width() - left));
        int h = Math.max(1, Math.min(height - (top - y), video.height() - top));
        double at = Math.max(0, Math.min(time, video.duration() - 0.001));
        Process ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-v", "error", "-ss", String.format(Locale.ROOT, "%.3f", at), "-i",
                video.file().toString(), "-frames:v", "1", "-an", "-vf", "crop=" + w + ":" + h + ":" + left + ":" + top, "-c:v", "png",
                "-f", "image2pipe", "-").start();
        byte[] png;
        try (InputStream out = ffmpeg.getInputStream()) {
            png = out.readAllBytes();
        }
        try {
            if (ffmpeg.waitFor() != 0 || png.length == 0) {
                throw new IOException(String.format(Locale.ROOT, "%s: the frame at %.3f s cannot be decoded: %s", video.file(), at,
                        png.length == 0 ? "ffmpeg gave no frame there" : FrameTable.toolReason(new String(ffmpeg.getErrorStream().readAllBytes()), video.file())));
            }
        } catch (InterruptedException e) {
            ffmpeg.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while taking a frame", e);
        }
        return png;
    }
}
