package org.trajectory.replay.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.awt.Point;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionParser;
import org.trajectory.recorder.replay.ReplayException;
import org.trajectory.recorder.replay.ReplaySession;
import org.trajectory.replay.internal.Performer;

/** Typed actions become the input PyAutoGUI would send: the calls a session gets, in order. */
class PerformerTest {

    /** A 1000x800 screen that writes down what it is asked to do. */
    private static final class Calls implements ReplaySession {
        final List<String> calls = new ArrayList<>();
        private Point pointer = new Point(10, 10);

        @Override
        public int width() {
            return 1000;
        }

        @Override
        public int height() {
            return 800;
        }

        @Override
        public void moveTo(int x, int y) {
            pointer = new Point(x, y);
            calls.add("move " + x + "," + y);
        }

        @Override
        public Point pointer() {
            return pointer;
        }

        @Override
        public void button(Action.Button button, boolean down) {
            calls.add(button.pythonName() + (down ? " down" : " up"));
        }

        @Override
        public void wheel(int clicks, boolean horizontal) {
            calls.add((horizontal ? "hwheel " : "wheel ") + clicks);
        }

        @Override
        public void key(String key, boolean down) throws ReplayException {
            if (key.equals("nokey")) {
                throw new ReplayException("the key 'nokey' has no key on this desktop's keyboard");
            }
            calls.add(key + (down ? " down" : " up"));
        }

        @Override
        public void type(String text) {
            calls.add("type " + text);
        }

        @Override
        public BufferedImage grab() {
            return new BufferedImage(1000, 800, BufferedImage.TYPE_INT_RGB);
        }

        @Override
        public void close() {
        }
    }

    private static List<String> perform(String code) throws ReplayException {
        Calls session = new Calls();
        Performer performer = new Performer(session);
        for (Action action : ActionParser.parse(code).actions()) {
            performer.perform(action);
        }
        return session.calls;
    }

    @Test
    void clicksMoveFirstAndPressAsOftenAsTheirKindSays() throws Exception {
        assertEquals(List.of("move 500,200", "left down", "left up"), perform("pyautogui.click(x=0.5, y=0.25)"));
        assertEquals(List.of("move 1,799", "right down", "right up"), perform("pyautogui.rightClick(x=0.001, y=1.0)"));
        assertEquals(List.of("move 250,400", "left down", "left up", "left down", "left up"), perform("pyautogui.doubleClick(x=0.25, y=0.5)"));
    }

    @Test
    void aHotkeyReleasesInReverseAndPressRepeats() throws Exception {
        assertEquals(List.of("ctrl down", "shift down", "t down", "t up", "shift up", "ctrl up"), perform("pyautogui.hotkey('ctrl', 'shift', 't')"));
        assertEquals(List.of("enter down", "enter up", "enter down", "enter up"), perform("pyautogui.press('enter', presses=2)"));
        // character by character, so that a replay can stop between any two of them
        assertEquals(List.of("type h", "type é", "type l", "type l", "type o"), perform("pyautogui.write(message='héllo')"));
    }

    @Test
    void aDragHoldsTheButtonFromWhereThePointerIsToTheTarget() throws Exception {
        List<String> calls = perform("pyautogui.moveTo(x=0.1, y=0.1)\npyautogui.dragTo(x=0.2, y=0.1, button='left')");
        assertEquals("move 100,80", calls.get(0));
        assertEquals("left down", calls.get(1));
        assertEquals("move 200,80", calls.get(calls.size() - 2));
        assertEquals("left up", calls.getLast());
    }

    @Test
    void theWheelTurnsWhereTheScrollPoints() throws Exception {
        assertEquals(List.of("move 300,400", "wheel -3"), perform("pyautogui.scroll(-3, x=0.3, y=0.5)"));
        assertEquals(List.of("hwheel 2"), perform("pyautogui.hscroll(2)"));
    }

    @Test
    void aKeyTheSessionCannotTypeFailsNamingIt() {
        ReplayException failure = org.junit.jupiter.api.Assertions.assertThrows(ReplayException.class, () -> perform("pyautogui.press('nokey')"));
        assertEquals("the key 'nokey' has no key on this desktop's keyboard", failure.getMessage());
    }

    @Test
    void theFirstPointOfAStepIsWhereItsFirstPointerActionGoes() {
        Performer performer = new Performer(new Calls());
        assertEquals(new Point(500, 400), performer.firstPoint(ActionParser.parse("pyautogui.write(message='a')\npyautogui.click(x=0.5, y=0.5)").actions()));
        assertEquals(null, performer.firstPoint(ActionParser.parse("pyautogui.press('enter')").actions()));
    }
}
