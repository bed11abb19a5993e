package org.trajectory.recorder.windows.internal;

import java.awt.Point;
import java.awt.image.BufferedImage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.trajectory.model.action.Action;
import org.trajectory.recorder.replay.ReplayException;
import org.trajectory.recorder.replay.ReplaySession;

import com.sun.jna.platform.win32.BaseTSD.ULONG_PTR;
import com.sun.jna.platform.win32.GDI32;
import com.sun.jna.platform.win32.User32;
import com.sun.jna.platform.win32.WinDef.DWORD;
import com.sun.jna.platform.win32.WinDef.HBITMAP;
import com.sun.jna.platform.win32.WinDef.HDC;
import com.sun.jna.platform.win32.WinDef.LONG;
import com.sun.jna.platform.win32.WinDef.POINT;
import com.sun.jna.platform.win32.WinDef.WORD;
import com.sun.jna.platform.win32.WinGDI;
import com.sun.jna.platform.win32.WinNT.HANDLE;
import com.sun.jna.platform.win32.WinUser;
import com.sun.jna.platform.win32.WinUser.INPUT;
import com.sun.jna.ptr.PointerByReference;

/**
 * Input through SendInput, as PyAutoGUI's Windows backend sends it: the pointer moved to absolute coordinates on the
 * virtual screen, buttons, the wheel in notches of 120, keys by virtual key with the modifiers the layout says a
 * character needs ({@code VkKeyScan}), characters the layout has no key for as Unicode input. The screen is read with
 * GDI, the pointer drawn in as the recorder's frames show it. Coordinates are pixels of the virtual screen from its
 * top-left corner, as recordings have them.
 */
final class WindowsReplaySession implements ReplaySession {

    private static final int MOVE_ABSOLUTE_VIRTUAL = 0x0001 | 0x8000 | 0x4000;
    private static final int WHEEL = 0x0800;
    private static final int HWHEEL = 0x1000;
    private static final int KEYUP = 0x0002;
    private static final int UNICODE = 0x0004;
    private static final int SRCCOPY = 0x00CC0020;
    private static final int CAPTUREBLT = 0x40000000;

    private final Screen screen = Screen.now();
    private final PointerIcon pointerIcon = new PointerIcon();
    private final Set<Action.Button> buttonsDown = new LinkedHashSet<>();
    private final Deque<Integer> keysDown = new ArrayDeque<>();

    @Override
    public int width() {
        return screen.width();
    }

    @Override
    public int height() {
        return screen.height();
    }

    @Override
    public void moveTo(int x, int y) throws ReplayException {
        int px = Math.clamp(x, 0, screen.width() - 1);
        int py = Math.clamp(y, 0, screen.height() - 1);
        INPUT move = mouse(MOVE_ABSOLUTE_VIRTUAL, 0);
        // 0..65535 spans the virtual screen: the pixel's own cell, rounded up, as PyAutoGUI computes it
        move.input.mi.dx = new LONG(Math.ceilDiv(px * 65536L, screen.width()));
        move.input.mi.dy = new LONG(Math.ceilDiv(py * 65536L, screen.height()));
        send(move);
    }

    @Override
    public Point pointer() {
        POINT at = new POINT();
        User32.INSTANCE.GetCursorPos(at);
        return new Point(at.x - screen.x(), at.y - screen.y());
    }

    @Override
    public void button(Action.Button button, boolean down) throws ReplayException {
        int flags = switch (button) {
            case LEFT -> down ? 0x0002 : 0x0004;
            case RIGHT -> down ? 0x0008 : 0x0010;
            case MIDDLE -> down ? 0x0020 : 0x0040;
        };
        send(mouse(flags, 0));
        if (down) {
            buttonsDown.add(button);
        } else {
            buttonsDown.remove(button);
        }
    }

    @Override
    public void wheel(int clicks, boolean horizontal) throws ReplayException {
        send(mouse(horizontal ? HWHEEL : WHEEL, 120 * clicks));
    }

    @Override
    public void key(String key, boolean down) throws ReplayException {
        Integer vk = VirtualKeys.of(key);
        if (vk != null) {
            keyEvent(vk, down);
            return;
        }
        if (key.codePointCount(0, key.length()) != 1) {
            throw new ReplayException("the key '" + key + "' has no key on this desktop's keyboard");
        }
        List<Integer> strokes = strokes(key.charAt(0));
        if (strokes == null) {
            throw new ReplayException("the key '" + key + "' has no key on this desktop's keyboard layout");
        }
        for (int vkey : down ? strokes : strokes.reversed()) {
            keyEvent(vkey, down);
        }
    }

