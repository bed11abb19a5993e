package org.trajectory.recorder;

import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * How a backend that grabs the screen itself writes its video: raw BGRA frames into the real ffmpeg, H.264 into
 * Matroska, flushed packet by packet (a killed recorder leaves a file that plays). Frames are written only when the
 * screen changed, and at least every {@link #KEEP_ALIVE_S}, so they come at a variable rate: ffmpeg stamps each as it
 * arrives, and the frame table ({@link CaptureSink#frame}) gives each its time on the events' clock.
 */
public final class ScreenVideo {

    /** An unchanged screen is still written this often, so players and the builder find a frame every second. */
    public static final double KEEP_ALIVE_S = 1.0;

    private ScreenVideo() {
    }

    /**
     * ffmpeg reading frames of {@code width} x {@code height} from {@code input} (a named pipe, or {@code pipe:0}), each
     * stamped by its clock to the millisecond as it arrives (the raw reader's clock ticks at its frame rate: at the
     * recording's rate two frames could share a tick), a key frame every 2 s of time and at most every {@code fps * 2}
     * frames.
     */
    public static List<String> encoder(String input, int width, int height, int fps, Path video) {
        return List.of("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "bgra", "-video_size",
                width + "x" + height, "-framerate", "1000", "-use_wallclock_as_timestamps", "1", "-i", input, "-fps_mode", "passthrough",
                "-c:v", "libx264", "-preset", "ultrafast", "-g", Integer.toString(fps * 2), "-force_key_frames", "expr:gte(t,n_forced*2)",
                "-pix_fmt", "yuv420p", "-flush_packets", "1", "-cluster_time_limit", "500", "-f", "matroska", video.toString());
    }

    /**
     * Which of a backend's slots become frames, and what the sink hears of them: the first frame, one whose screen
     * changed, one a second ({@link #KEEP_ALIVE_S}) and the last as recording stops; the slots left out between are
     * told to the sink as unchanged before the next frame (they are no frames missed), and a preview is made at most
     * {@link Preview#PER_SECOND} times a second. Used by one grab thread.
     */
    public static final class Cadence {
        private final CaptureSink sink;
        private long frames;
        private long unchanged;
        private double lastWritten = Double.NEGATIVE_INFINITY;
        private double previewed = Double.NEGATIVE_INFINITY;

        public Cadence(CaptureSink sink) {
            this.sink = sink;
        }

        /** Frames written so far. */
        public long frames() {
            return frames;
        }

        /** Slots left out since the last frame written. */
        public long unchanged() {
            return unchanged;
        }

        /**
         * Whether the slot at {@code now} becomes a frame ({@code last}: the one as recording stops); {@code changed} is
         * asked only for a slot that is neither the first nor the last.
         */
        public boolean take(double now, boolean last, BooleanSupplier changed) {
            if (!last && frames > 0 && !changed.getAsBoolean() && now - lastWritten < KEEP_ALIVE_S) {
                unchanged++; // the frame before still shows it
                return false;
            }
            sink.unchanged(unchanged);
            unchanged = 0;
            return true;
        }

        /** The frame taken between {@code before} and {@code after} is written: its number and time, and a preview if due. */
        public void written(double before, double after, Supplier<Preview> preview) {
            lastWritten = after;
            if (Preview.due(previewed, after)) {
                previewed = after;
                sink.preview(preview.get());
            }
            sink.frame(frames++, (before + after) / 2);
        }
    }
}
