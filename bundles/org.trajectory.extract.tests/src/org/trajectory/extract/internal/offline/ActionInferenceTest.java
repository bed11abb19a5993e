package org.trajectory.extract.internal.offline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Rect;
import org.opencv.core.Scalar;
import org.trajectory.extract.ExtractedAction;
import org.trajectory.extract.opencv.OpenCvLibrary;

/**
 * The inference from observations made by hand: what changed where, and where the pointer was, frame by frame.
 */
class ActionInferenceTest {

    private static final double FPS = 10;
    /** The screens' width, unless a test says otherwise. */
    private static final int WIDTH = 1920;

    /** The shipped table of how sure each evidence is. */
    private static Calibration calibration;

    @BeforeAll
    static void openCv() throws Exception {
        OpenCvLibrary.load();
        calibration = Calibration.shipped();
    }

    /** The inference over a video {@code width} pixels wide, at {@link #FPS}, with nothing known to tick yet. */
    private static ActionInference inference(int width) {
        return new ActionInference(FPS, width, new DesktopNoise(), calibration);
    }

    /**
     * Typing whose first letters came in the frame an edited document's title got its mark, with no caret or click seen to
     * say where text goes: the title, larger, is taken for the typing at first; the letters that go on beside the first
     * ones show where the typing was, and it began a frame earlier, with those first letters (read from the frame before
     * them, not from one that already shows them).
     */
    @Test
    void typingThatBeganBesideATitlesMarkBeganWithItsFirstLetters() {
        ActionInference inference = inference(WIDTH);
        for (int frame = 0; frame < 10; frame++) {
            inference.accept(observation(frame));
        }
        Rect title = new Rect(339, 5, 120, 11);
        Rect firstLetters = new Rect(7, 51, 24, 13);
        inference.accept(observation(10, title, firstLetters));
        for (int frame = 11; frame < 15; frame++) {
            inference.accept(observation(frame, new Rect(31 + (frame - 11) * 16, 51, 16, 13))); // two letters a frame
        }
        for (int frame = 15; frame < 40; frame++) {
            inference.accept(observation(frame));
        }
        inference.finish();
        List<ActionInference.Found> typings = new ArrayList<>(inference.fresh().stream()
                .filter(found -> found.action().operation().equals(ExtractedAction.TYPE)).toList());
        assertEquals(1, typings.size(), "one typing");
        Typing typing = typings.get(0).typing();
        assertEquals(9, typing.firstFrame(), "read from the frame before its first letters");
        assertEquals(7, typing.band().x, "its band begins at its first letter");
    }

    /**
     * The same, a clock turning in the frame of the first letters too: three lines changed at once, which is how a screen
     * redrawn looks, so nothing of that frame was typing; the first letters went with it ({@code garden window} read
     * {@code den window}). They begin the typing that goes on beside them in the next frame.
     */
    @Test
    void typingWhoseFirstLettersCameWithATitlesMarkAndAClocksTurnBeganWithThem() {
        ActionInference inference = inference(WIDTH);
        for (int frame = 0; frame < 10; frame++) {
            inference.accept(observation(frame));
        }
        inference.accept(observation(10, new Rect(339, 5, 120, 11), new Rect(7, 51, 24, 13), new Rect(52, 877, 60, 13)));
        for (int frame = 11; frame < 15; frame++) {
            inference.accept(observation(frame, new Rect(31 + (frame - 11) * 16, 51, 16, 13)));
        }
        for (int frame = 15; frame < 40; frame++) {
            inference.accept(observation(frame));
        }
        inference.finish();
        List<ActionInference.Found> typings = inference.fresh().stream()
                .filter(found -> found.action().operation().equals(ExtractedAction.TYPE)).toList();
        assertEquals(1, typings.size(), inference.fresh().toString());
        assertEquals(9, typings.get(0).typing().firstFrame(), "read from the frame before its first letters");
        assertEquals(7, typings.get(0).typing().band().x, "its band begins at its first letter");
    }

    /**
     * Lines of a menu changing together, then a speck changing again inside one of them: whatever the speck is, the
     * menu's text that changed before it is not its first letters (the speck does not go on beyond it). Task Manager's
     * menu in a video made smaller was read so as a typing {@code 2}.
     */
    @Test
    void aSpeckChangingAgainInsideWhatChangedWithOtherLinesBeginsNoTypingThere() {
        ActionInference inference = inference(WIDTH);
        int frame = restsAt(inference, 0, 10, pointer(389, 249));
        inference.accept(observation(frame++, pointer(389, 249), new Rect(537, 293, 14, 6), new Rect(525, 321, 26, 15), new Rect(461, 330, 4, 6),
                new Rect(950, 593, 7, 3)));
        inference.accept(observation(frame++, pointer(389, 249), new Rect(464, 331, 1, 4)));
        restsAt(inference, frame, frame + 30, pointer(389, 249));
        inference.finish();
        List<ActionInference.Found> found = inference.fresh();
        assertTrue(found.stream().filter(f -> f.action().operation().equals(ExtractedAction.TYPE)).allMatch(f -> f.typing().band().x >= 464),
                found.toString());
    }

    /**
     * A line typed while the pointer rested far from it, then, within a second, the pointer jumps to the line's start
     * and selects it, stopping one frame on its way: the typing stays (the pointer was seen away as it ended, so no press
     * of the selection showed as it) and the selection is one. When a typing so near a selection's start was taken for
     * its press, the line typed was lost; and the selection was written twice.
     */
    @Test
    void aLineTypedAwayFromThePointerAndThenSelectedInTwoStrokesIsOneTypingAndOneSelection() {
        ActionInference inference = inference(WIDTH);
        int frame = typedAway(inference, new Rect(4, 64, 16, 13), 26);
        inference.accept(observation(frame++, pointer(7, 71)));
        inference.accept(observation(frame++, pointer(38, 71), new Rect(5, 64, 55, 36)));
        inference.accept(observation(frame++, pointer(38, 71))); // the hand stops a moment
        inference.accept(observation(frame++, pointer(54, 71), new Rect(34, 64, 42, 36)));
        inference.accept(observation(frame++, pointer(77, 71), new Rect(52, 64, 47, 36)));
        inference.accept(observation(frame++, pointer(85, 71), new Rect(75, 64, 32, 36)));
        restsAt(inference, frame, 50, pointer(85, 71));
        List<ExtractedAction> found = inference.finish();
        assertOperations(found, ExtractedAction.TYPE, ExtractedAction.SELECT);
        assertEquals(new ExtractedAction.Pixel(85, 71), found.get(1).to());
    }

