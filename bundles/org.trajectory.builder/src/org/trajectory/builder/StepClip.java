package org.trajectory.builder;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.trajectory.model.Step;
import org.trajectory.recorder.FrameTable;
import org.trajectory.recorder.InputEvent;
import org.trajectory.recorder.Recording;
import org.trajectory.recorder.ScreenSize;
import org.trajectory.recorder.VideoFiles;

/**
 * A step's stretch of its recording, to see what really happened between two screenshots: the video's frames from
 * {@link #MARGIN} before the step began to {@link #MARGIN} after it ended, decoded by the real ffmpeg and scaled, and
 * the raw input events of the stretch, all on the events' clock. Points stay in screen pixels ({@code screenWidth} x
 * {@code screenHeight}).
 *
 * @since 0.1
 */
public record StepClip(List<Frame> frames, List<InputEvent> events, double stepStart, double stepEnd, int screenWidth, int screenHeight) {

    /** Seconds shown before the step begins and after it ends. */
    public static final double MARGIN = 1.0;
    /** At most this many frames are kept (evenly spread), however long the step or high the frame rate. */
    public static final int MAX_FRAMES = 150;

    /** A decoded frame: its time on the events' clock and its pixels, RGB, three bytes a pixel, row after row. */
    public record Frame(double time, int width, int height, byte[] rgb) {
    }

    /** The time span a built step keeps ({@link TrajectoryBuilder#START_TIME}, {@link TrajectoryBuilder#END_TIME}), or null. */
    public static double[] span(Step step) {
        var start = step.json().get(TrajectoryBuilder.START_TIME);
        var end = step.json().get(TrajectoryBuilder.END_TIME);
        return start != null && start.isNumber() && end != null && end.isNumber() ? new double[] { start.asDouble(), end.asDouble() } : null;
    }

    /** Reads the stretch of the recording in {@code folder} around [{@code start}, {@code end}], frames {@code width} wide. */
    public static StepClip read(Path folder, double start, double end, int width) throws IOException {
        Recording recording = Recording.read(folder);
        Path video = recording.video();
        if (video == null) {
            throw new IOException(folder + " has no video to play");
        }
        ScreenSize screen = recording.screenAt(start) != null ? recording.screenAt(start) : recording.screens().get(0);
        double[] times = FrameTable.times(recording);
        double[] stamps = FrameTable.probe(video);
        int count = Math.min(times.length, stamps.length);
        int first = 0;
        while (first < count - 1 && times[first + 1] <= start - MARGIN) {
            first++;
        }
        int last = first;
        while (last < count - 1 && times[last + 1] <= end + MARGIN) {
            last++;
        }
        int height = Math.max(2, (int) Math.round((double) width * screen.height() / screen.width()) / 2 * 2);
        List<Frame> frames = decode(video, stamps[first] - stamps[0], first, last, times, width, height);
        List<InputEvent> events = recording.events().stream()
                .filter(e -> e.time() >= start - MARGIN && e.time() <= end + MARGIN).toList();
        return new StepClip(frames, events, start, end, screen.width(), screen.height());
    }

    private static List<Frame> decode(Path video, double offset, int first, int last, double[] times, int width, int height) throws IOException {
        int wanted = last - first + 1;
        int every = (wanted + MAX_FRAMES - 1) / MAX_FRAMES;
        // Seeking a millisecond before the first frame's stamp: ffmpeg decodes from the key frame before and outputs
        // from this frame on (as Keyframes does for single frames).
        Process ffmpeg = new ProcessBuilder(VideoFiles.ffmpeg(List.of("ffmpeg", "-nostdin", "-v", "error", "-ss",
                String.format(Locale.ROOT, "%.6f", Math.max(0, offset - 0.001))), video, "-frames:v", Integer.toString(wanted), "-an",
                // each frame of the video once: raw output would otherwise be made constant-rate, a still stretch filled with
                // copies of the frame before it, and every frame after shown with a time seconds later than its pixels
                "-fps_mode", "passthrough", "-vf",
                "scale=" + width + ":" + height, "-pix_fmt", "rgb24", "-f", "rawvideo", "-")).redirectError(ProcessBuilder.Redirect.PIPE).start();
        List<Frame> frames = new ArrayList<>();
        try (DataInputStream in = new DataInputStream(ffmpeg.getInputStream())) {
            for (int n = 0; n < wanted; n++) {
                byte[] rgb = new byte[width * height * 3];
                try {
                    in.readFully(rgb);
                } catch (EOFException e) {
                    break; // the video ends before the table says: what there is is shown
                }
                if (n % every == 0) {
                    frames.add(new Frame(times[first + n], width, height, rgb));
                }
            }
        }
        try {
            String errors = new String(ffmpeg.getErrorStream().readAllBytes());
            if (ffmpeg.waitFor() != 0 || frames.isEmpty()) {
                throw new IOException("the frames of " + video + " cannot be decoded: " + FrameTable.toolReason(errors, video));
            }
        } catch (InterruptedException e) {
            ffmpeg.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while decoding " + video, e);
        }
        return frames;
    }
}
