package org.trajectory.recorder.linux.internal;

import java.awt.Point;
import java.awt.image.BufferedImage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.trajectory.model.action.Action;
import org.trajectory.recorder.replay.ReplayException;
import org.trajectory.recorder.replay.ReplaySession;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;

/**
 * Input through XTEST, as if from the real devices: pointer moves, buttons (the wheel is buttons 4 to 7), keys by
 * keycode. A character is typed with the key and level the server's keyboard map gives it (Shift, AltGr); one the map
 * has no key for is put on a spare keycode, as xdotool does, lent to it until the session closes (a client reading
 * the key a moment later still finds the character).
 */
final class XTestSession implements ReplaySession {

    private static final int Z_PIXMAP = 2;
    private static final long SHIFT = 0xffe1;
    private static final long ALT_GR = 0xfe03;

    private final Xlib.X11 x = Xlib.X11.LIB;
    private final Xlib.Xtst xtst = Xlib.Xtst.LIB;
    private final Pointer display;
    private final long root;
    private final int width;
    private final int height;
    private final Set<Integer> buttonsDown = new LinkedHashSet<>();
    private final Deque<Integer> keysDown = new ArrayDeque<>();
    /** Characters the keyboard map lacked, on the spare keycodes lent to them until the session closes. */
    private final Map<Long, Integer> remapped = new HashMap<>();

    private XTestSession(Pointer display) {
        this.display = display;
        int screen = x.XDefaultScreen(display);
        root = x.XDefaultRootWindow(display);
        width = x.XDisplayWidth(display, screen);
        height = x.XDisplayHeight(display, screen);
    }

    static XTestSession open(String address) throws ReplayException {
        String name = address == null || address.isEmpty() ? System.getenv("DISPLAY") : address;
        Pointer display;
        try {
            X11Session.ignoreErrors();
            display = Xlib.X11.LIB.XOpenDisplay(name);
        } catch (UnsatisfiedLinkError e) {
            throw new ReplayException("The X libraries are missing (" + e.getMessage() + "); install libx11-6 libxtst6.");
        }
        if (display == null) {
            throw new ReplayException("Could not connect to the X server " + name + ".");
        }
        if (!Xlib.Xtst.LIB.XTestQueryExtension(display, new IntByReference(), new IntByReference(), new IntByReference(),
                new IntByReference())) {
            Xlib.X11.LIB.XCloseDisplay(display);
            throw new ReplayException("The X server " + name + " has no XTEST extension: input cannot be replayed into it.");
        }
        return new XTestSession(display);
    }

    @Override
    public int width() {
        return width;
    }

    @Override
    public int height() {
        return height;
    }

    @Override
    public void moveTo(int px, int py) {
        xtst.XTestFakeMotionEvent(display, -1, Math.clamp(px, 0, width - 1), Math.clamp(py, 0, height - 1), 0);
        x.XFlush(display);
    }

    @Override
    public void button(Action.Button button, boolean down) {
        int number = switch (button) {
            case LEFT -> 1;
            case MIDDLE -> 2;
            case RIGHT -> 3;
        };
        fakeButton(number, down);
    }

    @Override
    public void wheel(int clicks, boolean horizontal) throws ReplayException {
        int number = horizontal ? (clicks > 0 ? 7 : 6) : clicks > 0 ? 4 : 5;
        for (int i = 0; i < Math.abs(clicks); i++) {
            fakeButton(number, true);
            fakeButton(number, false);
            ReplayException.pause(20);
        }
    }

    private void fakeButton(int number, boolean down) {
        xtst.XTestFakeButtonEvent(display, number, down, 0);
        x.XFlush(display);
        if (down) {
            buttonsDown.add(number);
        } else {
            buttonsDown.remove(number);
        }
    }

    @Override
    public void key(String key, boolean down) throws ReplayException {
        String name = Keysyms.name(key);
        if (name == null) {
            List<Integer> strokes = strokes(key.codePointAt(0), key);
            if (down) {
                strokes.forEach(code -> fakeKey(code, true));
            } else {
                strokes.reversed().forEach(code -> fakeKey(code, false));
            }
            return;
        }
        long keysym = x.XStringToKeysym(name);
        int code = keysym == 0 ? 0 : x.XKeysymToKeycode(display, keysym) & 0xff;
        if (code == 0) {
            throw new ReplayException("the key '" + key + "' has no key on this desktop's keyboard");
        }
        fakeKey(code, down);
    }

    @Override
    public void type(String text) throws ReplayException {
        for (int i = 0; i < text.length(); i += Character.charCount(text.codePointAt(i))) {
            int codePoint = text.codePointAt(i);
            String character = new String(Character.toChars(codePoint));
            if (Keysyms.name(character) != null) { // a space, a newline, a tab: typed by their keys' names
                key(character, true);
                key(character, false);
            } else {
                typeCharacter(codePoint);
            }
            ReplayException.pause(8);
        }
    }

