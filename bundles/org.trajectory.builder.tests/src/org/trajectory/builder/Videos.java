package org.trajectory.builder;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Test videos made with the real ffmpeg, and frames decoded from them the slow, certain way (every frame in order). */
final class Videos {

    private Videos() {
    }

    /** A test-pattern video (its frame counter drawn in) of {@code seconds} at {@code fps}, a key frame a second. */
    static void testPattern(Path video, int width, int height, int fps, int seconds) throws IOException, InterruptedException {
        run("ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=" + width + "x" + height + ":rate=" + fps,
                "-t", Integer.toString(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-g", Integer.toString(fps),
                "-pix_fmt", "yuv420p", video.toString());
    }

    /** Frame {@code n} as raw RGB, decoded by going through the video from the start. */
    static byte[] rgbOfFrame(Path video, int n) throws IOException, InterruptedException {
        return run("ffmpeg", "-nostdin", "-v", "error", "-i", video.toString(), "-vf", "select=eq(n\\," + n + ")", "-vsync", "0",
                "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-");
    }

    /** A PNG as raw RGB, through ffmpeg too, so both sides of a comparison use one converter. */
    static byte[] rgbOfPng(Path png) throws IOException, InterruptedException {
        return run("ffmpeg", "-nostdin", "-v", "error", "-i", png.toString(), "-f", "rawvideo", "-pix_fmt", "rgb24", "-");
    }

    static byte[] run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(new ArrayList<>(List.of(command))).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        byte[] out = process.getInputStream().readAllBytes();
        if (process.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed");
        }
        return out;
    }
}
