package org.trajectory.recorder.linux.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.trajectory.recorder.Clock;
import org.trajectory.recorder.ScreenSize;
import org.trajectory.recorder.WindowEvent;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The active window as a stream of focus changes: PropertyNotify of _NET_ACTIVE_WINDOW on the root, whose X time is on
 * the same clock as the input events. Needs an EWMH window manager (openbox under Xvfb).
 */
final class WindowWatcher {

    private static final long PROPERTY_CHANGE_MASK = 1L << 22;
    private static final int PROPERTY_NOTIFY = 28;
    private static final long ANY_PROPERTY_TYPE = 0;

    private final Xlib.X11 x = Xlib.X11.LIB;
    private final Pointer display;
    private final long root;
    private final long activeWindow;
    private final long netWmName;
    private final long utf8String;
    private final long wmName;
    private final long wmClass;
    private final long netWmPid;
    private final long wmState;
    private final long clientList;
    private long lastWindow = -1;

    WindowWatcher(Pointer display) {
        this.display = display;
        root = x.XDefaultRootWindow(display);
        activeWindow = x.XInternAtom(display, "_NET_ACTIVE_WINDOW", false);
        netWmName = x.XInternAtom(display, "_NET_WM_NAME", false);
        utf8String = x.XInternAtom(display, "UTF8_STRING", false);
        wmName = x.XInternAtom(display, "WM_NAME", false);
        wmClass = x.XInternAtom(display, "WM_CLASS", false);
        netWmPid = x.XInternAtom(display, "_NET_WM_PID", false);
        wmState = x.XInternAtom(display, "WM_STATE", false);
        clientList = x.XInternAtom(display, "_NET_CLIENT_LIST", false);
        x.XSelectInput(display, root, PROPERTY_CHANGE_MASK);
        x.XFlush(display);
    }

    /** The window active now, or null when none is (or no EWMH window manager runs). */
    WindowEvent current(double time) {
        long window = active();
        lastWindow = window;
        return window == 0 ? null : describe(window, time);
    }


    /** The window {@link #current} or {@link #next} found last (0 for none). */
    long lastWindow() {
        return Math.max(lastWindow, 0);
    }

    /**
     * The next change of the active window the server has sent, or null when there is none: then every change up to
     * the moment of the call was heard (a round trip to the server first, which sends every event before it answers).
     */
    WindowEvent next(Memory event) {
        x.XSync(display, false);
        while (x.XPending(display) > 0) {
            x.XNextEvent(display, event);
            if (event.getInt(0) == PROPERTY_NOTIFY && event.getLong(40) == activeWindow) {
                long window = active();
                if (window != lastWindow && window != 0) {
                    lastWindow = window;
                    return describe(window, Clock.fromServerMillis(event.getLong(48)));
                }
            }
        }
        return null;
    }

    private long active() {
        Pointer data = property(root, activeWindow, ANY_PROPERTY_TYPE);
        if (data == null) {
            return 0;
        }
        try {
            return data.getLong(0); // format 32 comes back as C longs
        } finally {
            x.XFree(data);
        }
    }

    /** The windows the window manager manages (_NET_CLIENT_LIST), oldest first; empty without an EWMH window manager. */
    List<Long> clients() {
        LongByReference items = new LongByReference();
        Pointer data = property(root, clientList, ANY_PROPERTY_TYPE, items);
        if (data == null) {
            return List.of();
        }
        try {
            List<Long> clients = new ArrayList<>();
            for (int i = 0; i < items.getValue(); i++) {
                clients.add(data.getLong(8L * i));
            }
            return clients;
        } finally {
            x.XFree(data);
        }
    }

    /** Where the pointer is, or null when the server does not say. */
    java.awt.Point pointer() {
        IntByReference px = new IntByReference();
        IntByReference py = new IntByReference();
        return x.XQueryPointer(display, root, new LongByReference(), new LongByReference(), px, py, new IntByReference(),
                new IntByReference(), new IntByReference()) ? new java.awt.Point(px.getValue(), py.getValue()) : null;
    }

