package org.trajectory.extract.internal.offline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Point;
import org.opencv.core.Rect;
import org.opencv.core.Scalar;
import org.opencv.imgproc.Imgproc;

import org.trajectory.extract.opencv.OpenCvLibrary;

/**
 * The learner with the shipped detector, on an editor whose text caret is an I-beam (as Motif draws it): the caret
 * blinking on, alone in place, is a shape the detector takes for a pointer, and waits for a motion to confirm it; the
 * pointer then jumps into the text, its old and new places changing together, and is learned at once where it came.
 * When a waiting shape kept any other from being learned, the pointer stayed unknown and every click it made was lost.
 * And a pointer no change showed arriving (it came inside the highlight its click made) is learned from the place it
 * left. A waiting shape cut from a video made smaller, found a third of a pixel off that grid, is learned where the
 * detector sees it; so is a shape cut where such a video's pointer jumped to, found that way where it left. A pointer
 * that changed its shape on the way and never moved again is learned where a field's text is selected under it, its
 * own pixels unchanged; a shape the selection redraws is not. The shape a pointer left in for another is learned from
 * where it left; a shape that came as the pointer left takes the place of one waiting elsewhere. An arrow drawn on a
 * button that came with no pointer leaving is not learned where the button is highlighted under it. NEdit's caret (an
 * I-beam) blinking off as a panel clock's digit like it turned elsewhere, in frames of a recording, is not learned
 * where the digit is: the detector sees no pointer there. A pointer that jumped in the frame the caret blinked on, the
 * detector surer of the caret, is learned where it came: the jump confirms it.
 */
class PointerLearnerTest {

    /** Where the observer last knew Windows' arrow at {@link #locationField}'s icon: its footprint. */
    private static final Rect ARROW_AT_ICON = new Rect(299, 299, 12, 20);
    /** A new learner for each test: it keeps what it was shown. */
    private PointerLearner learner;
    private PointerFinder finder;

    @BeforeEach
    void newLearner() throws Exception {
        OpenCvLibrary.load();
        learner = new PointerLearner(PointerDetector.shared());
        finder = new PointerFinder();
    }

    @Test
    void aPointerJumpingWhileABlinkingCaretWaitsIsLearnedWhereItCame() throws Exception {
        Mat dark = editor(false, 900, 500);
        Mat blinked = editor(true, 900, 500);
        Mat jumped = editor(true, 489, 385);
        assertNull(learn(blinked, dark, 0.5), "a caret blinking on in place moved nowhere: not yet a pointer");
        PointerFinder.Found found = learn(jumped, blinked, 0.6);
        assertLearnedAt(found, 489, 385, "the pointer that jumped was not learned");
    }

    /**
     * Frames of a dev recording: NEdit at 1920x1080 as Bibata's white arrow jumps from the bare desktop into the text and
     * the caret blinks on (the screen's top left 1000x600).
     */
    @Test
    void aPointerJumpingAsTheCaretBlinksOnIsLearnedWhereItCameThoughTheDetectorIsSurerOfTheCaret() throws Exception {
        Mat before = ScreenObserverTest.recorded("nedit-jump-before.png");
        Mat jumped = ScreenObserverTest.recorded("nedit-jump-jumped.png");
        assertLearnedAt(learn(jumped, before, 1.1), 449, 311, "the pointer that jumped in the frame the caret blinked on was not learned");
    }

    /**
     * Frames of a dev recording: NEdit at 1440x900, its caret blinking, the panel clock at 21:31:37-38 (the window's
     * corner and the clock, on a 640x400 screen as the desktop shows them).
     */
    @Test
    void aCaretBlinkingOffAsAClocksDigitLikeItTurnsElsewhereIsNotLearned() throws Exception {
        Mat off = ScreenObserverTest.recorded("nedit-clock-off.png");
        Mat shown = ScreenObserverTest.recorded("nedit-clock-caret.png");
        Mat turned = ScreenObserverTest.recorded("nedit-clock-turned.png");
        assertNull(learn(shown, off, 0.1), "a caret blinking on in place moved nowhere: not yet a pointer");
        assertNull(learn(turned, shown, 0.6), "the caret blinking off as the clock turned was taken for a pointer moving there");
    }

