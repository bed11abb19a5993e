package org.trajectory.recorder.windows.internal;

import java.util.HashMap;
import java.util.Map;

import com.sun.jna.Pointer;
import com.sun.jna.platform.win32.GDI32;
import com.sun.jna.platform.win32.User32;
import com.sun.jna.platform.win32.WinDef.HCURSOR;
import com.sun.jna.platform.win32.WinDef.HDC;
import com.sun.jna.platform.win32.WinDef.HICON;
import com.sun.jna.platform.win32.WinGDI;

/** The pointer drawn into a GDI grab, which BitBlt leaves out: the recorder's frames and a replay's grabs show it alike. */
final class PointerIcon {

    /** The hot spot of each pointer shape, asked once per shape (GetIconInfo makes two bitmaps each time). */
    private final Map<Pointer, int[]> hotSpots = new HashMap<>();
    private HCURSOR arrow;

    /**
     * Draws the pointer, with its shape and hot spot, where it is now. Under Wine the shape of a pointer another
     * process set cannot be drawn here (DrawIconEx refuses its handle): the system's arrow stands for it, so the
     * frames still show where the pointer is.
     */
    void draw(HDC dc, Screen screen) {
        Win32.CURSORINFO cursor = new Win32.CURSORINFO();
        if (!Win32.User32.LIB.GetCursorInfo(cursor) || (cursor.flags & Win32.CURSOR_SHOWING) == 0 || cursor.hCursor == null) {
            return;
        }
        if (!draw(dc, cursor.hCursor, cursor.ptScreenPos.x - screen.x(), cursor.ptScreenPos.y - screen.y())) {
            if (arrow == null) {
                arrow = Win32.User32.LIB.LoadCursorW(null, Win32.IDC_ARROW);
            }
            draw(dc, arrow, cursor.ptScreenPos.x - screen.x(), cursor.ptScreenPos.y - screen.y());
        }
    }

    private boolean draw(HDC dc, HCURSOR shape, int x, int y) {
        int[] hotSpot = hotSpots.computeIfAbsent(shape.getPointer(), handle -> {
            WinGDI.ICONINFO icon = new WinGDI.ICONINFO();
            if (!User32.INSTANCE.GetIconInfo(shape, icon)) {
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
        HICON icon = new HICON(shape.getPointer());
        return Win32.User32.LIB.DrawIconEx(dc, x - hotSpot[0], y - hotSpot[1], icon, 0, 0, 0, null, Win32.DI_NORMAL);
    }
}