    /** Whether an EWMH window manager runs (it names its check window on the root). */
    boolean managed() {
        Pointer data = property(root, x.XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", false), ANY_PROPERTY_TYPE);
        if (data != null) {
            x.XFree(data);
        }
        return data != null;
    }

    /** Asks the window manager to focus and raise a window, as a pager would (_NET_ACTIVE_WINDOW, source 2). */
    void activate(long window) {
        Memory message = new Memory(192);
        message.clear();
        message.setInt(0, 33); // ClientMessage
        message.setInt(16, 1); // send_event
        message.setPointer(24, display);
        message.setLong(32, window);
        message.setLong(40, activeWindow);
        message.setInt(48, 32);
        message.setLong(56, 2);
        x.XSendEvent(display, root, false, (1L << 20) | (1L << 19), message); // SubstructureRedirect | SubstructureNotify
        x.XFlush(display);
    }

    /** Asks for a window's contents to be at {@code (wx, wy)} with that size; the manager decides, so callers check. */
    void place(long window, int wx, int wy, int width, int height) {
        x.XMoveResizeWindow(display, window, wx, wy, width, height);
        x.XFlush(display);
    }

    WindowEvent describe(long window, double time) {
        String title = text(window, netWmName, utf8String);
        if (title == null) {
            title = text(window, wmName, ANY_PROPERTY_TYPE);
        }
        String windowClass = null;
        LongByReference items = new LongByReference();
        Pointer classes = property(window, wmClass, ANY_PROPERTY_TYPE, items);
        if (classes != null) {
            byte[] bytes = classes.getByteArray(0, (int) items.getValue());
            x.XFree(classes);
            String[] parts = new String(bytes, StandardCharsets.ISO_8859_1).split("\0");
            windowClass = parts.length > 1 ? parts[1] : parts.length == 1 ? parts[0] : null;
        }
        Long pid = null;
        Pointer pidData = property(window, netWmPid, ANY_PROPERTY_TYPE);
        if (pidData != null) {
            pid = pidData.getLong(0);
            x.XFree(pidData);
        }
        IntByReference width = new IntByReference();
        IntByReference height = new IntByReference();
        IntByReference rootX = new IntByReference();
        IntByReference rootY = new IntByReference();
        if (x.XGetGeometry(display, window, new LongByReference(), new IntByReference(), new IntByReference(), width, height,
                new IntByReference(), new IntByReference()) == 0) {
            return null; // the window is gone (a stale _NET_ACTIVE_WINDOW)
        }
        x.XTranslateCoordinates(display, window, root, 0, 0, rootX, rootY, new LongByReference());
        return new WindowEvent(time, title == null ? "" : title, windowClass, pid, rootX.getValue(), rootY.getValue(),
                width.getValue(), height.getValue());
    }

    /** The root window's size now (a resolution change resizes it), or null if the server does not answer. */
    ScreenSize screen(double time) {
        IntByReference width = new IntByReference();
        IntByReference height = new IntByReference();
        if (x.XGetGeometry(display, root, new LongByReference(), new IntByReference(), new IntByReference(), width, height,
                new IntByReference(), new IntByReference()) == 0) {
            return null;
        }
        return new ScreenSize(time, width.getValue(), height.getValue());
    }

    private String text(long window, long property, long type) {
        LongByReference items = new LongByReference();
        Pointer data = property(window, property, type, items);
        if (data == null) {
            return null;
        }
        try {
            return new String(data.getByteArray(0, (int) items.getValue()),
                    type == utf8String ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        } finally {
            x.XFree(data);
        }
    }

    private Pointer property(long window, long property, long type) {
        return property(window, property, type, new LongByReference());
    }

    private Pointer property(long window, long property, long type, LongByReference items) {
        LongByReference actualType = new LongByReference();
        IntByReference format = new IntByReference();
        LongByReference after = new LongByReference();
        PointerByReference data = new PointerByReference();
        int status = x.XGetWindowProperty(display, window, property, 0, 4096, false, type, actualType, format, items, after, data);
        if (status != 0 || data.getValue() == null || items.getValue() == 0) {
            if (data.getValue() != null) {
                x.XFree(data.getValue());
            }
            return null;
        }
        return data.getValue();
    }

    long wmStateAtom() {
        return wmState;
    }
}
