package org.trajectory.recorder.windows.internal;

import org.trajectory.recorder.CaptureBackend;
import org.trajectory.recorder.CaptureException;
import org.trajectory.recorder.CaptureSession;
import org.trajectory.recorder.CaptureSettings;
import org.trajectory.recorder.CaptureSink;

import com.sun.jna.Platform;
import com.sun.jna.platform.win32.User32;
import com.sun.jna.platform.win32.WinUser;

/** Input through low-level hooks, the foreground window by event hook, the screen through GDI, on Windows. */
public final class WindowsBackend implements CaptureBackend {

    @Override
    public Availability availability() {
        if (!Platform.isWindows()) {
            return Availability.no("This backend records Windows desktops; this is " + System.getProperty("os.name") + ".");
        }
        try {
            if (User32.INSTANCE.GetSystemMetrics(WinUser.SM_CXVIRTUALSCREEN) == 0) {
                return Availability.no("There is no interactive desktop to record (a service or a locked session): log in and"
                        + " start the workbench on the desktop.");
            }
        } catch (UnsatisfiedLinkError e) {
            return Availability.no("user32.dll could not be loaded (" + e.getMessage() + ").");
        }
        return Availability.yes();
    }

    @Override
    public CaptureSession start(CaptureSettings settings, CaptureSink sink) throws CaptureException {
        availability().require();
        return WindowsSession.start(settings, sink);
    }
}
