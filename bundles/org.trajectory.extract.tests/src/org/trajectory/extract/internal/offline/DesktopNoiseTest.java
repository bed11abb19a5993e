package org.trajectory.extract.internal.offline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.opencv.core.Rect;

/**
 * What ticks by itself is learnt where it first changed, and stays there: a terminal's block caret blinking at its
 * prompt is learnt as ticking, and the command then typed from there, a letter a frame, is all typing (a ticking box
 * that grew with every change it held crept along the line and swallowed the whole command; one that held every change
 * over where it blinked took the first letters, which reach past it to where the caret went). A clock whose minute
 * turns, four digits at once around the one that turns every second, is still the clock. A status line's counter, redrawn
 * whole by a click now and then and then ticking every two seconds over more or less of its digits, is learnt once it
 * ticks in step; a caret-thin box blinking where letters will go never is.
 */
class DesktopNoiseTest {

    private static final int CHAR = 8;

    @Test
    void aCommandTypedFromABlinkingCaretsPlaceIsAllKept() {
        DesktopNoise noise = new DesktopNoise();
        Rect caret = new Rect(90, 47, CHAR, 17);
        for (double time = 1; time < 3; time += 0.6) {
            noise.filter(observation(time, caret)); // on, off, on, off
        }
        assertTrue(noise.ticking(caret), "the caret blinks in step: learnt as ticking");
        int kept = 0;
        for (int letter = 0; letter < 12; letter++) {
            Rect typed = new Rect(90 + letter * CHAR, 47, 2 * CHAR, 17); // the letter, and the caret moved on beside it
            kept += noise.filter(observation(3.1 + letter * 0.1, typed)).changes().size();
        }
        assertEquals(12, kept, "every letter is the typing's, the first ones drawn where the caret blinked too");
    }

    @Test
    void aClockWhoseMinuteTurnsIsStillTheClock() {
        DesktopNoise noise = new DesktopNoise();
        Rect second = new Rect(1200, 780, CHAR, 12);
        for (int tick = 0; tick < 4; tick++) {
            noise.filter(observation(1 + tick, second));
        }
        Rect minute = new Rect(1200 - 3 * CHAR, 780, 4 * CHAR, 12); // 6:59 turning into 7:00
        assertTrue(noise.filter(observation(5, minute)).changes().isEmpty(), "the minute's turn is the clock's");
    }

    @Test
    void aCounterRedrawnByClicksThenTickingOverMoreOrLessOfItsDigitsIsLearnt() {
        DesktopNoise noise = new DesktopNoise();
        Rect field = new Rect(500, 400, 90, 8); // "Mem Usage: 52628K / 2097152K"
        noise.filter(observation(1.0, field)); // redrawn by a click on a tab
        noise.filter(observation(1.3, field)); // and by the next: out of step
        noise.filter(observation(3.3, new Rect(520, 400, 18, 8)));
        noise.filter(observation(5.3, new Rect(520, 400, 23, 8))); // a digit more changed, reaching further right
        Rect digits = new Rect(524, 400, 23, 8);
        assertTrue(noise.filter(observation(7.3, digits)).changes().isEmpty(), "in step every two seconds since: the counter's");
        assertTrue(noise.ticking(digits));
    }

    @Test
    void aCaretThinBoxBlinkingWhereLettersWillGoIsNeverLearnt() {
        DesktopNoise noise = new DesktopNoise();
        Rect caret = new Rect(90, 47, 3, 12); // an I-beam caret, blurred by a resized video's encoding
        for (double time = 1; time < 3; time += 0.5) {
            noise.filter(observation(time, caret));
        }
        Rect firstLetter = new Rect(89, 47, 5, 12); // drawn over the caret, in step with its blinking
        assertEquals(List.of(firstLetter), noise.filter(observation(3, firstLetter)).changes(), "the inference tells a caret from letters");
        assertFalse(noise.ticking(caret));
    }

    private static Observation observation(double time, Rect change) {
        return new Observation((int) Math.round(time * 10), time, null, null, false, List.of(change), List.of(), Observation.Shift.NONE);
    }
}