    /**
     * A line typed while the pointer rested far from it; then the pointer comes to rest at the start of the line above,
     * so near (lines 8 pixels apart, as in a video made two thirds as large) that the typed line reaches it, and selects
     * it within a second of the typing. The typing stays: it was done before the pointer came, so it cannot be the
     * selection's press showing as highlighted letters. When only where the pointer was seen as the selection began said
     * so, the line typed was lost.
     */
    @Test
    void aLineTypedBeforeThePointerCameToTheLineAboveToSelectItStays() {
        ActionInference inference = inference(WIDTH);
        int frame = typedAway(inference, new Rect(4, 40, 8, 12), 19);
        frame = restsAt(inference, frame, 23, pointer(5, 38)); // come to the line above, and rest
        inference.accept(observation(frame++, pointer(20, 38), new Rect(4, 32, 18, 12)));
        inference.accept(observation(frame++, pointer(36, 38), new Rect(20, 32, 18, 12)));
        inference.accept(observation(frame++, pointer(52, 38), new Rect(36, 32, 18, 12)));
        restsAt(inference, frame, 50, pointer(52, 38));
        List<ExtractedAction> found = inference.finish();
        assertOperations(found, ExtractedAction.TYPE, ExtractedAction.SELECT);
    }

    /**
     * A pointer that jumps into a text and rests, nothing changing, then letters typed: the click that gave the text its
     * focus is found where the pointer rested, and said not shown, so that no picture is asked what kind it was.
     */
    @Test
    void theClickGuessedForTypingIsFoundWhereThePointerRestedAndNotShown() {
        ActionInference inference = inference(WIDTH);
        int frame = 0;
        for (; frame < 10; frame++) {
            inference.accept(observation(frame, pointer(900, 500)));
        }
        for (; frame < 20; frame++) {
            inference.accept(observation(frame, pointer(489, 385)));
        }
        for (; frame < 26; frame++) {
            inference.accept(observation(frame, pointer(489, 385), new Rect(10 + 16 * (frame - 20), 51, 16, 13)));
        }
        for (; frame < 40; frame++) {
            inference.accept(observation(frame, pointer(489, 385)));
        }
        inference.finish();
        List<ActionInference.Found> clicks = inference.fresh().stream().filter(f -> f.action().operation().equals(ExtractedAction.CLICK)).toList();
        assertEquals(1, clicks.size(), clicks.toString());
        assertEquals(new ExtractedAction.Pixel(489, 385), clicks.get(0).action().at());
        assertFalse(clicks.get(0).shown(), "nothing showed the click");
    }

    /**
     * A pointer that jumps into a terminal and rests, then a small box far away changing (a clock's first tick), then
     * letters typed, and the box ticking on: the click that gave the terminal its focus stays, found where the pointer
     * rested. The first tick, taken for typing before the box was known to tick, was given that click first and did not
     * state it; when the tick was dropped at the end, the click of the same place and time that the letters stated
     * went with it.
     */
    @Test
    void theClickAClocksFirstTickWasGivenBeforeTheLettersStaysWhenTheTickIsDropped() {
        DesktopNoise noise = new DesktopNoise();
        ActionInference inference = new ActionInference(FPS, WIDTH, noise, calibration);
        Rect clock = new Rect(842, 668, 5, 7);
        for (int frame = 0; frame < 50; frame++) {
            List<Rect> changes = new ArrayList<>();
            if (frame % 10 == 2 && frame > 10) {
                changes.add(clock);
            }
            if (frame >= 15 && frame < 21) {
                changes.add(new Rect(22 + 16 * (frame - 15), 31, 16, 12));
            }
            PointerFinder.Found pointer = frame < 5 ? pointer(900 - 10 * frame, 500) : pointer(270, 216);
            inference.accept(noise.filter(new Observation(frame, frame / FPS, pointer, null, false, changes, List.of(), Observation.Shift.NONE)));
        }
        List<ExtractedAction> found = inference.finish();
        assertOperations(found, ExtractedAction.CLICK, ExtractedAction.TYPE);
        assertEquals(new ExtractedAction.Pixel(270, 216), found.get(0).at());
    }

    /**
     * A pointer resting at one place while a box far away changes (a clock's first ticks, given the click that rest would
     * have had), then hidden, then showing at a field that answers it at once (a click there), then letters typed in the
     * field: one click at the field. When the box's span ended without typing, it gave back the rest the pointer was in
     * then, the field's, already clicked, and the letters took it again: the field was clicked twice.
     */
    @Test
    void aSpanThatTookAnOlderRestsClickGivesBackNoRestButThatOne() {
        ActionInference inference = inference(WIDTH);
        Rect box = new Rect(1500, 40, 30, 12);
        int frame = 0;
        for (; frame < 5; frame++) {
            inference.accept(observation(frame, pointer(900 - 40 * frame, 500)));
        }
        for (; frame < 10; frame++) {
            inference.accept(observation(frame, pointer(740, 500), frame == 8 ? new Rect[] {box} : new Rect[0]));
        }
        for (; frame < 20; frame++) {
            inference.accept(observation(frame, null, frame == 18 ? new Rect[] {box} : new Rect[0]));
        }
        inference.accept(new Observation(frame++, 2.0, pointer(300, 216), null, true, List.of(new Rect(250, 204, 240, 26)), List.of(),
                Observation.Shift.NONE));
        frame = restsAt(inference, frame, 25, pointer(300, 216));
        for (; frame < 31; frame++) {
            inference.accept(observation(frame, pointer(300, 216), new Rect(256 + 16 * (frame - 25), 209, 16, 13)));
        }
        restsAt(inference, frame, 50, pointer(300, 216));
        List<ExtractedAction> clicks = inference.finish().stream().filter(a -> a.operation().equals(ExtractedAction.CLICK)).toList();
        assertEquals(1, clicks.size(), clicks.toString());
        assertEquals(new ExtractedAction.Pixel(300, 216), clicks.get(0).at());
    }

    /**
     * A caret blinking at a text's start while the pointer is not seen yet, then the pointer showing in the text and
     * resting, then letters typed at the caret: the click comes first and the typing begins with its letters. When the
     * caret's blinks began the typing, it came before the click that gave the text its focus, and its picture showed
     * the text before the click.
     */
    @Test
    void lettersAtACaretThatBlinkedBeforeThePointerCameAreTypedAfterItsClick() {
        ActionInference inference = inference(WIDTH);
        Rect caret = new Rect(7, 51, 3, 13);
        for (int frame = 0; frame < 10; frame++) {
            inference.accept(frame == 4 || frame == 9 ? observation(frame, caret) : observation(frame));
        }
        inference.accept(new Observation(10, 1.0, pointer(489, 385), null, true, List.of(), List.of(), Observation.Shift.NONE));
        int frame = restsAt(inference, 11, 20, pointer(489, 385));
        for (; frame < 26; frame++) {
            inference.accept(observation(frame, pointer(489, 385), new Rect(7 + 16 * (frame - 20), 51, 16, 13)));
        }
        restsAt(inference, frame, 40, pointer(489, 385));
        List<ExtractedAction> found = inference.finish();
        assertOperations(found, ExtractedAction.CLICK, ExtractedAction.TYPE);
        Typing typing = inference.fresh().stream().filter(f -> f.typing() != null).findFirst().orElseThrow().typing();
        assertEquals(19, typing.firstFrame(), "read from the frame before its first letters");
    }

