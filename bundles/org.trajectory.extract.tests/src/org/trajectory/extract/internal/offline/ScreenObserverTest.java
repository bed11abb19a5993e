package org.trajectory.extract.internal.offline;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.Rect;
import org.opencv.core.Scalar;
import org.opencv.imgcodecs.Imgcodecs;

import org.trajectory.extract.Video;
import org.trajectory.extract.opencv.OpenCvLibrary;
import org.trajectory.model.operation.Progress;

/**
 * NEdit's window corner from one of our recordings (its luma, 64 by 100 px, at the top left of an editor's even grey),
 * its caret, an I-beam with serifs below the menu bar, blinking. The observer looks around each blink for a pointer
 * that rested there unseen; core's crosshair made small fits the menu bar's grey 20 px above the blink, outside it, and
 * was taken for the pointer, which then rested there for the whole video and kept every real one from being looked
 * for. A pointer that came or left changes its own place: none is found beside a change.
 */
class ScreenObserverTest {

    @TempDir
    Path folder;

    @Test
    void noPointerIsFoundBesideACaretBlinkingBelowAMenuBar() throws Exception {
        OpenCvLibrary.load();
        Video video = blinking();
        List<Observation> seen = new ArrayList<>();
        new ScreenObserver(new PointerFinder(), null).observe(video, 10, Progress.NONE, (observation, frame) -> seen.add(observation));
        List<PointerFinder.Found> found = seen.stream().flatMap(o -> Stream.of(o.pointer(), o.rested())).filter(Objects::nonNull).toList();
        assertTrue(found.isEmpty(), () -> "a pointer (" + found.get(0).template().name() + ") found at " + found.get(0).x() + "," + found.get(0).y());
    }

    /** Three seconds of the window corner on a 320 by 240 screen, the caret shown half of each second, encoded losslessly. */
    private Video blinking() throws IOException, InterruptedException {
        Mat shown = screen("nedit-caret-shown.png");
        Mat off = screen("nedit-caret-off.png");
        Path file = folder.resolve("blinking.mp4");
        Process ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "gray", "-s", "320x240",
                "-r", "10", "-i", "-", "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", file.toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        byte[] pixels = new byte[320 * 240];
        try (OutputStream out = ffmpeg.getOutputStream()) {
            for (int frame = 0; frame < 30; frame++) {
                (frame / 5 % 2 == 0 ? off : shown).get(0, 0, pixels);
                out.write(pixels);
            }
        }
        assertTrue(ffmpeg.waitFor(60, TimeUnit.SECONDS) && ffmpeg.exitValue() == 0, "ffmpeg wrote " + file);
        return Video.probe(file);
    }

    /** The corner at the top left of a screen of the editor's grey. */
    private static Mat screen(String corner) throws IOException {
        Mat picture;
        try (InputStream in = ScreenObserverTest.class.getResourceAsStream(corner)) {
            picture = Imgcodecs.imdecode(new MatOfByte(in.readAllBytes()), Imgcodecs.IMREAD_GRAYSCALE);
        }
        Mat screen = new Mat(240, 320, picture.type(), new Scalar(picture.get(picture.rows() - 1, picture.cols() - 1)[0]));
        picture.copyTo(screen.submat(new Rect(0, 0, picture.cols(), picture.rows())));
        return screen;
    }
}
