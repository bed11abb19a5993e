package org.trajectory.recorder.linux.internal;

import org.trajectory.recorder.CaptureBackend;
import org.trajectory.recorder.CaptureException;
import org.trajectory.recorder.CaptureSession;
import org.trajectory.recorder.CaptureSettings;
import org.trajectory.recorder.CaptureSink;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;

/** Input and window context on X11, through the RECORD extension of libXtst, or XInput2 raw events without it. */
public final class X11Backend implements CaptureBackend {

    /** {@code TW_X11_INPUT=xinput2} uses the fallback even where RECORD exists (a RECORD that misbehaves; tests). */
    static final String INPUT_VARIABLE = "TW_X11_INPUT";
    static final String INPUT_XINPUT2 = "xinput2";
    /**
     * {@code TW_X11_VIDEO=x11grab} lets ffmpeg grab the screen instead of our MIT-SHM capture; {@code every-frame}
     * grabs every frame even when the X server says nothing changed (a server whose damage reports miss drawing).
     */
    static final String VIDEO_VARIABLE = "TW_X11_VIDEO";
    static final String VIDEO_EVERY_FRAME = "every-frame";

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
                if (!hasRecord(display) && !hasRawEvents(display)) {
                    return Availability.no("The X server " + System.getenv("DISPLAY") + " has neither the RECORD extension nor"
                            + " XInput 2.2: global input cannot be read.");
                }
            } finally {
                Xlib.X11.LIB.XCloseDisplay(display);
            }
        } catch (UnsatisfiedLinkError e) {
            return Availability.no("The X libraries are missing (" + e.getMessage() + "); install libx11-6 libxtst6 libxkbcommon0.");
        }
        return Availability.yes();
    }

    static boolean hasRecord(Pointer display) {
        IntByReference major = new IntByReference();
        IntByReference minor = new IntByReference();
        return Xlib.X11.LIB.XQueryExtension(display, "RECORD", new IntByReference(), new IntByReference(), new IntByReference())
                && Xlib.Xtst.LIB.XRecordQueryVersion(display, major, minor) != 0;
    }

    static boolean hasRawEvents(Pointer display) {
        IntByReference major = new IntByReference(2);
        IntByReference minor = new IntByReference(2);
        try {
            return Xlib.X11.LIB.XQueryExtension(display, "XInputExtension", new IntByReference(), new IntByReference(), new IntByReference())
                    && Xlib.Xi.LIB.XIQueryVersion(display, major, minor) == 0 && (major.getValue() > 2 || minor.getValue() >= 2);
        } catch (UnsatisfiedLinkError e) {
            return false; // no libXi
        }
    }

    @Override
    public CaptureSession start(CaptureSettings settings, CaptureSink sink) throws CaptureException {
        availability().require();
        return X11Session.start(settings, sink);
    }
}