    @Test
    void aPointerNeverSeenIsLearnedWhereItCameWithTheHighlightItsClickMade() throws Exception {
        Mat resting = fileView(false, 700, 480);
        Mat clicked = fileView(true, 318, 226);
        PointerFinder.Found found = learn(clicked, resting, 1.2);
        assertLearnedAt(found, 318, 226, "the pointer that left its place for the highlighted icon was not learned");
    }

    @Test
    void aPointerCutFromAResizedVideoIsLearnedWhereItMovedToAnotherLieOnTheGrid() throws Exception {
        Mat unfocused = shrunk(terminal(false, -1, -1));
        Mat clicked = shrunk(terminal(true, 730, 513));
        Mat moved = shrunk(terminal(true, 671, 517));
        assertNull(learn(clicked, unfocused, 1.1), "the I-beam came as the caret filled: it may have come from there, so it waits");
        PointerFinder.Found found = learn(moved, clicked, 6.4);
        assertLearnedAt(found, 671 * 2 / 3.0, 517 * 2 / 3.0,
                "the I-beam that moved a third of a pixel off the grid it was cut on was not learned");
    }

    @Test
    void aPointerJumpingInAResizedVideoIsLearnedWhereItCameFromWhereItLeftOffTheGrid() throws Exception {
        Mat rested = shrunk(terminal(true, 730, 514)); // where it left, its cut shape scores 0.03: more than 0.01, less than 0.04
        Mat jumped = shrunk(terminal(true, 671, 517));
        PointerFinder.Found found = learn(jumped, rested, 1.0);
        assertLearnedAt(found, 671 * 2 / 3.0, 517 * 2 / 3.0,
                "the I-beam that left a place a third of a pixel off the grid it was cut on, where the detector saw it, was not learned");
    }

    /**
     * Frames of a dev recording's OBS copy (LXTerminal at 1920x1080 made 1280x720 and encoded as OBS does; the screen's
     * top left 640x400): Bibata's I-beam jumps from the prompt's line into the terminal. Where it left, its stem is two
     * pixels of 180; where it came, three of 40, 240 and 120: the cut shape fits where it left only a third of a pixel
     * off (about 0.05 as cut, past the 0.04 a resized pointer just arrived may differ by; 0.02 moved a third).
     */
    @Test
    void aPointerJumpingInAnEncodedResizedVideoIsLearnedThoughItLeftAThirdOfAPixelOffItsNewLie() throws Exception {
        Mat rested = ScreenObserverTest.recorded("terminal-obs-rested.png");
        Mat jumped = ScreenObserverTest.recorded("terminal-obs-jumped.png");
        assertLearnedAt(learn(jumped, rested, 1.1), 249, 172, "the I-beam that jumped into the terminal was not learned");
    }

    @Test
    void aPointerThatChangedItsShapeOnTheWayIsLearnedWhereTheScreenChangesUnderIt() throws Exception {
        Mat atIcon = locationField(false, true, false);
        Mat clicked = locationField(false, false, true);
        assertNull(learn(clicked, atIcon, 3.2, ARROW_AT_ICON),
                "an I-beam came as the arrow left, no arrow where it came: it waits for its confirmation");
        PointerFinder.Found found = learn(locationField(true, false, true), clicked, 4.2);
        assertLearnedAt(found, 520, 65, "the I-beam left in place as the field's text was selected under it was not learned");
    }

    @Test
    void aShapeTheSelectionRedrawsIsNotLearned() throws Exception {
        Mat atIcon = locationField(false, true, false);
        Mat clicked = locationField(false, false, true);
        assertNull(learn(clicked, atIcon, 3.2, ARROW_AT_ICON), "it waits");
        assertNull(learn(locationField(true, false, false), clicked, 4.2), "a shape the selection covered is part of what it redrew");
    }

    @Test
    void anIconThatCameWithNoPointerLeavingIsNotLearnedWhereItsRowIsHighlighted() throws Exception {
        Mat empty = locationField(false, false, false);
        Mat opened = withBackButton(locationField(false, false, false));
        assertNull(learn(opened, empty, 2.3), "a back button like an arrow came with another change: it waits");
        Mat hovered = locationField(false, false, false);
        Imgproc.rectangle(hovered, new Point(90, 130), new Point(135, 170), new Scalar(200, 120, 40), -1);
        assertNull(learn(withBackButton(hovered), opened, 3.0), "the back button highlighted under its arrow is no pointer");
    }

