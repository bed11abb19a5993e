package org.trajectory.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.trajectory.builder.internal.ReducedStep;
import org.trajectory.builder.internal.Reducer;
import org.trajectory.recorder.InputEvent;
import org.trajectory.recorder.ScreenSize;

/** Every reduction rule on a synthetic event stream: the codes, the spans and the event ranges. */
class ReducerTest {

    private static final List<ScreenSize> SCREEN = List.of(new ScreenSize(Double.NEGATIVE_INFINITY, 1000, 500));

    /** A stream of events written like a script, with a clock that advances 10 ms an event unless told otherwise. */
    private static final class Script {
        final List<InputEvent> events = new ArrayList<>();
        double time = 1.0;

        Script at(double seconds) {
            time = seconds;
            return this;
        }

        Script pause(double seconds) {
            time += seconds;
            return this;
        }

        Script move(int x, int y) {
            events.add(InputEvent.move(tick(), x, y));
            return this;
        }

        Script down(String button, int x, int y) {
            events.add(InputEvent.click(tick(), x, y, button, true, List.of()));
            return this;
        }

        Script up(String button, int x, int y) {
            events.add(InputEvent.click(tick(), x, y, button, false, List.of()));
            return this;
        }

        Script click(int x, int y) {
            return down("left", x, y).up("left", x, y);
        }

        Script wheel(int x, int y, int dx, int dy) {
            events.add(InputEvent.scroll(tick(), x, y, dx, dy, List.of()));
            return this;
        }

        Script press(String name, String character) {
            events.add(InputEvent.key(tick(), true, name, 0, character, List.of()));
            return this;
        }

        Script release(String name) {
            events.add(InputEvent.key(tick(), false, name, 0, null, List.of()));
            return this;
        }

        Script key(String name, String character) {
            return press(name, character).release(name);
        }

        Script type(String text) {
            text.codePoints().forEach(c -> key(c == ' ' ? "space" : Character.toString(c), Character.toString(c)));
            return this;
        }

        private double tick() {
            double now = time;
            time += 0.01;
            return now;
        }
    }

    private static List<String> codes(Script script) {
        return codes(script, ReductionSettings.DEFAULTS, true);
    }

    private static List<String> codes(Script script, ReductionSettings settings, boolean resolved) {
        return new Reducer(settings).reduce(script.events, SCREEN, resolved).stream().map(ReducedStep::code).toList();
    }

    private static final String END = "computer.terminate(status='success')";

    @Test
    void singleDoubleAndTripleClicksByTimeAndDistance() {
        assertEquals(List.of("pyautogui.click(x=0.1000, y=0.2000)", END), codes(new Script().click(100, 100)));
        assertEquals(List.of("pyautogui.doubleClick(x=0.1000, y=0.2000)", END), codes(new Script().click(100, 100).click(102, 101)));
        assertEquals(List.of("pyautogui.tripleClick(x=0.1000, y=0.2000)", END),
                codes(new Script().click(100, 100).click(101, 100).click(100, 101)));
        assertEquals(List.of("pyautogui.tripleClick(x=0.1000, y=0.2000)", "pyautogui.click(x=0.1000, y=0.2000)", END),
                codes(new Script().click(100, 100).click(100, 100).click(100, 100).click(100, 100)), "a fourth click starts anew");
        assertEquals(List.of("pyautogui.click(x=0.1000, y=0.2000)", "pyautogui.click(x=0.1000, y=0.2000)", END),
                codes(new Script().click(100, 100).pause(0.6).click(100, 100)), "too slow for a double click");
        assertEquals(List.of("pyautogui.click(x=0.1000, y=0.2000)", "pyautogui.click(x=0.1100, y=0.2000)", END),
                codes(new Script().click(100, 100).click(110, 100)), "too far for a double click");
        assertEquals(List.of("pyautogui.doubleClick(x=0.1000, y=0.2000)", END),
                codes(new Script().click(100, 100).pause(0.6).click(100, 100), ReductionSettings.DEFAULTS.withDoubleClickTime(0.8), true),
                "the double-click time is a setting (the OS's own where it can be read)");
    }

