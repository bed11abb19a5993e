package org.trajectory.extract;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import org.trajectory.recorder.FrameTable;

/**
 * Frames of a video at a set rate, decoded by ffmpeg (any container it reads: mp4, mkv, webm, mov) and read one at a
 * time from its pipe, so memory holds a frame, not the video. Frame k is at k / fps seconds from the video's start.
 */
public final class FrameSampler implements AutoCloseable {

    private final Path video;
    private final Process ffmpeg;
    private final DataInputStream pixels;
    private final int width;
    private final int height;
    private final double fps;
    private long index;

    private FrameSampler(Path video, Process ffmpeg, int width, int height, double fps) {
        this.video = video;
        this.ffmpeg = ffmpeg;
        this.pixels = new DataInputStream(ffmpeg.getInputStream());
        this.width = width;
        this.height = height;
        this.fps = fps;
    }

    /** Starts decoding {@code video} at {@code fps} frames a second (the paper: 1 for short clips, 2 for real-world ones). */
    public static FrameSampler open(Path video, double fps) throws IOException {
        if (!(fps > 0 && fps <= 60)) {
            throw new IllegalArgumentException("the sampling rate is between 0 and 60 frames a second, not " + fps);
        }
        if (!Files.isRegularFile(video)) {
            throw new NoSuchFileException(video.toString(), null, "no such video file");
        }
        int[] size = size(video);
        Process ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-v", "error", "-i", video.toString(), "-vf",
                String.format(Locale.ROOT, "fps=%s", fps), "-f", "rawvideo", "-pix_fmt", "rgb24", "-")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        return new FrameSampler(video, ffmpeg, size[0], size[1], fps);
    }

    /** The next frame, or null after the last. */
    public Frame next() throws IOException {
        byte[] rgb = new byte[width * height * 3];
        try {
            pixels.readFully(rgb);
        } catch (EOFException end) {
            return null; // a partial last frame (a cut video) is not a frame
        }
        return new Frame(index++ / fps, width, height, rgb);
    }

    private static int[] size(Path video) throws IOException {
        Process ffprobe = new ProcessBuilder("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                "-of", "csv=p=0", video.toString()).start();
        String out = new String(ffprobe.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
        String err = new String(ffprobe.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!ffprobe.waitFor(30, TimeUnit.SECONDS) || ffprobe.exitValue() != 0 || !out.matches("\\d+,\\d+.*")) {
                throw new IOException(video + ": not a video ffmpeg can read"
                        + (err.isBlank() ? (out.isEmpty() ? " (it has no video stream)" : "") : " (" + FrameTable.toolReason(err, video) + ")"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while probing " + video, e);
        }
        String[] parts = out.lines().findFirst().orElseThrow().split(",");
        return new int[] {Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip())};
    }

    @Override
    public void close() throws IOException {
        ffmpeg.destroy();
        pixels.close();
        try {
            ffmpeg.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return video + " at " + fps + " frames/s";
    }
}