    /**
     * A click on a location field at the top left, then, seconds later, a notification drawn at once at the top right,
     * level with it: no typing. When any change level with the clicked line was taken for text entered there, the
     * notification's words were written as typed. In a video made 2/3 as large (a dev recording's OBS copy, 1280 wide)
     * the notification came 533 px across from the click, within the 600 px a full-size screen's line was given.
     */
    @Test
    void aNotificationLevelWithAFieldClickedFarAcrossIsNotTyping() {
        assertOperations(notifiedAfterAClick(WIDTH, new Rect(1060, 34, 214, 36)), ExtractedAction.CLICK);
        assertOperations(notifiedAfterAClick(1280, new Rect(900, 34, 214, 36)), ExtractedAction.CLICK);
    }

    /** What is found in a video {@code width} wide: a click on a location field at 367, 43, then {@code notification}. */
    private static List<ExtractedAction> notifiedAfterAClick(int width, Rect notification) {
        ActionInference inference = inference(width);
        int frame = 0;
        for (; frame < 10; frame++) {
            inference.accept(observation(frame, pointer(700, 400)));
        }
        for (; frame < 13; frame++) {
            inference.accept(observation(frame, pointer(367, 43)));
        }
        inference.accept(observation(frame++, pointer(367, 43), new Rect(150, 34, 220, 19))); // the field focused
        for (; frame < 40; frame++) {
            inference.accept(observation(frame, pointer(367, 43)));
        }
        inference.accept(observation(frame++, pointer(367, 43), notification));
        for (; frame < 80; frame++) {
            inference.accept(observation(frame, pointer(367, 43)));
        }
        return inference.finish();
    }

    /**
     * A video shown at 2/3 size (the OBS copy of a dev recording of NEdit): the pointer rests in the text, the caret blinks at
     * the line's start (4 px wide, no thin caret), the panel clock turns, and the first letter comes with the title's
     * modified-mark, a wide line drawn at once that is taken for the typing; the next letters, under the title, were read
     * as lines an Enter made under what was typed. One typing, no Enter.
     */
    @Test
    void lettersTypedUnderATitlesMarkDrawnWithTheFirstOfThemAreNoEnter() {
        ActionInference inference = inference(1280);
        PointerFinder.Found resting = pointer(184, 304);
        int frame = restsAt(inference, 0, 10, resting);
        inference.accept(observation(frame++, resting, new Rect(2, 33, 4, 10))); // the caret
        inference.accept(observation(frame++, resting, new Rect(1104, 686, 10, 7))); // the clock
        frame = restsAt(inference, frame, 20, resting);
        Rect titleMark = new Rect(226, 3, 80, 8);
        inference.accept(observation(frame++, resting, titleMark, new Rect(4, 33, 10, 10), new Rect(35, 686, 41, 8)));
        List<Rect> nextLetters = List.of(new Rect(10, 32, 20, 12), new Rect(24, 33, 19, 11), new Rect(36, 33, 18, 10),
                new Rect(48, 32, 10, 11));
        for (Rect letters : nextLetters) {
            inference.accept(observation(frame++, resting, letters));
        }
        restsAt(inference, frame, 60, resting);
        List<ExtractedAction> found = inference.finish();
        assertTrue(found.stream().noneMatch(action -> action.operation().equals(ExtractedAction.PRESS)), found.toString());
        assertTrue(found.stream().anyMatch(action -> action.operation().equals(ExtractedAction.TYPE)), found.toString());
    }

    /**
     * A video shown at 2/3 size: a notification two lines high slides in level with a search field, in the frame where the
     * first letters typed there show, and the field's button to clear it is drawn at its right end. Behind a thin caret
     * 12 px high, the notification (35 px) is no line of typing, and the button, 59 px along the line from the letters, is
     * not typed: one typing, of the letters alone. Held to the full-size line height (48 px), the notification was the
     * typing and its words were written as typed.
     */
    @Test
    void aNotificationTwoLinesHighAndAFieldsButtonDrawnWithTheFirstLettersAreNotTyped() {
        ActionInference inference = inference(WIDTH);
        int frame = still(inference, 0, 10);
        inference.accept(withCarets(frame++, List.of(new Rect(348, 43, 2, 12)), new Rect(631, 34, 215, 35), new Rect(333, 43, 15, 12),
                new Rect(407, 45, 11, 9)));
        for (int letter = 0; letter < 3; letter++) {
            inference.accept(withCarets(frame++, List.of(new Rect(356 + 8 * letter, 43, 2, 12)), new Rect(348 + 8 * letter, 43, 8, 12)));
        }
        still(inference, frame, 30);
        inference.finish();
        List<ActionInference.Found> found = inference.fresh();
        assertEquals(List.of(ExtractedAction.TYPE), found.stream().map(f -> f.action().operation()).toList(), found.toString());
        Rect band = found.get(0).typing().band();
        assertEquals(333, band.x);
        assertTrue(band.x + band.width < 407, "the button is not typed: " + band);
    }

    /**
     * A terminal in a video made 2/3 as large, the pointer hidden while one types and the caret a block (no thin caret
     * tells how high a line is): a command typed on a line 12 px high, its Enter (the block caret to the next line), a
     * notification two lines high (36 px) at the screen's top right, then the command's answer and the next prompt drawn
     * at once in one box (24 px), and the next command. Held to the full-size line height (48 px), the notification was
     * a line of typing, and the answer and the prompt began the next command: two lines of the line typed lately are
     * taller than one. Two typings, each of its letters alone, and the Enter between.
     */
    @Test
    void aNotificationAndAnAnswerTwoTypedLinesHighAreNotTypingWhereNoCaretTellsALinesHeight() {
        ActionInference inference = inference(1280);
        int frame = unseen(inference, 0, 10);
        for (int letter = 0; letter < 5; letter++) {
            inference.accept(observation(frame++, new Rect(60 + 16 * letter, 31, 20, 12)));
        }
        frame = unseen(inference, frame, frame + 9);
        inference.accept(observation(frame++, new Rect(140, 31, 8, 12), new Rect(1, 42, 6, 13))); // the Enter
        frame = unseen(inference, frame, frame + 5);
        inference.accept(observation(frame++, new Rect(1060, 34, 214, 36))); // the notification
        inference.accept(observation(frame++, new Rect(1, 42, 166, 24))); // the answer and the prompt
        frame = unseen(inference, frame, frame + 1);
        for (int letter = 0; letter < 6; letter++) {
            inference.accept(observation(frame++, new Rect(60 + 16 * letter, 54, 22, 12)));
        }
        unseen(inference, frame, frame + 30);
        inference.finish();
        List<ActionInference.Found> found = inference.fresh();
        assertEquals(List.of(ExtractedAction.TYPE, ExtractedAction.PRESS, ExtractedAction.TYPE),
                found.stream().map(f -> f.action().operation()).toList(), found.toString());
        assertEquals(60, found.get(2).typing().band().x, "the next command begins with its letters, not with the answer");
    }

