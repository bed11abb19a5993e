package org.trajectory.builder.internal;

import java.util.Locale;
import java.util.Map;

/** Key names as recorders write them (pynput style: {@code ctrl_l}, {@code page_up}) to PyAutoGUI's names. */
public final class Keys {

    private static final Map<String, String> PYAUTOGUI = Map.ofEntries(
            Map.entry("ctrl_l", "ctrl"), Map.entry("ctrl_r", "ctrl"), Map.entry("control", "ctrl"),
            Map.entry("alt_l", "alt"), Map.entry("alt_r", "alt"), Map.entry("shift_l", "shift"), Map.entry("shift_r", "shift"),
            Map.entry("cmd", "win"), Map.entry("cmd_l", "win"), Map.entry("cmd_r", "win"), Map.entry("super", "win"),
            Map.entry("caps_lock", "capslock"), Map.entry("num_lock", "numlock"), Map.entry("scroll_lock", "scrolllock"),
            Map.entry("page_up", "pageup"), Map.entry("page_down", "pagedown"), Map.entry("print_screen", "printscreen"),
            Map.entry("return", "enter"), Map.entry("escape", "esc"), Map.entry("alt_gr", "altright"));

    private Keys() {
    }

    /** PyAutoGUI's name for a recorded key name; a control character (Ctrl+C as pynput writes it) becomes its letter. */
    public static String pyautogui(String name) {
        if (name.length() == 4 && name.startsWith("\\x")) {
            try {
                name = String.valueOf((char) Integer.parseInt(name.substring(2), 16)); // pynput's repr of a control character
            } catch (NumberFormatException e) {
                // a key really named like that
            }
        }
        if (name.length() == 1 && name.charAt(0) >= 1 && name.charAt(0) <= 26) {
            return String.valueOf((char) ('a' + name.charAt(0) - 1));
        }
        String lower = name.toLowerCase(Locale.ROOT);
        return PYAUTOGUI.getOrDefault(lower, lower);
    }

    /** The modifier a key is, as PyAutoGUI names it, or null; AltGr types characters and is no hotkey modifier. */
    public static String modifier(String pyautoguiName) {
        return switch (pyautoguiName) {
            case "ctrl", "alt", "shift", "win" -> pyautoguiName;
            case "command", "option" -> pyautoguiName;
            default -> null;
        };
    }

    public static boolean isLock(String pyautoguiName) {
        return pyautoguiName.equals("capslock") || pyautoguiName.equals("numlock") || pyautoguiName.equals("scrolllock");
    }
}
