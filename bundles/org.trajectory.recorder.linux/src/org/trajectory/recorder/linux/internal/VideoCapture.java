package org.trajectory.recorder.linux.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.trajectory.recorder.CaptureException;

/**
 * The screen as a video: the real ffmpeg grabbing the whole X screen (all monitors, with the pointer drawn) into
 * H.264 in Matroska, flushed packet by packet so a killed recorder leaves a playable file that lacks at most half a
 * second. A key frame every two seconds keeps seeking to a step's frame cheap. Frames carry wall-clock stamps ({@code -copyts}); the recording's frame table puts them on the events' clock.
 */
final class VideoCapture {

    /**
     * Runs ffmpeg and stops it with SIGINT (it then finishes the file) when this shell gets SIGTERM, or when the JVM
     * whose pid is $1 is gone: a recorder killed with SIGKILL must not leave ffmpeg grabbing the screen.
     */
    private static final String WATCHDOG = String.join("\n",
            "watched=$1; shift",
            "ffmpeg \"$@\" & f=$!",
            "trap 'kill -INT $f 2>/dev/null' TERM INT",
            "while kill -0 \"$watched\" 2>/dev/null && kill -0 $f 2>/dev/null; do sleep 0.2; done",
            "kill -INT $f 2>/dev/null",
            "wait $f");

    private final Process watchdog;

    private VideoCapture(Process watchdog) {
        this.watchdog = watchdog;
    }

    static VideoCapture start(Path video, int fps, int width, int height) throws CaptureException {
        String display = System.getenv("DISPLAY");
        List<String> command = new ArrayList<>(List.of("sh", "-c", WATCHDOG, "video", Long.toString(ProcessHandle.current().pid())));
        command.addAll(List.of("-nostdin", "-hide_banner", "-loglevel", "error", "-f", "x11grab", "-framerate",
                Integer.toString(fps), "-draw_mouse", "1", "-video_size", width + "x" + height, "-i", display + "+0,0", "-copyts",
                "-c:v", "libx264", "-preset", "ultrafast", "-g", Integer.toString(fps * 2), "-pix_fmt", "yuv420p", "-flush_packets", "1",
                "-cluster_time_limit", "500", "-f", "matroska", video.toString()));
        try {
            Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(video.resolveSibling("ffmpeg.log").toFile()).start();
            if (process.waitFor(300, TimeUnit.MILLISECONDS)) {
                throw new CaptureException("ffmpeg stopped at once (exit " + process.exitValue() + "); see "
                        + video.resolveSibling("ffmpeg.log") + ". Is ffmpeg installed (apt install ffmpeg)?");
            }
            return new VideoCapture(process);
        } catch (IOException e) {
            throw new CaptureException("Could not start the screen video: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CaptureException("Interrupted while starting ffmpeg", e);
        }
    }

    /** Asks ffmpeg to finish the file (SIGTERM to the watchdog, SIGINT to ffmpeg) and waits; kills both if it hangs. */
    void stop() {
        watchdog.destroy();
        try {
            if (!watchdog.waitFor(10, TimeUnit.SECONDS)) {
                watchdog.descendants().forEach(ProcessHandle::destroyForcibly);
                watchdog.destroyForcibly();
            }
        } catch (InterruptedException e) {
            watchdog.descendants().forEach(ProcessHandle::destroyForcibly);
            watchdog.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