    /**
     * A word processor's status line (the caret's column) changes with every letter typed, and once more after the Enter,
     * before the next line is typed: that change was taken for typing, and the next line's letters, at the caret seen on
     * it, were passed over for the status line going on. Letters go where a caret seen lately is: the second line is
     * typed there.
     */
    @Test
    void lettersAtACaretSeenLatelyAreTypedThereNotOnAlongAStatusLine() {
        ActionInference inference = inference(WIDTH);
        int frame = still(inference, 0, 10);
        inference.accept(withCarets(frame++, List.of(new Rect(15, 123, 1, 14))));
        frame = still(inference, frame, 4);
        frame = typedWithStatus(inference, frame, 123);
        frame = still(inference, frame, 7);
        inference.accept(withCarets(frame++, List.of(new Rect(15, 137, 1, 14)), new Rect(182, 283, 6, 8))); // the Enter
        frame = still(inference, frame, 8);
        frame = typedWithStatus(inference, frame, 137);
        still(inference, frame, 30);
        inference.finish();
        List<ActionInference.Found> found = inference.fresh();
        assertEquals(List.of(ExtractedAction.TYPE, ExtractedAction.PRESS, ExtractedAction.TYPE),
                found.stream().map(f -> f.action().operation()).toList(), found.toString());
        assertEquals(137, found.get(2).typing().band().y, "the second line is typed where the caret is");
    }

    /** Four frames of letters typed at {@code y} from x 15, the caret after them, the status line's column changing too; the frame after. */
    private static int typedWithStatus(ActionInference inference, int frame, int y) {
        for (int letters = 0; letters < 4; letters++) {
            inference.accept(withCarets(frame++, List.of(new Rect(35 + 20 * letters, y, 1, 14)), new Rect(15 + 20 * letters, y, 20, 14),
                    new Rect(81, 283, 7, 8)));
        }
        return frame;
    }

    /**
     * A line typed in small letters (a video shown at 2/3 of its screen) while the window's status line, ten of those
     * lines lower, changes with every letter: one typing, no Enter. When "under the typed line" reached two screen lines
     * of pixels whatever the letters' size, the status line's change was lines appearing under it, and the typing was
     * split in two by an Enter after its second letter.
     */
    @Test
    void aStatusLineTenLinesUnderSmallLettersChangingWithThemIsNoEnter() {
        ActionInference inference = inference(WIDTH);
        int frame = still(inference, 0, 10);
        for (int letter = 0; letter < 8; letter++) {
            inference.accept(withCarets(frame++, List.of(), new Rect(9 + 7 * letter, 82, 7, 10), new Rect(49 + 4 * letter, 188, 6, 8)));
        }
        still(inference, frame, 30);
        inference.finish();
        List<ActionInference.Found> found = inference.fresh();
        assertEquals(List.of(ExtractedAction.TYPE), found.stream().map(f -> f.action().operation()).toList(), found.toString());
    }

    /**
     * A typing's line is looked at again in the second after its last change (what comes and goes by itself was not
     * typed): those frames are held while the typing goes on, so its pictures are taken from them when it is found. When
     * only its first and last frames were held, every typing's second after was decoded again after the reading: a
     * 10-minute video took a second pass of 100 s.
     */
    @Test
    void theSecondAfterATypingsLastChangeIsHeldUntilTheTypingIsFound() {
        ActionInference inference = inference(WIDTH);
        for (int frame = 0; frame < 10; frame++) {
            inference.accept(observation(frame));
        }
        for (int frame = 10; frame < 14; frame++) {
            inference.accept(observation(frame, new Rect(7 + (frame - 10) * 16, 51, 16, 13))); // a letter a frame
        }
        for (int frame = 14; frame < 21; frame++) {
            inference.accept(observation(frame));
        }
        assertTrue(inference.fresh().stream().noneMatch(found -> found.typing() != null), "the typing goes on");
        Set<Integer> held = inference.heldFrames();
        for (int frame = 13; frame <= 20; frame++) {
            assertTrue(held.contains(frame), "frame " + frame + " held: " + held);
        }
        assertFalse(held.contains(12), "a frame within the typing is not");
    }

    /**
     * Two commands run in a terminal, each answered seven tenths of a second after its Enter (a slow program): the
     * caret moves to the next line at the Enter, then the answer and the next prompt under it are drawn at once. Two
     * typings and their Enters, the second typing from its first letter after the prompt. When the answer grew the
     * caret's move into a typing, the last one was written as typed and the second command began with the first answer.
     */
    @Test
    void aSlowProgramsAnswerWhereTheCaretWentAfterAnEnterIsNotTyping() {
        ActionInference inference = inference(WIDTH);
        int frame = still(inference, 0, 10);
        frame = command(inference, frame, 47);
        frame = command(inference, frame, 81);
        still(inference, frame, 30);
        inference.finish();
        List<ActionInference.Found> found = inference.fresh();
        assertEquals(List.of(ExtractedAction.TYPE, ExtractedAction.PRESS, ExtractedAction.TYPE, ExtractedAction.PRESS),
                found.stream().map(f -> f.action().operation()).toList(), found.toString());
        assertEquals(90, found.get(2).typing().band().x, "the second command begins after its prompt");
    }

    /**
     * A command typed at a prompt, the pointer resting away and no caret seen to say where text goes: its first frame
     * shows its first letter and, a space further on, the next one ({@code 2 *}), as fast typing does. The typing begins
     * with its first letter. When only the larger of the two was taken for the typing, {@code 2 ** 10} was read
     * {@code ** 10}.
     */
    @Test
    void lettersTypedInOneFrameASpaceApartAllBeginTheTyping() {
        ActionInference inference = inference(WIDTH);
        int frame = still(inference, 0, 10);
        inference.accept(observation(frame++, away(), new Rect(34, 47, 7, 17), new Rect(51, 47, 8, 17)));
        inference.accept(observation(frame++, away(), new Rect(58, 47, 7, 17), new Rect(75, 47, 8, 17)));
        inference.accept(observation(frame++, away(), new Rect(82, 47, 9, 17)));
        still(inference, frame, 30);
        inference.finish();
        List<ActionInference.Found> typings = inference.fresh().stream()
                .filter(found -> found.action().operation().equals(ExtractedAction.TYPE)).toList();
        assertEquals(1, typings.size(), inference.fresh().toString());
        Rect band = typings.get(0).typing().band();
        assertEquals(34, band.x, "it begins at its first letter");
        assertEquals(91, band.x + band.width, "and ends at its last");
    }