    @Test
    void rightAndMiddleClicksAndALongPress() {
        assertEquals(List.of("pyautogui.rightClick(x=0.5000, y=0.5000)", "pyautogui.middleClick(x=0.2000, y=0.2000)",
                "pyautogui.click(x=0.3000, y=0.3000)", END),
                codes(new Script().down("right", 500, 250).up("right", 500, 250).down("middle", 200, 100).up("middle", 200, 100)
                        .down("left", 300, 150).pause(2).move(303, 151).up("left", 303, 151)));
    }

    @Test
    void dragPastTheThresholdIsMoveToAndDragTo() {
        List<ReducedStep> steps = new Reducer(ReductionSettings.DEFAULTS).reduce(new Script().down("left", 100, 100)
                .move(105, 100).move(130, 110).move(200, 120).up("left", 200, 120).events, SCREEN, true);
        assertEquals("pyautogui.moveTo(x=0.1000, y=0.2000)\npyautogui.dragTo(x=0.2000, y=0.2400, button='left')", steps.get(0).code());
        assertEquals(0, steps.get(0).firstEvent());
        assertEquals(4, steps.get(0).lastEvent());
        assertEquals(List.of("pyautogui.click(x=0.1000, y=0.2000)", END),
                codes(new Script().down("left", 100, 100).move(108, 104).up("left", 100, 100)), "under 10 px stays a click");
        assertEquals(List.of("pyautogui.moveTo(x=0.1000, y=0.2000)\npyautogui.dragTo(x=0.1000, y=0.2000, button='left')", END),
                codes(new Script().down("left", 100, 100).move(150, 100).up("left", 100, 100)),
                "out and back is a drag (of zero length, for the validity check to flag)");
    }

    @Test
    void wheelRunsMergeAtOnePlace() {
        assertEquals(List.of("pyautogui.moveTo(x=0.5000, y=0.5000)\npyautogui.scroll(-3)", END),
                codes(new Script().wheel(500, 250, 0, -1).wheel(501, 250, 0, -1).wheel(500, 252, 0, -1)));
        assertEquals(List.of("pyautogui.moveTo(x=0.5000, y=0.5000)\npyautogui.scroll(2)", "pyautogui.moveTo(x=0.1000, y=0.2000)\npyautogui.scroll(-1)",
                END), codes(new Script().wheel(500, 250, 0, 1).wheel(500, 250, 0, 1).move(100, 100).wheel(100, 100, 0, -1)));
        assertEquals(List.of("pyautogui.moveTo(x=0.5000, y=0.5000)\npyautogui.scroll(1)", "pyautogui.moveTo(x=0.5000, y=0.5000)\npyautogui.scroll(1)",
                END), codes(new Script().wheel(500, 250, 0, 1).pause(1.5).wheel(500, 250, 0, 1)), "a pause ends a run");
        assertEquals(List.of("pyautogui.moveTo(x=0.5000, y=0.5000)\npyautogui.hscroll(2)", END),
                codes(new Script().wheel(500, 250, 1, 0).wheel(500, 250, 1, 0)));
        assertEquals(List.of(END), codes(new Script().wheel(500, 250, 0, 1).wheel(500, 250, 0, -1)), "a run that sums to nothing");
    }

    @Test
    void typingMergesWithBackspaceAndEndsAtEnterAndTab() {
        List<ReducedStep> steps = new Reducer(ReductionSettings.DEFAULTS).reduce(new Script().type("helo").key("backspace", "\b")
                .type("lo world").key("enter", "\r").type("x").key("tab", "\t").events, SCREEN, true);
        assertEquals(List.of("pyautogui.write(message='hello world')", "pyautogui.press('enter')", "pyautogui.write(message='x')",
                "pyautogui.press('tab')", END), steps.stream().map(ReducedStep::code).toList());
        assertEquals(0, steps.get(0).firstEvent());
        assertEquals(24, steps.get(0).lastEvent(), "the last character's press (its release is not part of the step)");
        assertEquals(List.of("pyautogui.press('backspace', presses=2)", END),
                codes(new Script().key("backspace", "\b").key("backspace", "\b")), "backspace with nothing typed");
        assertEquals(List.of("pyautogui.write(message='ab')", "pyautogui.click(x=0.1000, y=0.2000)", "pyautogui.write(message='c')", END),
                codes(new Script().type("ab").click(100, 100).type("c")), "a click ends the text");
    }

