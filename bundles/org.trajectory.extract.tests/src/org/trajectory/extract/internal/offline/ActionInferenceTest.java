package org.trajectory.extract.internal.offline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.opencv.core.Rect;
import org.trajectory.extract.ExtractedAction;

/**
 * Typing whose first letters came in the frame an edited document's title got its mark, with no caret or click seen to
 * say where text goes: the title, larger, is taken for the typing at first; the letters that go on beside the first
 * ones show where the typing was, and it began a frame earlier, with those first letters (read from the frame before
 * them, not from one that already shows them).
 */
class ActionInferenceTest {

    private static final double FPS = 10;

    @Test
    void typingThatBeganBesideATitlesMarkBeganWithItsFirstLetters() {
        ActionInference inference = new ActionInference(FPS, new DesktopNoise());
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
        ActionInference.Typing typing = typings.get(0).typing();
        assertEquals(9, typing.firstFrame(), "read from the frame before its first letters");
        assertEquals(7, typing.band().x, "its band begins at its first letter");
    }

    private static Observation observation(int frame, Rect... changes) {
        return new Observation(frame, frame / FPS, null, null, false, List.of(changes), List.of(), Observation.Shift.NONE);
    }
}
