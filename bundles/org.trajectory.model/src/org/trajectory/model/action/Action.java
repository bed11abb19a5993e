package org.trajectory.model.action;

import java.util.List;
import java.util.Objects;

/**
 * One PyAutoGUI call of a step's code, typed. Coordinates are normalized to [0,1] and kept as precise as they were
 * read: a model's {@code x=0.391571} is scored where it pointed. Points the workbench makes itself (from pixels, from a
 * drag in the editor) are {@link Point#rounded rounded} to the 4 decimals code is written with, so that printing and
 * parsing them again gives an equal action.
 *
 * @since 0.1
 */
public sealed interface Action {

    /** The name of the call as PyAutoGUI (and the field's formats) write it: click, doubleClick, moveTo, write, terminate... */
    default String function() {
        return switch (this) {
            case Click c -> c.kind().function();
            case MoveTo m -> "moveTo";
            case DragTo d -> "dragTo";
            case Scroll s -> "scroll";
            case HScroll s -> "hscroll";
            case Write w -> "write";
            case Press p -> "press";
            case Hotkey h -> "hotkey";
            case KeyDown k -> "keyDown";
            case KeyUp k -> "keyUp";
            case Sleep s -> "sleep";
            case Terminate t -> "terminate";
        };
    }

    /** Where this action puts the pointer (a click's, move's, drag's or scroll's point); null for one that does not move it. */
    default Point point() {
        return switch (this) {
            case Click c -> c.at();
            case MoveTo m -> m.to();
            case DragTo d -> d.to();
            case Scroll s -> s.at();
            case HScroll s -> s.at();
            default -> null;
        };
    }

    /** Where the first of these actions that moves the pointer puts it; null when none does. */
    static Point firstPoint(List<Action> actions) {
        return actions.stream().map(Action::point).filter(Objects::nonNull).findFirst().orElse(null);
    }

    /** The mouse buttons PyAutoGUI knows. */
    enum Button {
        LEFT, RIGHT, MIDDLE;

        public String pythonName() {
            return name().toLowerCase();
        }
    }

    /** The click family, by the function name the field writes. */
    enum ClickKind {
        CLICK("click"), DOUBLE_CLICK("doubleClick"), TRIPLE_CLICK("tripleClick"), RIGHT_CLICK("rightClick"),
        MIDDLE_CLICK("middleClick");

        private final String function;

        ClickKind(String function) {
            this.function = function;
        }

        public String function() {
            return function;
        }
    }

    /** A normalized screen point; both coordinates in [0,1], as precise as they were given. */
    record Point(double x, double y) {

        /** A point the workbench makes, at the 4 decimals its code is written with. */
        public static Point rounded(double x, double y) {
            return new Point(round4(x), round4(y));
        }
    }

    /** A click of any kind; {@code at} is null for a click where the pointer already is. */
    record Click(ClickKind kind, Point at) implements Action {
    }

    record MoveTo(Point to) implements Action {
    }

    record DragTo(Point to, Button button) implements Action {
    }

    /** Vertical wheel; positive is up. {@code at} is null when the pointer does not move first. */
    record Scroll(int clicks, Point at) implements Action {
    }

    /** Horizontal wheel; positive is right. */
    record HScroll(int clicks, Point at) implements Action {
    }

    record Write(String text) implements Action {
    }

    /** One key or a sequence of keys, each pressed {@code presses} times. */
    record Press(List<String> keys, int presses) implements Action {
        public Press {
            keys = List.copyOf(keys);
        }

        /** The character a key of this name types ("a"; "space", "enter", "tab" their white space), or null for one that types none. */
        public static String character(String key) {
            return switch (key.toLowerCase(java.util.Locale.ROOT)) {
                case "space" -> " ";
                case "enter", "return" -> "\n";
                case "tab" -> "\t";
                default -> key.length() == 1 ? key : null;
            };
        }

        /** Whether the keys only type text (characters, and backspaces taking them back): a press that is typing. */
        public boolean types() {
            return keys.stream().allMatch(key -> character(key) != null || key.equalsIgnoreCase("backspace"));
        }
    }

    record Hotkey(List<String> keys) implements Action {
        public Hotkey {
            keys = List.copyOf(keys);
        }
    }

    record KeyDown(String key) implements Action {
    }

    record KeyUp(String key) implements Action {
    }

    record Sleep(double seconds) implements Action {
    }

    /** Closes a trajectory: {@code computer.terminate(status='success'|'failure')}. */
    record Terminate(String status) implements Action {
    }

    static double round4(double value) {
        return Math.round(value * 10_000d) / 10_000d;
    }
}