    /**
     * A command typed on the line at {@code y} after a prompt, its Enter, and its answer with the next prompt under it,
     * the pointer resting away; the frame after.
     */
    private static int command(ActionInference inference, int frame, int y) {
        for (int letter = 0; letter < 8; letter++) {
            inference.accept(observation(frame++, away(), new Rect(90 + 16 * letter, y, 16, 17))); // two letters a frame
        }
        frame = still(inference, frame, 8);
        inference.accept(observation(frame++, away(), new Rect(2, y + 17, 8, 17))); // the Enter: the caret to the next line
        frame = still(inference, frame, 6);
        inference.accept(observation(frame++, away(), new Rect(2, y + 17, 80, 34))); // the answer and the prompt
        return still(inference, frame, 9);
    }

    /**
     * A command typed on a full terminal's last line, the pointer resting away; a second and a half later (one read it
     * first) the terminal's content shifts up two lines, the typed line with it: its Enter's output scrolling the view.
     * One typing and its Enter; no scroll. When only a shift within a second of the typing was its Enter's, this was
     * written as a wheel turned down where the pointer rested, and the Enter was lost.
     */
    @Test
    void aFullTerminalScrollingUpAfterACommandReadAWhileIsItsEnterNotAWheel() {
        ActionInference inference = inference(WIDTH);
        int frame = still(inference, 0, 10);
        for (int letter = 0; letter < 4; letter++) {
            inference.accept(observation(frame++, away(), new Rect(35 + 14 * letter, 341, 14, 13))); // a letter a frame
        }
        frame = still(inference, frame, 15);
        inference.accept(new Observation(frame++, frame / FPS, away(), null, false,
                List.of(new Rect(23, 44, 11, 220), new Rect(23, 265, 113, 89)), List.of(), new Observation.Shift(0, -26, 0.9).explaining(0.9)));
        still(inference, frame, 20);
        List<ExtractedAction> found = inference.finish();
        assertOperations(found, ExtractedAction.TYPE, ExtractedAction.PRESS);
        assertEquals("enter", found.get(1).text());
    }

    /**
     * Three lines evaluated by an interpreter whose caret is a thin bar, so that its move at an Enter changes nothing the
     * method counts: the first answered at once, the second seven tenths of a second after its Enter, the third at once
     * with a notification coming at the screen's top as it is typed. Each answer and the prompt under it are drawn at
     * once, on two lines: three typings and their Enters. When only a block caret's move said where an answer went,
     * each answer was written as typed or began the next line's typing, and the notification, taken for the output of a
     * command, dated the second Enter before it was pressed, so its slow answer came too late to be one.
     */
    @Test
    void anInterpretersAnswersBehindAThinCaretAreNotTyping() {
        ActionInference inference = inference(WIDTH);
        int frame = still(inference, 0, 10);
        frame = evaluated(inference, frame, 47, 0, false);
        frame = evaluated(inference, frame, 81, 7, true);
        frame = evaluated(inference, frame, 115, 0, false);
        still(inference, frame, 30);
        inference.finish();
        List<ActionInference.Found> found = inference.fresh();
        assertEquals(List.of(ExtractedAction.TYPE, ExtractedAction.PRESS, ExtractedAction.TYPE, ExtractedAction.PRESS, ExtractedAction.TYPE,
                ExtractedAction.PRESS), found.stream().map(f -> f.action().operation()).toList(), found.toString());
        assertEquals(34, found.get(2).typing().band().x, "the second line begins after its prompt");
        assertEquals(34, found.get(4).typing().band().x, "and the third");
    }

    /**
     * A line typed at {@code y} after an interpreter's prompt, the thin caret after each letter; its Enter; the answer
     * {@code late} frames after it, drawn with the next prompt under it, the caret after that prompt. The pointer rests
     * away. {@code notified}: a notification comes at the screen's top as the line is typed. The frame after.
     */
    /**
     * An interpreter in a video made smaller: a command typed behind a thin caret 11 pixels high, its answer and the
     * next prompt drawn at once in one box two lines high, and a second later the next command, whose first two
     * letters, blurred, come out 14 pixels high. They are typing, a line's letters, not what the Enter printed (two
     * lines); taken for its output, the command was read without them ({@code 'ange(7)).} for {@code sum(range(7))}).
     */
    @Test
    void theNextCommandsFirstLettersALittleTallerThanASmallCaretAreTyped() {
        ActionInference inference = inference(WIDTH);
        int frame = still(inference, 0, 10);
        for (int letter = 0; letter < 4; letter++) {
            inference.accept(withCarets(frame++, List.of(new Rect(34 + 12 * (letter + 1), 32, 1, 11)), new Rect(34 + 12 * letter, 32, 12, 12)));
        }
        frame = still(inference, frame, 8);
        inference.accept(withCarets(frame++, List.of(new Rect(34, 56, 1, 11)), new Rect(1, 45, 23, 21))); // the answer and the prompt
        frame = still(inference, frame, 8);
        inference.accept(withCarets(frame++, List.of(), new Rect(22, 52, 13, 14)));
        for (int letter = 0; letter < 4; letter++) {
            inference.accept(withCarets(frame++, List.of(), new Rect(35 + 12 * letter, 53, 12, 13)));
        }
        still(inference, frame, 30);
        inference.finish();
        List<ActionInference.Found> typings = inference.fresh().stream()
                .filter(found -> found.action().operation().equals(ExtractedAction.TYPE)).toList();
        assertEquals(2, typings.size(), inference.fresh().toString());
        assertEquals(22, typings.get(1).typing().band().x, "the next command begins with its first letters");
    }

    private static int evaluated(ActionInference inference, int frame, int y, int late, boolean notified) {
        for (int letter = 0; letter < 8; letter++) {
            Rect caret = new Rect(34 + 16 * (letter + 1), y, 1, 17);
            inference.accept(withCarets(frame++, List.of(caret), new Rect(34 + 16 * letter, y, 16, 17))); // two letters a frame
        }
        if (notified) {
            inference.accept(withCarets(frame++, List.of(), new Rect(1111, 0, 319, 52)));
        }
        frame = still(inference, frame, 8);
        if (late > 0) {
            inference.accept(withCarets(frame++, List.of(new Rect(2, y + 17, 1, 17)))); // the Enter: the caret to the next line
            frame = still(inference, frame, late - 1);
        }
        // the answer (a digit) and the prompt under it (its chevrons, smaller than a letter), the caret after the prompt
        inference.accept(withCarets(frame++, List.of(new Rect(34, y + 34, 1, 17)), new Rect(2, y + 21, 7, 9), new Rect(2, y + 40, 24, 6)));
        return still(inference, frame, 9);
    }

