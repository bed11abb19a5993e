package org.trajectory.recorder.linux.internal;

import java.util.Locale;
import java.util.Map;

/** PyAutoGUI's key names as X keysym names, as PyAutoGUI's own X11 backend maps them. */
final class Keysyms {

    private static final Map<String, String> NAMES = Map.ofEntries(
            Map.entry("enter", "Return"), Map.entry("return", "Return"), Map.entry("\n", "Return"), Map.entry("\r", "Return"),
            Map.entry("backspace", "BackSpace"), Map.entry("\b", "BackSpace"), Map.entry("tab", "Tab"), Map.entry("\t", "Tab"),
            Map.entry("esc", "Escape"), Map.entry("escape", "Escape"), Map.entry("space", "space"), Map.entry(" ", "space"),
            Map.entry("shift", "Shift_L"), Map.entry("shiftleft", "Shift_L"), Map.entry("shiftright", "Shift_R"),
            Map.entry("ctrl", "Control_L"), Map.entry("ctrlleft", "Control_L"), Map.entry("ctrlright", "Control_R"),
            Map.entry("control", "Control_L"), Map.entry("alt", "Alt_L"), Map.entry("altleft", "Alt_L"),
            Map.entry("altright", "Alt_R"), Map.entry("option", "Alt_L"), Map.entry("win", "Super_L"),
            Map.entry("winleft", "Super_L"), Map.entry("winright", "Super_R"), Map.entry("super", "Super_L"),
            Map.entry("command", "Super_L"), Map.entry("cmd", "Super_L"), Map.entry("delete", "Delete"), Map.entry("del", "Delete"),
            Map.entry("insert", "Insert"), Map.entry("home", "Home"), Map.entry("end", "End"), Map.entry("pageup", "Page_Up"),
            Map.entry("pgup", "Page_Up"), Map.entry("pagedown", "Page_Down"), Map.entry("pgdn", "Page_Down"),
            Map.entry("up", "Up"), Map.entry("down", "Down"), Map.entry("left", "Left"), Map.entry("right", "Right"),
            Map.entry("capslock", "Caps_Lock"), Map.entry("numlock", "Num_Lock"), Map.entry("scrolllock", "Scroll_Lock"),
            Map.entry("printscreen", "Print"), Map.entry("prtsc", "Print"), Map.entry("prtscr", "Print"),
            Map.entry("prntscrn", "Print"), Map.entry("print", "Print"), Map.entry("pause", "Pause"), Map.entry("apps", "Menu"),
            Map.entry("menu", "Menu"), Map.entry("volumeup", "XF86AudioRaiseVolume"), Map.entry("volumedown", "XF86AudioLowerVolume"),
            Map.entry("volumemute", "XF86AudioMute"), Map.entry("playpause", "XF86AudioPlay"), Map.entry("nexttrack", "XF86AudioNext"),
            Map.entry("prevtrack", "XF86AudioPrev"), Map.entry("browserback", "XF86Back"), Map.entry("browserforward", "XF86Forward"),
            Map.entry("browserrefresh", "XF86Refresh"), Map.entry("altgr", "ISO_Level3_Shift"));

    private Keysyms() {
    }

    /** The keysym name of a PyAutoGUI key name; null for a single character, which is typed as such. */
    static String name(String key) {
        String named = NAMES.get(key);
        if (named == null) {
            named = NAMES.get(key.toLowerCase(Locale.ROOT));
        }
        if (named != null) {
            return named;
        }
        if (key.codePointCount(0, key.length()) == 1) {
            return null;
        }
        String lower = key.toLowerCase(Locale.ROOT);
        return lower.matches("f([1-9]|1[0-9]|2[0-4])") ? lower.toUpperCase(Locale.ROOT) : key;
    }

    /** The keysym of a character: Latin-1 by its code, every other one in X's Unicode range. */
    static long of(int codePoint) {
        return codePoint >= 0x20 && codePoint <= 0x7e || codePoint >= 0xa0 && codePoint <= 0xff ? codePoint : 0x0100_0000L | codePoint;
    }
}
