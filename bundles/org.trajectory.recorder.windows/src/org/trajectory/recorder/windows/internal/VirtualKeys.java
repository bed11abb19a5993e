package org.trajectory.recorder.windows.internal;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** PyAutoGUI's key names as Windows virtual keys, as PyAutoGUI's own Windows backend maps them. */
final class VirtualKeys {

    private static final Map<String, Integer> NAMES = new HashMap<>();
    static {
        put(0x08, "backspace", "\b");
        put(0x09, "tab", "\t");
        put(0x0C, "clear");
        put(0x0D, "enter", "return", "\n", "\r");
        put(0x10, "shift");
        put(0x11, "ctrl", "control");
        put(0x12, "alt", "option");
        put(0x13, "pause");
        put(0x14, "capslock");
        put(0x1B, "esc", "escape");
        put(0x20, "space", " ");
        put(0x21, "pageup", "pgup");
        put(0x22, "pagedown", "pgdn");
        put(0x23, "end");
        put(0x24, "home");
        put(0x25, "left");
        put(0x26, "up");
        put(0x27, "right");
        put(0x28, "down");
        put(0x2C, "printscreen", "prtsc", "prtscr", "prntscrn", "print");
        put(0x2D, "insert");
        put(0x2E, "delete", "del");
        put(0x5B, "win", "winleft", "super", "command", "cmd");
        put(0x5C, "winright");
        put(0x5D, "apps", "menu");
        put(0x90, "numlock");
        put(0x91, "scrolllock");
        put(0xA0, "shiftleft");
        put(0xA1, "shiftright");
        put(0xA2, "ctrlleft");
        put(0xA3, "ctrlright");
        put(0xA4, "altleft");
        put(0xA5, "altright");
        put(0xAD, "volumemute");
        put(0xAE, "volumedown");
        put(0xAF, "volumeup");
        put(0xB0, "nexttrack");
        put(0xB1, "prevtrack");
        put(0xB3, "playpause");
        for (int n = 1; n <= 24; n++) {
            put(0x6F + n, "f" + n);
        }
        for (int n = 0; n <= 9; n++) {
            put(0x60 + n, "num" + n);
        }
    }

    private VirtualKeys() {
    }

    private static void put(int vk, String... names) {
        for (String name : names) {
            NAMES.put(name, vk);
        }
    }

    /** The virtual key of a PyAutoGUI key name; null for a single character (typed by the layout) or a name unknown. */
    static Integer of(String key) {
        Integer vk = NAMES.get(key);
        return vk != null ? vk : NAMES.get(key.toLowerCase(Locale.ROOT));
    }
}
