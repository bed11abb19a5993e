package org.trajectory.recorder.windows.internal;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.platform.win32.WinDef.HBRUSH;
import com.sun.jna.platform.win32.WinDef.HCURSOR;
import com.sun.jna.platform.win32.WinDef.HDC;
import com.sun.jna.platform.win32.WinDef.HICON;
import com.sun.jna.platform.win32.WinDef.POINT;
import com.sun.jna.platform.win32.WinNT.HANDLE;
import com.sun.jna.platform.win32.WinUser.HMONITOR;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.win32.StdCallLibrary;
import com.sun.jna.win32.W32APIOptions;

/** The few Win32 calls jna-platform does not map. */
final class Win32 {

    private Win32() {
    }

    interface User32 extends StdCallLibrary {
        User32 LIB = Native.load("user32", User32.class, W32APIOptions.DEFAULT_OPTIONS);

        boolean GetCursorInfo(CURSORINFO info);

        short GetKeyState(int virtualKey);

        boolean DrawIconEx(HDC dc, int x, int y, HICON icon, int width, int height, int step, HBRUSH brush, int flags);

        HCURSOR LoadCursorW(Pointer instance, Pointer name);

        /** Windows 10 1703 and later; older systems (and Wine before 4) lack it. */
        boolean SetProcessDpiAwarenessContext(HANDLE context);
    }

    interface Gdi32 extends StdCallLibrary {
        Gdi32 LIB = Native.load("gdi32", Gdi32.class, W32APIOptions.DEFAULT_OPTIONS);

        boolean GdiFlush();
    }

    interface Shcore extends StdCallLibrary {
        Shcore LIB = Native.load("shcore", Shcore.class, W32APIOptions.DEFAULT_OPTIONS);

        int GetDpiForMonitor(HMONITOR monitor, int type, IntByReference dpiX, IntByReference dpiY);
    }

    @Structure.FieldOrder({ "cbSize", "flags", "hCursor", "ptScreenPos" })
    public static final class CURSORINFO extends Structure {
        public int cbSize = Native.POINTER_SIZE == 8 ? 24 : 20;
        public int flags;
        public HCURSOR hCursor;
        public POINT ptScreenPos;
    }

    static final int CURSOR_SHOWING = 1;
    static final int DI_NORMAL = 3;
    /** DPI_AWARENESS_CONTEXT_PER_MONITOR_AWARE_V2: coordinates in physical pixels on every monitor. */
    /** The system's arrow, as LoadCursor names it (MAKEINTRESOURCE(32512)). */
    static final Pointer IDC_ARROW = Pointer.createConstant(32512);
    static final HANDLE PER_MONITOR_AWARE_V2 = new HANDLE(Pointer.createConstant(-4));
}
