package org.trajectory.recorder.linux.internal;

import java.util.EnumSet;
import java.util.Set;

import org.trajectory.recorder.CaptureBackend;
import org.trajectory.recorder.CaptureException;
import org.trajectory.recorder.CaptureSession;
import org.trajectory.recorder.CaptureSettings;
import org.trajectory.recorder.CaptureSink;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;

/** Input and window context on X11, through the RECORD extension of libXtst. */
public final class X11Backend implements CaptureBackend {

    @Override
    public Availability availability() {
        if (System.getenv("WAYLAND_DISPLAY") != null || "wayland".equals(System.getenv("XDG_SESSION_TYPE"))) {
            return Availability.no("This is a Wayland session: X11 clients see only Xwayland windows, so input to other"
                    + " applications would be missing. Log in to an X11 (Xorg) session to record.");
        }
        if (System.getenv("DISPLAY") == null) {
            return Availability.no("DISPLAY is not set: there is no X server to record.");
        }
        try {
            Pointer display = Xlib.X11.LIB.XOpenDisplay(null);
            if (display == null) {
                return Availability.no("Could not connect to the X server " + System.getenv("DISPLAY") + ".");
            }
            try {
                IntByReference major = new IntByReference();
                IntByReference minor = new IntByReference();
                if (Xlib.Xtst.LIB.XRecordQueryVersion(display, major, minor) == 0) {
                    return Availability.no("The X server " + System.getenv("DISPLAY") + " has no RECORD extension.");
                }
            } finally {
                Xlib.X11.LIB.XCloseDisplay(display);
            }
        } catch (UnsatisfiedLinkError e) {
            return Availability.no("The X libraries are missing (" + e.getMessage() + "); install libx11-6 libxtst6 libxkbcommon0.");
        }
        return Availability.yes();
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.INPUT_EVENTS, Capability.WINDOW_CONTEXT, Capability.SCREEN_FRAMES);
    }

    @Override
    public CaptureSession start(CaptureSettings settings, CaptureSink sink) throws CaptureException {
        Availability availability = availability();
        if (!availability.available()) {
            throw new CaptureException(availability.reason());
        }
        return X11Session.start(settings, sink);
    }
}