    /**
     * A right-click that opens a menu at the pointer and highlights the row under it, one change over both; then, the
     * pointer resting, the menu goes (its corner at the pointer) while the row stays highlighted: a key closed the menu.
     * When only what went being all that opened said so, the row kept the menu's going from being a key.
     */
    @Test
    void aMenuGoingFromThePointerWhileTheRowItsClickHighlightedStaysIsAKey() {
        List<ExtractedAction> found = menuOpenedThenInside(new Rect(561, 404, 168, 117));
        assertOperations(found, ExtractedAction.CLICK, ExtractedAction.PRESS);
        assertEquals("esc", found.get(1).text());
    }

    /**
     * A video shown at 2/3 size (the OBS copy of a Windows dev recording), its pointer found in a theme's shape made that
     * small: a menu bar's item clicked opens its menu under the pointer, 41 px high (62 at full size), and it goes again
     * while the pointer rests: a key closed it. Held to a full-size line (48 px), the menu was a line that changed and
     * the key was lost.
     */
    @Test
    void aMenuOpenedAndClosedInAVideoShownSmallerIsAKey() {
        Rect menu = new Rect(294, 217, 106, 41);
        assertClickThenEsc(menuBarClickedShownSmaller(menu, menu));
    }

    /**
     * The same menu bar (as the OBS copy shows another session of it): the click highlights the item and opens the menu
     * under it, one change 51 px high; the key closes the menu and the item stays highlighted, so what went is all that
     * opened but the item's strip at the pointer, two thirds of it. Only what went being nearly all that opened, or a
     * menu with its corner at the pointer, said so, and the key was lost.
     */
    @Test
    void aMenuBarsMenuGoingWhileItsItemStaysHighlightedIsAKey() {
        assertClickThenEsc(menuBarClickedShownSmaller(new Rect(294, 208, 107, 51), new Rect(294, 224, 107, 35)));
    }

    /**
     * In a video shown at 2/3 size, the pointer resting, then clicking at (313, 214) as {@code opened} changes, then
     * resting there as {@code went} changes.
     */
    private static List<ExtractedAction> menuBarClickedShownSmaller(Rect opened, Rect went) {
        ActionInference inference = inference(852);
        int frame = restsAt(inference, 0, 10, shownSmaller(400, 300));
        inference.accept(observation(frame++, shownSmaller(313, 214), opened));
        frame = restsAt(inference, frame, 20, shownSmaller(313, 214));
        inference.accept(observation(frame++, shownSmaller(313, 214), went));
        restsAt(inference, frame, 40, shownSmaller(313, 214));
        return inference.finish();
    }

    private static void assertClickThenEsc(List<ExtractedAction> found) {
        assertOperations(found, ExtractedAction.CLICK, ExtractedAction.PRESS);
        assertEquals("esc", found.get(1).text());
    }

    /** The same click, then a part of what it opened redrawn away from the pointer (a graph on a page a tab opened): no key. */
    @Test
    void somethingRedrawnInsideWhatAClickOpenedAwayFromThePointerIsNoKey() {
        List<ExtractedAction> found = menuOpenedThenInside(new Rect(600, 440, 200, 70));
        assertOperations(found, ExtractedAction.CLICK);
    }

    /**
     * The same click, then what it opened going in the frame the pointer left its place unseen (for a field whose look
     * changed as it came): the pointer may have closed it as well as a key. No key.
     */
    @Test
    void whatAClickOpenedGoingAsThePointerLeftUnseenIsNoKey() {
        assertOperations(menuOpenedThen(new Rect(561, 404, 168, 117), null), ExtractedAction.CLICK);
    }

    /** A click at (561, 404) opening a change over a row and a menu, then {@code inside} changing in it, the pointer resting. */
    private static List<ExtractedAction> menuOpenedThenInside(Rect inside) {
        return menuOpenedThen(inside, pointer(561, 404));
    }

    /** The same click, then {@code inside} changing with the pointer {@code then} where it is seen (null: unseen from then on). */
    private static List<ExtractedAction> menuOpenedThen(Rect inside, PointerFinder.Found then) {
        ActionInference inference = inference(WIDTH);
        int frame = restsAt(inference, 0, 10, pointer(610, 283));
        inference.accept(observation(frame++, pointer(561, 404), new Rect(515, 395, 328, 126)));
        frame = restsAt(inference, frame, 20, pointer(561, 404));
        inference.accept(observation(frame++, then, inside));
        restsAt(inference, frame, 40, then);
        return inference.finish();
    }

    /**
     * A button clicked, and a frame later a dialog opening over the list above it: the list's rows match themselves a
     * few lines lower by chance, but the shift explains none of what changed. It is the click's answer, not a scroll.
     */
    @Test
    void aDialogOpeningOverAListThatNoShiftExplainsIsNoScroll() {
        ActionInference inference = inference(WIDTH);
        int frame = restsAt(inference, 0, 10, pointer(456, 345));
        inference.accept(observation(frame++, pointer(788, 678)));
        frame = restsAt(inference, frame, 15, pointer(788, 678));
        inference.accept(observation(frame++, pointer(788, 678), new Rect(730, 668, 119, 34))); // the button pressed
        Observation.Shift byChance = new Observation.Shift(0, 74, 0.99).explaining(0);
        inference.accept(new Observation(frame++, frame / FPS, pointer(788, 678), null, false,
                List.of(new Rect(406, 297, 417, 172), new Rect(730, 668, 119, 23)), List.of(), byChance));
        restsAt(inference, frame, 40, pointer(788, 678));
        List<ExtractedAction> found = inference.finish();
        assertOperations(found, ExtractedAction.CLICK);
    }

    /**
     * Letters typed into a dialog's field at its caret; then the dialog goes, field and all, while the button that
     * opened it, under the resting pointer, is drawn again on the line clicked: the typing's Enter closed the dialog, and
     * the button is not more typing.
     */
    @Test
    void theDialogTypedIntoGoingIsTheTypingsEnterNotMoreTyping() {
        ActionInference inference = inference(WIDTH);
        PointerFinder.Found button = pointer(579, 411);
        int frame = restsAt(inference, 0, 10, pointer(300, 500));
        inference.accept(observation(frame++, button));
        inference.accept(observation(frame++, button, new Rect(324, 156, 279, 116))); // the click opens the dialog
        frame = restsAt(inference, frame, 20, button);
        inference.accept(new Observation(frame++, frame / FPS, button, null, false, List.of(), List.of(new Rect(382, 221, 2, 9)),
                Observation.Shift.NONE));
        for (int letter = 0; letter < 5; letter++) {
            inference.accept(observation(frame++, button, new Rect(383 + 5 * letter, 221, 5, 9)));
        }
        frame = restsAt(inference, frame, frame + 5, button);
        inference.accept(observation(frame++, button, new Rect(324, 156, 279, 116), new Rect(542, 406, 76, 12)));
        restsAt(inference, frame, frame + 20, button);
        List<ExtractedAction> found = inference.finish();
        assertOperations(found, ExtractedAction.CLICK, ExtractedAction.TYPE, ExtractedAction.PRESS);
        assertEquals("enter", found.get(2).text());
    }

