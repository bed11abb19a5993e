package org.trajectory.extract;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.trajectory.recorder.FrameTable;
import org.trajectory.recorder.VideoFiles;

/**
 * A video file as ffprobe sees it: its size in pixels and its length in seconds, as far as its frames go; {@code claimed}
 * is the length its container says, longer when the file was cut after its index (an MP4 made with the index in front);
 * {@code frameRate} is how many frames come a second where they come on one steady beat (a camera's, a screen recorder
 * set to one rate, a frame dropped here and there), 0 where some come much closer than usual (a recorder that writes a
 * frame as the screen changes: quickly while the pointer moves, seldom otherwise) or where it is not known.
 *
 * @since 0.1
 */
public record Video(Path file, int width, int height, double duration, double claimed, double frameRate) {

    /** The fewest intervals between frames that tell a steady rate. */
    private static final int STEADY_INTERVALS = 10;

    /** A whole video: its frames go as far as it says, at a rate not known. */
    public Video(Path file, int width, int height, double duration) {
        this(file, width, height, duration, duration, 0);
    }

    /** Null, or what the person is told of a cut video: how long it says it is, and where its frames end. */
    public String cut() {
        return claimed - duration > Math.max(1.0, 0.05 * claimed) ? String.format(java.util.Locale.ROOT,
                "%s is cut: it says it lasts %.1f s and its frames end at %.1f s; the steps stop there", file.getFileName(), claimed, duration) : null;
    }

    /**
     * Probes {@code file}; an {@link IOException} in one line when it is missing, not a video ffmpeg can read, or holds
     * no frames.
     */
    public static Video probe(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString(), null, "no such video file");
        }
        Process ffprobe = new ProcessBuilder(VideoFiles.ffprobe(List.of("-v", "error", "-select_streams", "v:0", "-show_entries",
                "stream=width,height:format=duration", "-of", "default=noprint_wrappers=1"), file)).start();
        String out = new String(ffprobe.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        String err = new String(ffprobe.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            // a recording cut by a killed recorder makes ffprobe complain and still reads: only a failure or no size refuses it
            if (!ffprobe.waitFor(30, TimeUnit.SECONDS) || ffprobe.exitValue() != 0 || !out.contains("width=")) {
                throw new IOException(file + ": not a video ffmpeg can read" + (err.isBlank() ? "" : " (" + FrameTable.toolReason(err, file) + ")"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while probing " + file, e);
        }
        int width = (int) value(out, "width");
        int height = (int) value(out, "height");
        if (width <= 0 || height <= 0) {
            throw new IOException(file + ": not a video ffmpeg can read (it has no video stream)");
        }
        VideoFiles.checkSize(file, width, height);
        double claimed = value(out, "duration");
        double[] frames = FrameTable.probe(file); // the packets that are there, whatever the container's header says
        if (frames.length == 0) {
            throw new IOException(file + ": the video has no frames");
        }
        double step = frames.length > 1 ? (frames[frames.length - 1] - frames[0]) / (frames.length - 1) : 0;
        double end = frames[frames.length - 1] + step;
        return new Video(file, width, height, claimed > 0 ? Math.min(claimed, end) : end, claimed > 0 ? claimed : end, steadyRate(frames));
    }

    /**
     * Frames a second (to a hundredth) where the frames (their times in order) come on one steady beat, else 0: none
     * closer than nine tenths of the usual (median) interval between them; a dropped frame only makes a longer one.
     */
    static double steadyRate(double[] frames) {
        double[] intervals = new double[Math.max(0, frames.length - 1)];
        int count = 0;
        for (int i = 1; i < frames.length; i++) {
            if (frames[i] - frames[i - 1] > 1e-6) { // a frame stamped twice is no interval
                intervals[count++] = frames[i] - frames[i - 1];
            }
        }
        if (count < STEADY_INTERVALS) {
            return 0;
        }
        Arrays.sort(intervals, 0, count);
        double usual = intervals[count / 2];
        return intervals[0] >= 0.9 * usual ? Math.round(100 / usual) / 100.0 : 0; // to a hundredth: 5, not 4.999999999999996
    }

    private static double value(String probed, String key) {
        return probed.lines().filter(l -> l.startsWith(key + "=")).map(l -> l.substring(key.length() + 1).strip())
                .filter(v -> v.matches("[0-9.]+")).mapToDouble(Double::parseDouble).findFirst().orElse(-1);
    }

    /** The rectangle at x, y of that size, clipped to the frame, at least a pixel (x, y, width, height). */
    public int[] clip(int x, int y, int width, int height) {
        int left = Math.max(0, Math.min(x, this.width - 1));
        int top = Math.max(0, Math.min(y, this.height - 1));
        return new int[] {left, top, Math.max(1, Math.min(width - (left - x), this.width - left)),
                Math.max(1, Math.min(height - (top - y), this.height - top))};
    }

    @Override
    public String toString() {
        return file.getFileName() + " (" + width + "x" + height + ", " + String.format(java.util.Locale.ROOT, "%.1f s", duration) + ")";
    }
}