    private void typeCharacter(int codePoint) throws ReplayException {
        long keysym = Keysyms.of(codePoint);
        if ((x.XKeysymToKeycode(display, keysym) & 0xff) != 0) {
            List<Integer> strokes = strokes(codePoint, new String(Character.toChars(codePoint)));
            strokes.forEach(code -> fakeKey(code, true));
            strokes.reversed().forEach(code -> fakeKey(code, false));
            return;
        }
        Integer spare = remapped.get(keysym);
        if (spare == null) {
            spare = spareKeycode();
            x.XChangeKeyboardMapping(display, spare, 1, new long[] { keysym }, 1);
            x.XSync(display, false);
            remapped.put(keysym, spare);
            ReplayException.pause(50); // clients (and a recorder) reread the map on MappingNotify before the key arrives
        }
        fakeKey(spare, true);
        fakeKey(spare, false);
    }

    /** The keycodes to hold, modifiers first, to type a character the keyboard map has. */
    private List<Integer> strokes(int codePoint, String key) throws ReplayException {
        long keysym = Keysyms.of(codePoint);
        int code = x.XKeysymToKeycode(display, keysym) & 0xff;
        if (code == 0) {
            throw new ReplayException("the key '" + key + "' has no key on this desktop's keyboard");
        }
        int level = 0;
        while (level < 4 && x.XkbKeycodeToKeysym(display, (byte) code, 0, level) != keysym) {
            level++;
        }
        List<Integer> strokes = new ArrayList<>();
        if (level == 1 || level == 3) {
            strokes.add(x.XKeysymToKeycode(display, SHIFT) & 0xff);
        }
        if (level >= 2 && level < 4) {
            strokes.add(x.XKeysymToKeycode(display, ALT_GR) & 0xff);
        }
        strokes.add(code);
        return strokes;
    }

    /** A keycode the keyboard map leaves empty (and this session has not taken yet), for a character it has no key for. */
    private int spareKeycode() throws ReplayException {
        IntByReference min = new IntByReference();
        IntByReference max = new IntByReference();
        x.XDisplayKeycodes(display, min, max);
        IntByReference perKeycode = new IntByReference();
        int count = max.getValue() - min.getValue() + 1;
        Pointer map = x.XGetKeyboardMapping(display, (byte) min.getValue(), count, perKeycode);
        try {
            for (int code = max.getValue(); code >= min.getValue(); code--) {
                boolean empty = true;
                for (int level = 0; level < perKeycode.getValue() && empty; level++) {
                    empty = map.getLong(8L * ((long) (code - min.getValue()) * perKeycode.getValue() + level)) == 0;
                }
                if (empty && !remapped.containsValue(code)) {
                    return code;
                }
            }
        } finally {
            x.XFree(map);
        }
        throw new ReplayException("the keyboard map has no free key to type a character it lacks");
    }

    private void fakeKey(int code, boolean down) {
        xtst.XTestFakeKeyEvent(display, code, down, 0);
        x.XFlush(display);
        if (down) {
            keysDown.push(code);
        } else {
            keysDown.remove(code);
        }
    }

    @Override
    public BufferedImage grab() throws ReplayException {
        Pointer image = x.XGetImage(display, root, 0, 0, width, height, -1L, Z_PIXMAP);
        if (image == null) {
            throw new ReplayException("could not read the screen of the X server");
        }
        try {
            if (image.getInt(48) != 32) {
                throw new ReplayException("the screen is not 32 bits a pixel; replay reads only such screens");
            }
            int stride = image.getInt(44);
            Pointer pixels = image.getPointer(16);
            PointerImage.draw(display, pixels, stride, width, height);
            BufferedImage grabbed = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
            int[] row = new int[width];
            for (int y = 0; y < height; y++) {
                pixels.read((long) y * stride, row, 0, width);
                grabbed.setRGB(0, y, width, 1, row, 0, width);
            }
            return grabbed;
        } finally {
            x.XFree(image.getPointer(16));
            image.setPointer(16, null);
            x.XFree(image);
        }
    }

    @Override
    public Point pointer() {
        IntByReference px = new IntByReference();
        IntByReference py = new IntByReference();
        x.XQueryPointer(display, root, new LongByReference(), new LongByReference(), px, py, new IntByReference(),
                new IntByReference(), new IntByReference());
        return new Point(px.getValue(), py.getValue());
    }

    @Override
    public void close() {
        while (!keysDown.isEmpty()) {
            fakeKey(keysDown.peek(), false);
        }
        for (int number : List.copyOf(buttonsDown)) {
            fakeButton(number, false);
        }
        x.XSync(display, false);
        remapped.values().forEach(code -> x.XChangeKeyboardMapping(display, code, 1, new long[] { 0 }, 1));
        x.XSync(display, false);
        x.XCloseDisplay(display);
    }

}