    /**
     * A window dragged by its title bar at the screen's top edge, where the pointer is never seen: the window moves
     * whole over four frames (the changed box moving on with the shift each frame), and the pointer shows where it
     * stopped. One drag, from where the pointer is less the window's move; the title bar's press read as typing, and
     * the window's first move as its Enter, go.
     */
    @Test
    void aWindowCarriedWholeWhileThePointerWasUnseenIsOneDragFromWhereItWas() {
        ActionInference inference = inference(WIDTH);
        int frame = unseen(inference, 0, 9);
        inference.accept(observation(frame++, new Rect(329, 8, 13, 22))); // the title bar pressed
        frame = unseen(inference, frame, 12);
        int[][] moves = { { 0, 0, 722, 555, 60, 30 }, { 60, 25, 752, 575, 90, 45 }, { 150, 70, 752, 575, 90, 45 }, { 240, 115, 722, 560, 60, 30 } };
        frame = carried(inference, frame, moves);
        Observation shown = new Observation(frame, frame / FPS, pointer(623, 164), null, true, List.of(new Rect(616, 145, 26, 35)),
                List.of(), Observation.Shift.NONE);
        assertOneDrag(inference, shown, new ExtractedAction.Pixel(323, 14));
    }

    /**
     * The same drag where the pointer is seen pressing the title bar and is lost as the window starts to move (it moves
     * as far a frame as the window under it, and is not found there): the window's first move is the frame it went in,
     * and the pointer is found again where it stopped, as having rested there unseen. One drag from where it was seen;
     * the press read as a click as the window started to move goes.
     */
    @Test
    void aWindowCarriedWholeFromTheFrameThePointerWentInIsOneDragFromWhereItWasSeen() {
        ActionInference inference = inference(WIDTH);
        int frame = restsAt(inference, 0, 10, pointer(862, 129));
        frame = restsAt(inference, frame, 12, pointer(330, 9));
        int[][] moves = { { 0, 0, 722, 555, 60, 30 }, { 60, 29, 752, 571, 90, 45 }, { 150, 74, 752, 571, 90, 45 }, { 240, 119, 722, 556, 60, 30 } };
        frame = carried(inference, frame, moves);
        assertOneDrag(inference, new Observation(frame, frame / FPS, pointer(630, 159), pointer(630, 159), false, List.of(), List.of(),
                Observation.Shift.NONE), new ExtractedAction.Pixel(330, 9));
    }

    /**
     * The same, but the window's first move is too mixed to measure (the box of what changed holds the window where it was
     * and where it went; the shift's response 0.76): the moves summed are a fifth short of the pointer's. The drag begins
     * where the pointer was seen a frame before the window moved, not where the short sum puts it, and the press read as
     * a click there goes. Before, a click stayed at the title bar and the drag began 60 px down the way.
     */
    @Test
    void aWindowWhoseFirstMoveIsTooMixedToMeasureIsDraggedFromWhereThePointerWasSeen() {
        ActionInference inference = inference(WIDTH);
        int frame = restsAt(inference, 0, 10, pointer(862, 129));
        frame = restsAt(inference, frame, 12, pointer(330, 9));
        inference.accept(shifted(frame++, new Rect(0, 0, 722, 555), new Observation.Shift(60, 30, 0.76)));
        int[][] moves = { { 60, 29, 752, 571, 90, 45 }, { 150, 74, 752, 571, 90, 45 }, { 240, 119, 722, 556, 60, 30 } };
        frame = carried(inference, frame, moves);
        assertOneDrag(inference, new Observation(frame, frame / FPS, pointer(630, 159), pointer(630, 159), false, List.of(), List.of(),
                Observation.Shift.NONE), new ExtractedAction.Pixel(330, 9));
    }

    /** A pane scrolled while the pointer was unseen: what changed stays where it was as its content shifts. No drag. */
    @Test
    void aPaneScrolledWhileThePointerWasUnseenIsNoDrag() {
        ActionInference inference = inference(WIDTH);
        int frame = unseen(inference, 0, 10);
        for (int turn = 0; turn < 4; turn++) {
            inference.accept(shifted(frame++, new Rect(0, 40, 700, 500), new Observation.Shift(0, -16, 0.99).explaining(0.9)));
        }
        inference.accept(new Observation(frame, frame++ / FPS, pointer(300, 300), null, true, List.of(new Rect(290, 290, 26, 35)), List.of(),
                Observation.Shift.NONE));
        restsAt(inference, frame, 40, pointer(300, 300));
        List<ExtractedAction> found = inference.finish();
        assertTrue(found.stream().noneMatch(a -> a.operation().equals(ExtractedAction.DRAG)), found.toString());
    }

    /**
     * Seven letters typed in frames 10 to 16 from the first one's place and size ({@code letter}), one a frame, the pointer
     * resting away from frame 0 to {@code until}; the frame after.
     */
    private static int typedAway(ActionInference inference, Rect letter, int until) {
        int frame = still(inference, 0, 10);
        for (; frame < 17; frame++) {
            inference.accept(observation(frame, away(), new Rect(letter.x + letter.width * (frame - 10), letter.y, letter.width, letter.height)));
        }
        return still(inference, frame, until - frame);
    }

    /** Frames from {@code frame} to {@code until} where nothing changes and the pointer rests at {@code at}; the frame after. */
    private static int restsAt(ActionInference inference, int frame, int until, PointerFinder.Found at) {
        for (; frame < until; frame++) {
            inference.accept(observation(frame, at));
        }
        return frame;
    }

    /**
     * A window carried whole, no pointer seen: a frame per move ({@code x, y, width, height} of what changed, then the
     * shift), then a frame where nothing changes; the frame after.
     */
    private static int carried(ActionInference inference, int frame, int[][] moves) {
        for (int[] move : moves) {
            inference.accept(shifted(frame++, new Rect(move[0], move[1], move[2], move[3]), new Observation.Shift(move[4], move[5], 0.99)));
        }
        return unseen(inference, frame, frame + 1);
    }

    /** The pointer {@code shown} where a carried window stopped, resting there: the one action found is a drag from {@code from} to there. */
    private static void assertOneDrag(ActionInference inference, Observation shown, ExtractedAction.Pixel from) {
        inference.accept(shown);
        restsAt(inference, shown.frame() + 1, 40, shown.pointer());
        List<ExtractedAction> found = inference.finish();
        assertOperations(found, ExtractedAction.DRAG);
        assertEquals(from, found.get(0).at());
        assertEquals(new ExtractedAction.Pixel(shown.pointer().x(), shown.pointer().y()), found.get(0).to());
    }

