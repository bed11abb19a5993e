package org.trajectory.recorder.windows.internal;

import java.util.Map;

/**
 * Windows virtual keys that type no character, with the name pynput gives them and the X keysym of the same key, so
 * that events.jsonl reads the same whichever desktop recorded it.
 */
final class Keys {

    record Key(String name, long keysym) {
    }

    static final int VK_SHIFT = 0x10;
    static final int VK_CONTROL = 0x11;
    static final int VK_MENU = 0x12;
    static final int VK_CAPITAL = 0x14;
    static final int VK_LSHIFT = 0xA0;
    static final int VK_RSHIFT = 0xA1;
    static final int VK_LCONTROL = 0xA2;
    static final int VK_RCONTROL = 0xA3;
    static final int VK_LMENU = 0xA4;
    static final int VK_RMENU = 0xA5;
    static final int VK_LWIN = 0x5B;
    static final int VK_RWIN = 0x5C;

    private static final Map<Integer, Key> SPECIAL = Map.ofEntries(
            Map.entry(0x08, new Key("backspace", 0xff08)), Map.entry(0x09, new Key("tab", 0xff09)),
            Map.entry(0x0D, new Key("enter", 0xff0d)), Map.entry(0x13, new Key("pause", 0xff13)),
            Map.entry(VK_CAPITAL, new Key("caps_lock", 0xffe5)), Map.entry(0x1B, new Key("esc", 0xff1b)),
            Map.entry(0x20, new Key("space", 0x20)), Map.entry(0x21, new Key("page_up", 0xff55)),
            Map.entry(0x22, new Key("page_down", 0xff56)), Map.entry(0x23, new Key("end", 0xff57)),
            Map.entry(0x24, new Key("home", 0xff50)), Map.entry(0x25, new Key("left", 0xff51)),
            Map.entry(0x26, new Key("up", 0xff52)), Map.entry(0x27, new Key("right", 0xff53)),
            Map.entry(0x28, new Key("down", 0xff54)), Map.entry(0x2C, new Key("print_screen", 0xff61)),
            Map.entry(0x2D, new Key("insert", 0xff63)), Map.entry(0x2E, new Key("delete", 0xffff)),
            Map.entry(VK_LWIN, new Key("cmd", 0xffeb)), Map.entry(VK_RWIN, new Key("cmd_r", 0xffec)),
            Map.entry(0x5D, new Key("menu", 0xff67)), Map.entry(0x90, new Key("num_lock", 0xff7f)),
            Map.entry(VK_SHIFT, new Key("shift", 0xffe1)), Map.entry(VK_LSHIFT, new Key("shift", 0xffe1)),
            Map.entry(VK_RSHIFT, new Key("shift_r", 0xffe2)), Map.entry(VK_CONTROL, new Key("ctrl_l", 0xffe3)),
            Map.entry(VK_LCONTROL, new Key("ctrl_l", 0xffe3)), Map.entry(VK_RCONTROL, new Key("ctrl_r", 0xffe4)),
            Map.entry(VK_MENU, new Key("alt_l", 0xffe9)), Map.entry(VK_LMENU, new Key("alt_l", 0xffe9)),
            Map.entry(VK_RMENU, new Key("alt_r", 0xffea)));

    /** X's VoidSymbol: a key with no keysym. */
    static final long NO_KEYSYM = 0xffffff;

    private Keys() {
    }

    /** The key's name and keysym when it types no character of its own (F1-F24 included), else null. */
    static Key special(int vk) {
        if (vk >= 0x70 && vk <= 0x87) { // F1..F24
            return new Key("f" + (vk - 0x6F), 0xffbe + vk - 0x70);
        }
        return SPECIAL.get(vk);
    }

    /** The keysym of a typed character: Latin-1 keysyms are the code point, the rest are 0x1000000 plus it. */
    static long keysym(String character) {
        int codePoint = character.codePointAt(0);
        return codePoint < 0x100 ? codePoint : 0x1000000L | codePoint;
    }
}
