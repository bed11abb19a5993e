package org.trajectory.recorder.windows.internal;

import java.util.ArrayList;
import java.util.List;

import org.trajectory.recorder.Monitor;

import com.sun.jna.Native;
import com.sun.jna.platform.win32.User32;
import com.sun.jna.platform.win32.WinDef.LPARAM;
import com.sun.jna.platform.win32.WinUser;
import com.sun.jna.ptr.IntByReference;

/**
 * The virtual screen (all monitors) in physical pixels, its top-left corner ({@code x}, {@code y}; negative when a
 * monitor lies left of or above the primary one) and its monitors, each with the scale of its DPI over 96.
 */
record Screen(int x, int y, int width, int height, List<Monitor> monitors) {

    static Screen now() {
        User32 user32 = User32.INSTANCE;
        int x = user32.GetSystemMetrics(WinUser.SM_XVIRTUALSCREEN);
        int y = user32.GetSystemMetrics(WinUser.SM_YVIRTUALSCREEN);
        List<Monitor> monitors = new ArrayList<>();
        user32.EnumDisplayMonitors(null, null, (monitor, dc, rect, data) -> {
            WinUser.MONITORINFOEX info = new WinUser.MONITORINFOEX();
            if (user32.GetMonitorInfo(monitor, info).booleanValue()) {
                var r = info.rcMonitor;
                monitors.add(new Monitor(Native.toString(info.szDevice), (info.dwFlags & 1) != 0, r.left - x, r.top - y,
                        r.right - r.left, r.bottom - r.top, 0, 0, scale(monitor)));
            }
            return 1;
        }, new LPARAM(0));
        return new Screen(x, y, user32.GetSystemMetrics(WinUser.SM_CXVIRTUALSCREEN), user32.GetSystemMetrics(WinUser.SM_CYVIRTUALSCREEN),
                List.copyOf(monitors));
    }

    /** The monitor's effective DPI over 96 (Windows 8.1 and later), else 1. */
    private static double scale(WinUser.HMONITOR monitor) {
        try {
            IntByReference dpiX = new IntByReference();
            if (Win32.Shcore.LIB.GetDpiForMonitor(monitor, 0 /* MDT_EFFECTIVE_DPI */, dpiX, new IntByReference()) == 0 && dpiX.getValue() > 0) {
                return Math.round(dpiX.getValue() / 96.0 * 100) / 100.0;
            }
        } catch (UnsatisfiedLinkError e) {
            // no shcore.dll
        }
        return 1;
    }
}
