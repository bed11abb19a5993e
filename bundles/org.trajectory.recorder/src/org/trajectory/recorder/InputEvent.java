package org.trajectory.recorder;

import java.util.ArrayList;
import java.util.List;

/**
 * One input event, in the shape of AgentNetTool/DuckTrack's events.jsonl lines plus what they lack. {@code time} is
 * seconds on the monotonic clock ({@link Clock}); {@code action} is move, click, scroll, press or release; x and y are
 * root pixels. Keys carry their pynput-style {@code name}, the X {@code keysym}, the {@code character} typed (null when
 * none, or redacted) and the modifiers held. {@code injected} is true for an event a program made (Windows marks them;
 * null where the desktop cannot tell, as X11).
 *
 * @since 0.1
 */
public record InputEvent(double time, String action, Integer x, Integer y, String button, Boolean pressed, Integer dx,
        Integer dy, String name, Long keysym, String character, List<String> modifiers, Boolean injected) {

    public static InputEvent move(double time, int x, int y) {
        return new InputEvent(time, "move", x, y, null, null, null, null, null, null, null, null, null);
    }

    public static InputEvent click(double time, int x, int y, String button, boolean pressed, List<String> modifiers) {
        return new InputEvent(time, "click", x, y, button, pressed, null, null, null, null, null, modifiers, null);
    }

    public static InputEvent scroll(double time, int x, int y, int dx, int dy, List<String> modifiers) {
        return new InputEvent(time, "scroll", x, y, null, null, dx, dy, null, null, null, modifiers, null);
    }

    public static InputEvent key(double time, boolean pressed, String name, long keysym, String character, List<String> modifiers) {
        return new InputEvent(time, pressed ? "press" : "release", null, null, null, null, null, null, name, keysym, character,
                modifiers, null);
    }

    /** The modifiers held, named as events.jsonl names them, in its order: shift, caps_lock, ctrl, alt, cmd. */
    public static List<String> modifiers(boolean shift, boolean capsLock, boolean ctrl, boolean alt, boolean cmd) {
        List<String> names = new ArrayList<>(3);
        if (shift) {
            names.add("shift");
        }
        if (capsLock) {
            names.add("caps_lock");
        }
        if (ctrl) {
            names.add("ctrl");
        }
        if (alt) {
            names.add("alt");
        }
        if (cmd) {
            names.add("cmd");
        }
        return names;
    }

    /** The same key event with its character replaced by the redaction marker. */
    public InputEvent redacted() {
        return new InputEvent(time, action, x, y, button, pressed, dx, dy, character == null ? name : PrivacyFilter.REDACTED, null,
                character == null ? null : PrivacyFilter.REDACTED, modifiers, injected);
    }

    /** The same event, marked as made by a program ({@code true}) or by a person ({@code false}). */
    public InputEvent madeByProgram(boolean byProgram) {
        return new InputEvent(time, action, x, y, button, pressed, dx, dy, name, keysym, character, modifiers, byProgram);
    }
}
