package org.trajectory.recorder.linux.internal;

import java.util.Map;

/** X keysym names as pynput names them, so events.jsonl reads like AgentNetTool's (enter, ctrl_l, shift, ...). */
final class KeyNames {

    private static final Map<String, String> PYNPUT = Map.ofEntries(
            Map.entry("Return", "enter"), Map.entry("KP_Enter", "enter"), Map.entry("BackSpace", "backspace"),
            Map.entry("Tab", "tab"), Map.entry("ISO_Left_Tab", "tab"), Map.entry("Escape", "esc"), Map.entry("space", "space"),
            Map.entry("Delete", "delete"), Map.entry("Insert", "insert"), Map.entry("Home", "home"), Map.entry("End", "end"),
            Map.entry("Page_Up", "page_up"), Map.entry("Page_Down", "page_down"), Map.entry("Up", "up"),
            Map.entry("Down", "down"), Map.entry("Left", "left"), Map.entry("Right", "right"),
            Map.entry("Shift_L", "shift"), Map.entry("Shift_R", "shift_r"), Map.entry("Control_L", "ctrl_l"),
            Map.entry("Control_R", "ctrl_r"), Map.entry("Alt_L", "alt_l"), Map.entry("Alt_R", "alt_r"),
            Map.entry("ISO_Level3_Shift", "alt_gr"), Map.entry("Super_L", "cmd"), Map.entry("Super_R", "cmd_r"),
            Map.entry("Meta_L", "cmd"), Map.entry("Caps_Lock", "caps_lock"), Map.entry("Num_Lock", "num_lock"),
            Map.entry("Print", "print_screen"), Map.entry("Menu", "menu"), Map.entry("Pause", "pause"));

    private KeyNames() {
    }

    /** The pynput name of a key: a special key's name, else the character it typed, else the X keysym name. */
    static String name(String keysymName, String character) {
        if (keysymName != null) {
            String special = PYNPUT.get(keysymName);
            if (special != null) {
                return special;
            }
            if (keysymName.matches("F[0-9]{1,2}")) {
                return keysymName.toLowerCase();
            }
        }
        if (character != null && !character.isEmpty() && character.codePointAt(0) >= 0x20) {
            return character;
        }
        return keysymName == null ? "unknown" : keysymName;
    }
}