    @Override
    public void type(String text) throws ReplayException {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            Integer named = VirtualKeys.of(String.valueOf(c));
            List<Integer> strokes = named != null ? List.of(named) : Character.isSurrogate(c) ? null : strokes(c);
            if (strokes == null) {
                INPUT unicode = keyboard(0, UNICODE);
                unicode.input.ki.wScan = new WORD(c);
                send(unicode);
                INPUT up = keyboard(0, UNICODE | KEYUP);
                up.input.ki.wScan = new WORD(c);
                send(up);
                continue;
            }
            for (int vk : strokes) {
                keyEvent(vk, true);
            }
            for (int vk : strokes.reversed()) {
                keyEvent(vk, false);
            }
        }
    }

    /** The virtual keys to hold, modifiers first, to type {@code c} on the layout; null when the layout has no key for it. */
    private static List<Integer> strokes(char c) {
        short scan = User32.INSTANCE.VkKeyScanExW(c, User32.INSTANCE.GetKeyboardLayout(0));
        if (scan == -1) {
            return null;
        }
        List<Integer> strokes = new ArrayList<>();
        int shifts = scan >> 8 & 0xff;
        if ((shifts & 1) != 0) {
            strokes.add(Keys.VK_SHIFT);
        }
        if ((shifts & 2) != 0) {
            strokes.add(Keys.VK_CONTROL);
        }
        if ((shifts & 4) != 0) {
            strokes.add(Keys.VK_MENU);
        }
        strokes.add(scan & 0xff);
        return strokes;
    }

    private void keyEvent(int vk, boolean down) throws ReplayException {
        send(keyboard(vk, down ? 0 : KEYUP));
        if (down) {
            keysDown.push(vk);
        } else {
            keysDown.remove(vk);
        }
    }

    @Override
    public BufferedImage grab() throws ReplayException {
        GDI32 gdi = GDI32.INSTANCE;
        HDC screenDc = User32.INSTANCE.GetDC(null);
        HDC memoryDc = gdi.CreateCompatibleDC(screenDc);
        WinGDI.BITMAPINFO info = new WinGDI.BITMAPINFO();
        info.bmiHeader.biWidth = screen.width();
        info.bmiHeader.biHeight = -screen.height();
        info.bmiHeader.biPlanes = 1;
        info.bmiHeader.biBitCount = 32;
        info.bmiHeader.biCompression = WinGDI.BI_RGB;
        PointerByReference bits = new PointerByReference();
        HBITMAP bitmap = gdi.CreateDIBSection(memoryDc, info, WinGDI.DIB_RGB_COLORS, bits, null, 0);
        if (bitmap == null) {
            gdi.DeleteDC(memoryDc);
            User32.INSTANCE.ReleaseDC(null, screenDc);
            throw new ReplayException("could not read the screen (CreateDIBSection failed)");
        }
        HANDLE previous = gdi.SelectObject(memoryDc, bitmap);
        try {
            gdi.BitBlt(memoryDc, 0, 0, screen.width(), screen.height(), screenDc, screen.x(), screen.y(), SRCCOPY | CAPTUREBLT);
            pointerIcon.draw(memoryDc, screen);
            Win32.Gdi32.LIB.GdiFlush();
            BufferedImage image = new BufferedImage(screen.width(), screen.height(), BufferedImage.TYPE_INT_RGB);
            int[] row = new int[screen.width()];
            for (int y = 0; y < screen.height(); y++) {
                bits.getValue().read((long) y * screen.width() * 4, row, 0, row.length);
                image.setRGB(0, y, row.length, 1, row, 0, row.length);
            }
            return image;
        } finally {
            gdi.SelectObject(memoryDc, previous);
            gdi.DeleteObject(bitmap);
            gdi.DeleteDC(memoryDc);
            User32.INSTANCE.ReleaseDC(null, screenDc);
        }
    }

    @Override
    public void close() {
        try {
            while (!keysDown.isEmpty()) {
                keyEvent(keysDown.peek(), false);
            }
            for (Action.Button button : List.copyOf(buttonsDown)) {
                button(button, false);
            }
        } catch (ReplayException e) {
            // a desktop that no longer takes input holds nothing
        }
    }

    private static INPUT mouse(int flags, int data) {
        INPUT input = new INPUT();
        input.type = new DWORD(INPUT.INPUT_MOUSE);
        input.input.setType("mi");
        input.input.mi.dwFlags = new DWORD(flags);
        input.input.mi.mouseData = new DWORD(data);
        input.input.mi.dwExtraInfo = new ULONG_PTR(0);
        return input;
    }

    private static INPUT keyboard(int vk, int flags) {
        INPUT input = new INPUT();
        input.type = new DWORD(INPUT.INPUT_KEYBOARD);
        input.input.setType("ki");
        input.input.ki.wVk = new WORD(vk);
        input.input.ki.dwFlags = new DWORD(flags);
        input.input.ki.dwExtraInfo = new ULONG_PTR(0);
        return input;
    }

    /** One SendInput call an input (a lone structure is the contiguous array SendInput reads), a moment apart. */
    private static void send(INPUT input) throws ReplayException {
        if (User32.INSTANCE.SendInput(new DWORD(1), new INPUT[] { input }, input.size()).intValue() != 1) {
            throw new ReplayException("Windows refused the input (SendInput: error " + com.sun.jna.Native.getLastError()
                    + "); is another program's window (run as administrator) in front?");
        }
        ReplayException.pause(10);
    }
}