    @Test
    void shiftAndCapsLockAreHonouredForRecordersThatGiveTheKey() {
        Script script = new Script().press("shift", null).key("h", "h").release("shift").type("i ")
                .key("caps_lock", null).type("ok").key("caps_lock", null).type("!");
        assertEquals(List.of("pyautogui.write(message='Hi OK!')", END), codes(script, ReductionSettings.DEFAULTS, false));
        Script resolved = new Script().press("shift", null).key("H", "H").release("shift").type("i");
        assertEquals(List.of("pyautogui.write(message='Hi')", END), codes(resolved), "our recorder already applied shift");
    }

    @Test
    void chordsAreHotkeysLoneModifiersAndRecorderHotkeysDropped() {
        assertEquals(List.of("pyautogui.hotkey('ctrl', 'c')", "pyautogui.hotkey('ctrl', 'shift', 't')", END),
                codes(new Script().press("ctrl_l", null).key("c", null).release("ctrl_l")
                        .press("ctrl_l", null).press("shift", null).key("T", null).release("shift").release("ctrl_l")));
        assertEquals(List.of("pyautogui.hotkey('ctrl', 'c')", END),
                codes(new Script().press("ctrl_l", null).key("\u0003", "\u0003").release("ctrl_l")), "pynput's control character");
        assertEquals(List.of(END), codes(new Script().key("shift", null).key("ctrl_l", null).key("cmd", null)), "lone modifiers");
        assertEquals(List.of("pyautogui.write(message='a')", END),
                codes(new Script().press("ctrl_l", null).press("alt_l", null).key("p", null).release("alt_l").release("ctrl_l")
                        .type("a")), "the recorder's pause hotkey");
        assertEquals(List.of("pyautogui.hotkey('shift', 'tab')", END), codes(new Script().press("shift", null).key("tab", "\t").release("shift")));
    }

    @Test
    void repeatedKeysMergeAndSpecialKeysArePressed() {
        assertEquals(List.of("pyautogui.press('down', presses=3)", "pyautogui.press('esc')", "pyautogui.press('pageup')", END),
                codes(new Script().key("down", null).key("down", null).key("down", null).key("esc", null).key("page_up", null)));
    }

    @Test
    void pointsNormalizeByTheScreenSizeInForce() {
        List<ScreenSize> screens = List.of(new ScreenSize(Double.NEGATIVE_INFINITY, 1000, 500), new ScreenSize(5.0, 2000, 1000));
        Script script = new Script().click(500, 250).at(6).click(500, 250);
        assertEquals(List.of("pyautogui.click(x=0.5000, y=0.5000)", "pyautogui.click(x=0.2500, y=0.2500)", END),
                new Reducer(ReductionSettings.DEFAULTS).reduce(script.events, screens, true).stream().map(ReducedStep::code).toList());
    }

    @Test
    void terminateClosesEveryTrajectoryAndSettingsAreChecked() {
        assertEquals(List.of("computer.terminate(status='failure')"),
                codes(new Script(), ReductionSettings.DEFAULTS.withTerminateStatus("failure"), true));
        assertThrows(IllegalArgumentException.class, () -> ReductionSettings.DEFAULTS.withTerminateStatus("maybe"));
        assertThrows(IllegalArgumentException.class, () -> new Reducer(ReductionSettings.DEFAULTS).reduce(List.of(), List.of(), true));
    }

    @Test
    void timeSpansAreKept() {
        List<ReducedStep> steps = new Reducer(ReductionSettings.DEFAULTS).reduce(new Script().at(2).down("left", 10, 10).at(2.3)
                .up("left", 10, 10).events, SCREEN, true);
        assertEquals(2.0, steps.get(0).start(), 1e-9);
        assertEquals(2.3, steps.get(0).end(), 1e-9);
        assertEquals(10, steps.get(0).x());
    }
}
