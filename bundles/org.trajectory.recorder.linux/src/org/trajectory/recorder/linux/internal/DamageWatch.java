package org.trajectory.recorder.linux.internal;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;

/**
 * Whether the screen changed since the last grab, as the X server tells it: DAMAGE reports on the root window (any
 * drawing anywhere on the screen), and the pointer, which we draw in ourselves and so damages nothing, moved or changed
 * its shape. A still desktop then costs a look at the event queue a frame instead of a grab, a copy and an encode.
 */
final class DamageWatch {

    private static final int XEVENT_BYTES = 192;

    private final Pointer display;
    private final long damage;
    private final int notify;
    private final Memory event = new Memory(XEVENT_BYTES);
    private int pointerX = Integer.MIN_VALUE;
    private int pointerY;
    private long cursorSerial = -1;

    private DamageWatch(Pointer display, long damage, int notify) {
        this.display = display;
        this.damage = damage;
        this.notify = notify;
    }

    /** Watches the root window of {@code display}; null when the server has no DAMAGE (every frame is then grabbed). */
    static DamageWatch start(Pointer display, long root) {
        try {
            IntByReference eventBase = new IntByReference();
            if (!Xlib.Xdamage.LIB.XDamageQueryExtension(display, eventBase, new IntByReference())) {
                return null;
            }
            long damage = Xlib.Xdamage.LIB.XDamageCreate(display, root, Xlib.Xdamage.REPORT_NON_EMPTY);
            return damage == 0 ? null : new DamageWatch(display, damage, eventBase.getValue() + Xlib.Xdamage.NOTIFY);
        } catch (UnsatisfiedLinkError e) {
            return null; // no libXdamage on this machine
        }
    }

    /**
     * Whether something was drawn, or the pointer moved or changed, since the last {@link #grabbing}; {@code cursor} is
     * the pointer as XFixesGetCursorImage gave it for this frame (null if it gave none).
     */
    boolean changed(Pointer cursor) {
        boolean drawn = false;
        while (Xlib.X11.LIB.XPending(display) > 0) {
            Xlib.X11.LIB.XNextEvent(display, event);
            drawn |= event.getInt(0) == notify;
        }
        return pointerChanged(cursor) || drawn;
    }

    private boolean pointerChanged(Pointer cursor) {
        if (cursor == null) {
            return false;
        }
        int x = cursor.getShort(0);
        int y = cursor.getShort(2);
        long serial = cursor.getLong(16);
        boolean changed = x != pointerX || y != pointerY || serial != cursorSerial;
        pointerX = x;
        pointerY = y;
        cursorSerial = serial;
        return changed;
    }

    /** Called before a grab: what is drawn from now on is reported again (the grab shows what came before). */
    void grabbing() {
        Xlib.Xdamage.LIB.XDamageSubtract(display, damage, 0, 0);
    }
}
