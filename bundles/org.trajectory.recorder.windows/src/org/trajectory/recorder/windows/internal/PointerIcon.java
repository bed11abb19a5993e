package org.trajectory.recorder.windows.internal;

import java.util.HashMap;
import java.util.Map;

import com.sun.jna.Pointer;
import com.sun.jna.platform.win32.GDI32;
import com.sun.jna.platform.win32.User32;
import com.sun.jna.platform.win32.WinDef.HDC;
import com.sun.jna.platform.win32.WinGDI;

/** The pointer drawn into a GDI grab, which BitBlt leaves out: the recorder's frames and a replay's grabs show it alike. */
final class PointerIcon {

    /** The hot spot of each pointer shape, asked once per shape (GetIconInfo makes two bitmaps each time). */
    private final Map<Pointer, int[]> hotSpots = new HashMap<>();

    /** Draws the pointer, with its shape and hot spot, where it is now. */
    void draw(HDC dc, Screen screen) {
        Win32.CURSORINFO cursor = new Win32.CURSORINFO();
        if (!Win32.User32.LIB.GetCursorInfo(cursor) || (cursor.flags & Win32.CURSOR_SHOWING) == 0 || cursor.hCursor == null) {
            return;
        }
        int[] hotSpot = hotSpots.computeIfAbsent(cursor.hCursor.getPointer(), handle -> {
            WinGDI.ICONINFO icon = new WinGDI.ICONINFO();
            if (!User32.INSTANCE.GetIconInfo(cursor.hCursor, icon)) {
                return new int[2];
            }
            if (icon.hbmMask != null) {
                GDI32.INSTANCE.DeleteObject(icon.hbmMask);
            }
            if (icon.hbmColor != null) {
                GDI32.INSTANCE.DeleteObject(icon.hbmColor);
            }
            return new int[] { icon.xHotspot, icon.yHotspot };
        });
        Win32.User32.LIB.DrawIconEx(dc, cursor.ptScreenPos.x - screen.x() - hotSpot[0], cursor.ptScreenPos.y - screen.y() - hotSpot[1],
                new com.sun.jna.platform.win32.WinDef.HICON(cursor.hCursor.getPointer()), 0, 0, 0, null, Win32.DI_NORMAL);
    }
}