    @Test
    void aShapeThatCameAsThePointerLeftTakesTheWaitingOnesPlace() throws Exception {
        Mat atIcon = locationField(false, true, false);
        Mat opened = withBackButton(locationField(false, true, false));
        assertNull(learn(opened, atIcon, 2.3), "a back button like an arrow came with another change: it waits");
        Mat clicked = withBackButton(locationField(false, false, true));
        assertNull(learn(clicked, opened, 3.4, ARROW_AT_ICON), "the I-beam came as the arrow left the icon: it waits in the back button's place");
        PointerFinder.Found found = learn(withBackButton(locationField(true, false, true)), clicked, 4.2);
        assertLearnedAt(found, 520, 65, "the I-beam that came as the pointer left was not learned where the text was selected under it");
    }

    @Test
    void theShapeAPointerLeftInForAnotherIsLearnedFromWhereItLeft() throws Exception {
        Mat inField = locationField(false, false, true);
        Mat atIcon = locationField(false, true, false);
        Imgproc.rectangle(atIcon, new Point(262, 262), new Point(348, 350), new Scalar(200, 120, 40), -1);
        Imgproc.rectangle(atIcon, new Point(280, 280), new Point(330, 330), new Scalar(60, 170, 230), -1);
        PointerDetectorTest.draw(atIcon, "windows-arrow", 300, 300);
        assertNotNull(learn(atIcon, inField, 1.2), "the arrow that came with the icon's highlight was not placed");
        PointerFinder.Found leftIn = learner.leftIn();
        assertLearnedAt(leftIn, 520, 65, "the I-beam the pointer left the field in was not learned");
        Mat shown = locationField(false, false, false);
        PointerDetectorTest.draw(shown, "adwaita-xterm", 640, 66, 1.4);
        Mat back = new Mat();
        Imgproc.cvtColor(shown, back, Imgproc.COLOR_BGR2GRAY);
        assertLearnedAt(finder.findOnly(back, null, new Rect(600, 30, 80, 70), leftIn.template()), 640, 66,
                "the I-beam was not known where it came back in it");
    }

    /**
     * A terminal at 1920x1080: a prompt, its block caret hollow until the window has the focus, Adwaita's I-beam at x, y
     * (none when x is negative).
     */
    static Mat terminal(boolean focused, int x, int y) throws Exception {
        return terminal(focused, x, y, 1);
    }

    /** The same, the I-beam made {@code taller} by that factor. */
    static Mat terminal(boolean focused, int x, int y, double taller) throws Exception {
        Mat screen = new Mat(1080, 1920, CvType.CV_8UC3, new Scalar(255, 255, 255));
        Imgproc.putText(screen, "user@host:~$", new Point(4, 40), Imgproc.FONT_HERSHEY_SIMPLEX, 0.8, new Scalar(40, 40, 40), 2);
        Imgproc.rectangle(screen, new Point(190, 20), new Point(203, 45), new Scalar(40, 40, 40), focused ? -1 : 1);
        if (x >= 0) {
            PointerDetectorTest.draw(screen, "adwaita-xterm", x, y, taller);
        }
        return screen;
    }

    /** The frame as a video scaled to 2/3 shows it (OBS at 1280x720). */
    static Mat shrunk(Mat frame) {
        Mat small = new Mat();
        Imgproc.resize(frame, small, new org.opencv.core.Size(frame.cols() * 2 / 3, frame.rows() * 2 / 3), 0, 0, Imgproc.INTER_AREA);
        frame.release();
        return small;
    }

    /** A file manager's view with one icon, highlighted blue when {@code selected}, and Windows' arrow at x, y. */
    private static Mat fileView(boolean selected, int x, int y) throws Exception {
        Mat screen = new Mat(720, 1280, CvType.CV_8UC3, new Scalar(250, 250, 250));
        if (selected) {
            Imgproc.rectangle(screen, new Point(270, 190), new Point(358, 253), new Scalar(200, 120, 40), -1);
        }
        Imgproc.rectangle(screen, new Point(296, 196), new Point(332, 230), new Scalar(60, 170, 230), -1);
        Imgproc.putText(screen, "Documents", new Point(276, 246), Imgproc.FONT_HERSHEY_SIMPLEX, 0.4, new Scalar(20, 20, 20), 1);
        PointerDetectorTest.draw(screen, "windows-arrow", x, y);
        return screen;
    }

