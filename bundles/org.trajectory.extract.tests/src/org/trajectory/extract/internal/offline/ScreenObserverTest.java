package org.trajectory.extract.internal.offline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.Rect;
import org.opencv.core.Scalar;
import org.opencv.imgcodecs.Imgcodecs;
import org.opencv.imgproc.Imgproc;

import org.trajectory.extract.Video;
import org.trajectory.extract.opencv.OpenCvLibrary;
import org.trajectory.model.operation.Progress;

/**
 * NEdit's window corner from one of our recordings (its luma, 64 by 100 px, at the top left of an editor's even grey),
 * its caret, an I-beam with serifs below the menu bar, blinking. The observer looks around each blink for a pointer
 * that rested there unseen; core's crosshair made small fits the menu bar's grey 20 px above the blink, outside it, and
 * was taken for the pointer, which then rested there for the whole video and kept every real one from being looked
 * for. A pointer that came or left changes its own place: none is found beside a change. And a pointer learned from the
 * video is told where it was from the frame it came in, not from the frame that confirmed its shape; and is found where
 * it clicked as the window redrew under it, though its shape, cut over another ground, fits there only loosely. A
 * pointer never seen that came inside the highlight its click drew is placed where the detector is sure of it; one that
 * fits its old place far worse than a moment ago is found where it went; one that jumps is not what the content did.
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

    /**
     * A terminal shown at 2/3 (as PointerLearnerTest draws it): the click that focused it brought an I-beam no template
     * has (Adwaita's, 40 % taller) as its caret filled in, so the shape cut there waits; five seconds later it moves and
     * is learned. The frames it waited through are told with the pointer where it was: the click it came with is not
     * lost. Meanwhile a glyph that Adwaita's own I-beam fits (drawn as that I-beam) showed for a second at the prompt: the
     * pointer was where the shape waited, so that was not it.
     */
    @Test
    void aLearnedPointerIsToldWhereItWaitedFromTheFrameItCameIn() throws Exception {
        OpenCvLibrary.load();
        Mat unfocused = grey(PointerLearnerTest.shrunk(PointerLearnerTest.terminal(false, -1, -1)));
        Mat clicked = grey(PointerLearnerTest.shrunk(PointerLearnerTest.terminal(true, 730, 513, TALLER)));
        Mat moved = grey(PointerLearnerTest.shrunk(PointerLearnerTest.terminal(true, 671, 517, TALLER)));
        Mat glyph = PointerLearnerTest.terminal(true, 730, 513, TALLER);
        PointerDetectorTest.draw(glyph, "adwaita-xterm", 400, 32);
        Mat typed = grey(PointerLearnerTest.shrunk(glyph));
        Video video = video("terminal", IntStream.range(0, 80)
                .mapToObj(i -> i < 11 ? unfocused : i >= 30 && i < 40 ? typed : i < 64 ? clicked : moved).toList());
        List<Observation> seen = observed(video);
        assertEquals(80, seen.size(), "one observation a frame");
        for (int i = 0; i < 80; i++) {
            assertEquals(i, seen.get(i).frame(), "the observations in the order of the frames");
        }
        assertPointerAt(seen.get(11), 730 * 2 / 3.0, 513 * 2 / 3.0, "where the I-beam came with the click");
        assertTrue(seen.get(11).appeared(), "the I-beam came with the click where nothing showed it before");
        assertPointerAt(seen.get(35), 730 * 2 / 3.0, 513 * 2 / 3.0, "while the glyph showed elsewhere");
        assertPointerAt(seen.get(50), 730 * 2 / 3.0, 513 * 2 / 3.0, "while it rested there");
        assertPointerAt(seen.get(64), 671 * 2 / 3.0, 517 * 2 / 3.0, "where it moved");
        assertFalse(seen.get(64).appeared(), "it moved from a place known");
        assertNull(seen.get(5).pointer(), "before it came");
    }

    /**
     * Frames of a dev recording (a file manager at 1280x1024, its top left 640x420): the pointer, in a theme no template
     * has, jumps onto the file view and is learned there; it then jumps to the toolbar's back button and clicks, and the
     * window redraws under it in the same frame. The shape cut over the white view carries white at its edge, which the
     * toolbar's grey does not match as closely as a found shape must; the detector seeing a pointer there, it is found
     * there, and not lost with the click it made.
     */
    @Test
    void aPointerLostAsTheWindowRedrewUnderItsClickIsFoundInItsLearnedShapeWhereTheDetectorSeesIt() throws Exception {
        OpenCvLibrary.load();
        Mat still = recorded("files-still.png");
        Mat jumped = recorded("files-jumped.png");
        Mat back = recorded("files-back.png");
        Video video = video("files", IntStream.range(0, 30).mapToObj(i -> i < 5 ? still : i < 15 ? jumped : back).toList());
        List<Observation> seen = observed(video);
        assertPointerAt(seen.get(10), 520, 380, "where it jumped onto the view");
        assertPointerAt(seen.get(15), 84, 65, "where it clicked as the window redrew");
        assertPointerAt(seen.get(29), 84, 65, "where it rested after");
    }

    /**
     * Two frames of a dev recording (a file manager at 1440x900, its top left 640x200) where no pointer showed yet: it
     * comes, in a theme no template has, with its click inside the highlight the click drew over an icon, a change larger
     * than a pointer, whose shape cannot be cut from it. The detector is sure of a pointer there: it is placed there, and
     * the click is not lost.
     */
    @Test
    void aPointerNeverSeenThatCameInsideTheHighlightItsClickDrewIsPlacedWhereTheDetectorSeesIt() throws Exception {
        List<Observation> seen = tenThenTen("files-icon-before.png", "files-icon-clicked.png");
        assertNull(seen.get(5).pointer(), "before it came");
        assertPointerAt(seen.get(10), 490, 117, "where it came with its click");
    }

    /**
     * Two frames of a dev recording's OBS copy (an editor at 2/3 size, its top left 560x340): the window takes focus as
     * the pointer, in a theme no template has, jumps from the screen's middle to where it clicks, and the caret shows at
     * the text's start, an I-beam with serifs that a template fits. Two changes of a pointer's size and alike (where it
     * left, where it arrived) are the pointer moving: the caret that showed elsewhere is not taken for it, and the
     * pointer is found where it arrived.
     */
    @Test
    void aCaretThatShowedAsThePointerMovedElsewhereIsNotTakenForIt() throws Exception {
        List<Observation> seen = tenThenTen("nedit-focus-before.png", "nedit-focus-after.png");
        for (Observation observation : seen.subList(10, 20)) {
            PointerFinder.Found at = observation.pointer();
            assertTrue(at == null || Math.hypot(at.x() - 4, at.y() - 38) > 10, "the caret taken for the pointer in frame " + observation.frame());
        }
        assertPointerAt(seen.get(10), 326, 257, "where it arrived");
    }

    /**
     * Two frames of a dev recording's OBS copy (a terminal at 2/3 size, its top left 320x120), a letter typed between
     * them while the terminal hides the pointer: blurred and resized, the letter fits an I-beam, which the detector does
     * not see there. No pointer is found.
     */
    @Test
    void aLetterTypedWhileThePointerIsHiddenIsNotThePointer() throws Exception {
        List<Observation> seen = tenThenTen("terminal-typing-before.png", "terminal-typing-after.png");
        PointerFinder.Found taken = seen.get(10).pointer();
        assertNull(taken, () -> "a letter taken for the pointer at " + taken.x() + "," + taken.y());
    }

    /**
     * Three seconds of a dev recording's OBS copy (a file manager at 2/3 size, its top left 480x240, encoded losslessly
     * from the copy), an orange pointer in a theme no template has. It clicks a folder, then jumps to another folder,
     * which its click selects as the first is unselected: in grey levels the pointer differs little from the selected
     * folder it left, so its shape still fits its old place loosely (the fit six times worse), and far better where it
     * went. It is found where it went.
     */
    @Test
    void aPointerThatFitsItsOldPlaceFarWorseIsFoundWhereItWent() throws Exception {
        OpenCvLibrary.load();
        Path clip = folder.resolve("files-obs-jump.mkv");
        try (InputStream in = ScreenObserverTest.class.getResourceAsStream("files-obs-jump.mkv")) {
            Files.copy(in, clip);
        }
        List<Observation> seen = observed(Video.probe(clip));
        assertPointerAt(seen.get(15), 391, 128, "on the folder it clicked first");
        assertPointerAt(seen.get(22), 328, 128, "on the folder it went to");
    }

    /**
     * Two frames of a dev recording's OBS copy (a task manager at 2/3 size, 320x280 of it from 320, 160): the pointer
     * jumps from the screen's middle to the tabs to click one, and the window blanks its list to redraw it. Nothing else
     * moved as one, so the pointer's own jump was what correlated, and read as the content's shift (a drag from where it
     * rested). The pointer's places are left out: what moved is not the pointer's jump.
     */
    @Test
    void aPointerThatJumpedAsTheWindowRedrewIsNotTheContentsShift() throws Exception {
        List<Observation> seen = tenThenTen("taskmgr-obs-before.png", "taskmgr-obs-jumped.png");
        assertPointerAt(seen.get(10), 87, 29, "where it jumped");
        Observation.Shift shift = seen.get(10).shift();
        assertTrue(Math.hypot(shift.dx() + 73, shift.dy() + 111) > 10, "the pointer's jump read as the content's shift: " + shift);
    }

    /** The observations of ten frames of one recorded picture, then ten of another. */
    private List<Observation> tenThenTen(String first, String then) throws Exception {
        OpenCvLibrary.load();
        Mat before = recorded(first);
        Mat after = recorded(then);
        return observed(video("two", IntStream.range(0, 20).mapToObj(i -> i < 10 ? before : after).toList()));
    }

    /** Each frame's observation, the learner (and its detector) beside the templates. */
    private static List<Observation> observed(Video video) throws Exception {
        List<Observation> seen = new ArrayList<>();
        new ScreenObserver(new PointerFinder(), new PointerLearner(PointerDetector.shared())).observe(video, 10, Progress.NONE,
                (observation, frame) -> seen.add(observation));
        return seen;
    }

    /** How much taller than Adwaita's the I-beam is drawn: no template is that shape. */
    private static final double TALLER = 1.4;

    private static void assertPointerAt(Observation observation, double x, double y, String where) {
        assertNotNull(observation.pointer(), "no pointer in frame " + observation.frame() + ", " + where);
        assertEquals(x, observation.pointer().x(), 3, "x " + where);
        assertEquals(y, observation.pointer().y(), 3, "y " + where);
    }

    /** Three seconds of the window corner on a 320 by 240 screen, the caret shown half of each second. */
    private Video blinking() throws IOException, InterruptedException {
        Mat shown = screen("nedit-caret-shown.png");
        Mat off = screen("nedit-caret-off.png");
        return video("blinking", IntStream.range(0, 30).mapToObj(frame -> frame / 5 % 2 == 0 ? off : shown).toList());
    }

    /** Frames of one size, grey or in colour (BGR), encoded losslessly (colour with no chroma halved) at 10 frames a second. */
    private Video video(String name, List<Mat> frames) throws IOException, InterruptedException {
        boolean colour = frames.get(0).channels() == 3;
        Path file = folder.resolve(name + ".mkv");
        int width = frames.get(0).cols();
        int height = frames.get(0).rows();
        List<String> encoding = colour ? List.of("-c:v", "libx264rgb", "-qp", "0") : List.of("-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p");
        List<String> command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt",
                colour ? "bgr24" : "gray", "-s", width + "x" + height, "-r", "10", "-i", "-"));
        command.addAll(encoding);
        command.add(file.toString());
        Process ffmpeg = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        byte[] pixels = new byte[width * height * frames.get(0).channels()];
        try (OutputStream out = ffmpeg.getOutputStream()) {
            for (Mat frame : frames) {
                frame.get(0, 0, pixels);
                out.write(pixels);
            }
        }
        assertTrue(ffmpeg.waitFor(60, TimeUnit.SECONDS) && ffmpeg.exitValue() == 0, "ffmpeg wrote " + file);
        return Video.probe(file);
    }

    private static Mat grey(Mat bgr) {
        Mat grey = new Mat();
        Imgproc.cvtColor(bgr, grey, Imgproc.COLOR_BGR2GRAY);
        bgr.release();
        return grey;
    }

    /** A frame of a recording stored beside these tests, in colour (the pointer learner's tests read theirs so too). */
    static Mat recorded(String name) throws IOException {
        try (InputStream in = ScreenObserverTest.class.getResourceAsStream(name)) {
            return Imgcodecs.imdecode(new MatOfByte(in.readAllBytes()), Imgcodecs.IMREAD_COLOR);
        }
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