    /**
     * A pointer that jumps to a toolbar's button and clicks it (the button drawn pressed, the view redrawn), then rests:
     * half a second later the button's tooltip, a line of 37 letters, is drawn at once beside it, on the line it clicked.
     * More text came in one frame than anyone types in a tenth of a second: no typing, the click alone.
     */
    @Test
    void aTooltipDrawnAtOnceBesideTheButtonThePointerClickedIsNotTyping() {
        ActionInference inference = inference(WIDTH);
        int frame = clicked(inference, pointer(84, 67), new Rect(67, 49, 34, 38), new Rect(0, 100, 900, 500));
        inference.accept(observation(frame++, pointer(84, 67), new Rect(96, 77, 243, 21)));
        restsAt(inference, frame, 40, pointer(84, 67));
        List<ExtractedAction> found = inference.finish();
        assertOperations(found, ExtractedAction.CLICK);
    }

    /**
     * A location field clicked, its old text selected and replaced by the letters typed: the first frame changes the old
     * text's whole width, the next ones letters within it. As wide at once as the tooltip, but changing again: typing.
     */
    @Test
    void lettersReplacingAFieldsSelectedTextAreTypedThoughTheFirstFrameChangedItsWholeWidth() {
        ActionInference inference = inference(WIDTH);
        int frame = clicked(inference, pointer(472, 67), new Rect(300, 58, 400, 20));
        inference.accept(observation(frame++, pointer(472, 67), new Rect(305, 60, 243, 16)));
        for (int letter = 0; letter < 4; letter++) {
            inference.accept(observation(frame++, pointer(472, 67), new Rect(318 + 9 * letter, 61, 9, 14)));
        }
        restsAt(inference, frame, 40, pointer(472, 67));
        List<ExtractedAction> found = inference.finish();
        assertOperations(found, ExtractedAction.CLICK, ExtractedAction.TYPE);
    }

    /**
     * The same field, its click not seen (the pointer lost on its way there): its old text selected by a key, drawn at once
     * as one line; a second later the first letter replaces it (the field's whole width changes again), then letters come
     * one after another inside that width, each beginning right of the one before. A line drawn at once where no click
     * or caret said text goes, yet typed letter by letter: typing.
     */
    @Test
    void lettersTypedOneAfterAnotherOverASelectionAreTypingWhereNoClickShowedTheField() {
        ActionInference inference = inference(WIDTH);
        int frame = still(inference, 0, 10);
        inference.accept(observation(frame++, away(), new Rect(154, 37, 229, 13)));
        frame = still(inference, frame, 8);
        inference.accept(observation(frame++, away(), new Rect(153, 32, 230, 23)));
        int[][] letters = { { 160, 26 }, { 164, 24 }, { 184, 36 }, { 196, 20 }, { 210, 11 } };
        for (int[] letter : letters) {
            inference.accept(observation(frame++, away(), new Rect(letter[0], 38, letter[1], 12)));
        }
        still(inference, frame, 40);
        assertOperations(inference.finish(), ExtractedAction.TYPE);
    }

    /**
     * A line clicked, and then only a caret blinking at the line's start under the resting pointer, blurred in a video
     * shown smaller so that it is no longer thin: the same box, no wider than high, changing on and off. A caret, not
     * letters (which leave ink beside the last): the click, no typing.
     */
    @Test
    void aBlurredCaretBlinkingOnTheClickedLineIsNotTyping() {
        ActionInference inference = inference(WIDTH);
        int frame = clicked(inference, pointer(30, 60), new Rect(10, 40, 300, 30));
        for (int blink = 0; blink < 2; blink++) {
            inference.accept(observation(frame++, pointer(30, 60), new Rect(18, 53, 4, 7)));
            frame = restsAt(inference, frame, frame + 4, pointer(30, 60));
        }
        restsAt(inference, frame, 40, pointer(30, 60));
        assertOperations(inference.finish(), ExtractedAction.CLICK);
    }

    /** The pointer resting away, then clicking at {@code at} as {@code answer} changes and resting there; the frame after. */
    private static int clicked(ActionInference inference, PointerFinder.Found at, Rect... answer) {
        int frame = restsAt(inference, 0, 10, pointer(700, 400));
        inference.accept(observation(frame++, at, answer));
        return restsAt(inference, frame, 16, at);
    }

    /** That the actions found are of these operations, in this order (all of them are shown when not). */
    private static void assertOperations(List<ExtractedAction> found, String... operations) {
        assertEquals(List.of(operations), found.stream().map(ExtractedAction::operation).toList(), found.toString());
    }

    /** Frames from {@code frame} to {@code until} where nothing changes and no pointer is seen; the frame after. */
    private static int unseen(ActionInference inference, int frame, int until) {
        return restsAt(inference, frame, until, null);
    }

    /** A frame, no pointer seen, where {@code change} changed and the screen shifted by {@code shift}. */
    private static Observation shifted(int frame, Rect change, Observation.Shift shift) {
        return new Observation(frame, frame / FPS, null, null, false, List.of(change), List.of(), shift);
    }

    /** {@code frames} frames from {@code frame} where nothing changes and the pointer rests away; the frame after. */
    private static int still(ActionInference inference, int frame, int frames) {
        return restsAt(inference, frame, frame + frames, away());
    }

    private static Observation observation(int frame, Rect... changes) {
        return observation(frame, null, changes);
    }

    private static Observation observation(int frame, PointerFinder.Found pointer, Rect... changes) {
        return new Observation(frame, frame / FPS, pointer, null, false, List.of(changes), List.of(), Observation.Shift.NONE);
    }

    /** Changes, and carets seen, while the pointer rests away. */
    private static Observation withCarets(int frame, List<Rect> carets, Rect... changes) {
        return new Observation(frame, frame / FPS, away(), null, false, List.of(changes), carets, Observation.Shift.NONE);
    }

    /** The pointer resting away from what changes, where it plays no part. */
    private static PointerFinder.Found away() {
        return pointer(449, 311);
    }

    /** A pointer found at x, y in a theme's arrow made 2/3 as large, as a video shown at 2/3 size shows it. */
    private static PointerFinder.Found shownSmaller(int x, int y) {
        Mat grey = new Mat(14, 9, CvType.CV_8UC1, new Scalar(0));
        PointerFinder.Template arrow = new PointerFinder.Template("left_ptr", 2 / 3.0, grey, new Mat(grey.size(), CvType.CV_8UC1, new Scalar(1)),
                0, 0, grey.total(), new Mat(grey.size(), CvType.CV_32F, new Scalar(1)), null, List.of());
        return new PointerFinder.Found(x, y, arrow, 0);
    }

    /** A pointer found with its hotspot at x, y (its shape does not matter here). */
    private static PointerFinder.Found pointer(int x, int y) {
        return PointerFinder.standIn(new Mat(900, 1440, CvType.CV_8UC1, new Scalar(200)), x, y);
    }
}