    /**
     * A file manager's location field above an icon, its text selected when {@code selected}; Windows' arrow at the icon
     * when {@code arrow}, an I-beam 40 % taller than Adwaita's (no template has it) at the text's end when {@code ibeam}.
     */
    private static Mat locationField(boolean selected, boolean arrow, boolean ibeam) throws Exception {
        Mat screen = new Mat(720, 1280, CvType.CV_8UC3, new Scalar(235, 235, 235));
        Imgproc.rectangle(screen, new Point(220, 48), new Point(800, 82), new Scalar(255, 255, 255), -1);
        Imgproc.rectangle(screen, new Point(220, 48), new Point(800, 82), new Scalar(120, 120, 120), 1);
        if (selected) {
            Imgproc.rectangle(screen, new Point(226, 55), new Point(524, 76), new Scalar(200, 120, 40), -1);
        }
        Imgproc.putText(screen, "/tmp/home/files/Archive", new Point(228, 71), Imgproc.FONT_HERSHEY_SIMPLEX, 0.6,
                selected ? new Scalar(255, 255, 255) : new Scalar(20, 20, 20), 1);
        Imgproc.rectangle(screen, new Point(280, 280), new Point(330, 330), new Scalar(60, 170, 230), -1);
        if (arrow) {
            PointerDetectorTest.draw(screen, "windows-arrow", 300, 300);
        }
        if (ibeam) {
            PointerDetectorTest.draw(screen, "adwaita-xterm", 520, 65, 1.4);
        }
        return screen;
    }

    /** The frame with a toolbar's back button enabled, an arrow drawn as a pointer is, and a folder's item shown. */
    private static Mat withBackButton(Mat screen) throws Exception {
        PointerDetectorTest.draw(screen, "windows-arrow", 100, 140);
        Imgproc.rectangle(screen, new Point(900, 400), new Point(930, 420), new Scalar(90, 90, 90), -1);
        return screen;
    }

    /** An editor's text area, its caret blinking at the first line's start when {@code caret}, Windows' arrow at x, y. */
    private static Mat editor(boolean caret, int x, int y) throws Exception {
        Mat screen = new Mat(720, 1280, CvType.CV_8UC3, new Scalar(165, 110, 58));
        Imgproc.rectangle(screen, new Point(100, 80), new Point(1000, 600), new Scalar(230, 230, 230), -1);
        if (caret) {
            Imgproc.line(screen, new Point(110, 98), new Point(110, 116), new Scalar(0, 0, 0), 1);
            Imgproc.line(screen, new Point(107, 98), new Point(113, 98), new Scalar(0, 0, 0), 1);
            Imgproc.line(screen, new Point(107, 116), new Point(113, 116), new Scalar(0, 0, 0), 1);
        }
        PointerDetectorTest.draw(screen, "windows-arrow", x, y);
        return screen;
    }

    /** That the learner found a pointer ({@code what} says which, when it did not), within 3 px of x, y. */
    private static void assertLearnedAt(PointerFinder.Found found, double x, double y, String what) {
        assertNotNull(found, what);
        assertEquals(x, found.x(), 3, "x");
        assertEquals(y, found.y(), 3, "y");
    }

    /** What the learner makes of frame {@code now} after {@code before}, given their changes as the observer finds them. */
    private PointerFinder.Found learn(Mat now, Mat before, double time) {
        return learn(now, before, time, null);
    }

    /** The same, the observer having last known the pointer by the footprint {@code lastSeen}. */
    private PointerFinder.Found learn(Mat now, Mat before, double time, Rect lastSeen) {
        Mat current = new Mat();
        Mat previous = new Mat();
        Imgproc.cvtColor(now, current, Imgproc.COLOR_BGR2GRAY);
        Imgproc.cvtColor(before, previous, Imgproc.COLOR_BGR2GRAY);
        List<Rect> changed = ScreenObserver.changes(previous, current, new Mat(), new Mat());
        return learner.learn(finder, current, previous, changed, time, new PointerLearner.Colour(now::clone, before::clone), lastSeen);
    }
}
