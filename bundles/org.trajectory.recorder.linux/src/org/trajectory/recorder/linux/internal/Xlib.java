package org.trajectory.recorder.linux.internal;

import com.sun.jna.Callback;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The few Xlib, XTest (RECORD and input) and xkbcommon calls the recorder and replay need, declared here (jna-platform has no RECORD).
 * X ids (windows, atoms) are C longs, 64 bits on the Linux x86_64 this fragment runs on.
 */
final class Xlib {

    private Xlib() {
    }

    interface X11 extends Library {
        X11 LIB = Native.load("X11", X11.class);

        int XInitThreads();

        Pointer XOpenDisplay(String name);

        int XCloseDisplay(Pointer display);

        int XFlush(Pointer display);

        int XSync(Pointer display, boolean discard);

        int XDefaultScreen(Pointer display);

        Pointer XDefaultVisual(Pointer display, int screen);

        int XDefaultDepth(Pointer display, int screen);

        String XGetAtomName(Pointer display, long atom);

        String XGetDefault(Pointer display, String program, String option);

        long XDefaultRootWindow(Pointer display);

        int XDisplayWidth(Pointer display, int screen);

        int XDisplayHeight(Pointer display, int screen);

        long XInternAtom(Pointer display, String name, boolean onlyIfExists);

        int XGetWindowProperty(Pointer display, long window, long property, long offset, long length, boolean delete,
                long type, LongByReference actualType, IntByReference actualFormat, LongByReference items,
                LongByReference bytesAfter, PointerByReference data);

        int XFree(Pointer data);

        int XSelectInput(Pointer display, long window, long mask);

        int XPending(Pointer display);

        int XNextEvent(Pointer display, Pointer event);

        int XGetGeometry(Pointer display, long drawable, LongByReference root, IntByReference x, IntByReference y,
                IntByReference width, IntByReference height, IntByReference border, IntByReference depth);

        boolean XTranslateCoordinates(Pointer display, long source, long destination, int x, int y, IntByReference destX,
                IntByReference destY, LongByReference child);

        int XLookupString(Pointer keyEvent, byte[] buffer, int length, LongByReference keysym, Pointer status);

        String XKeysymToString(long keysym);

        long XkbKeycodeToKeysym(Pointer display, byte keycode, int group, int level);

        boolean XQueryExtension(Pointer display, String name, IntByReference opcode, IntByReference event, IntByReference error);

        boolean XQueryPointer(Pointer display, long window, LongByReference root, LongByReference child, IntByReference rootX,
                IntByReference rootY, IntByReference windowX, IntByReference windowY, IntByReference mask);

        boolean XGetEventData(Pointer display, Pointer cookie);

        void XFreeEventData(Pointer display, Pointer cookie);

        Pointer XSetIOErrorHandler(IOErrorHandler handler);

        Pointer XSetErrorHandler(ErrorHandler handler);

        long XStringToKeysym(String name);

        byte XKeysymToKeycode(Pointer display, long keysym);

        int XDisplayKeycodes(Pointer display, IntByReference min, IntByReference max);

        Pointer XGetKeyboardMapping(Pointer display, byte first, int count, IntByReference keysymsPerKeycode);

        int XChangeKeyboardMapping(Pointer display, int first, int keysymsPerKeycode, long[] keysyms, int count);

        Pointer XGetImage(Pointer display, long drawable, int x, int y, int width, int height, long planeMask, int format);

        int XMoveResizeWindow(Pointer display, long window, int x, int y, int width, int height);

        int XSendEvent(Pointer display, long window, boolean propagate, long mask, Pointer event);
    }

    /** Called when the X connection breaks; returning lets the JVM live when XSetIOErrorExitHandler is also set. */
    interface IOErrorHandler extends Callback {
        int invoke(Pointer display);
    }

    interface ErrorHandler extends Callback {
        int invoke(Pointer display, Pointer event);
    }

    interface IOErrorExitHandler extends Callback {
        void invoke(Pointer display, Pointer data);
    }

    /** libX11 1.8.4+: without it an I/O error ends the process whatever the handler returns. */
    interface X11Exit extends Library {
        X11Exit LIB = Native.load("X11", X11Exit.class);

        void XSetIOErrorExitHandler(Pointer display, IOErrorExitHandler handler, Pointer data);
    }

    interface Xtst extends Library {
        Xtst LIB = Native.load("Xtst", Xtst.class);

        int XRecordQueryVersion(Pointer display, IntByReference major, IntByReference minor);

        Pointer XRecordAllocRange();

        long XRecordCreateContext(Pointer display, int datumFlags, long[] clients, int clientCount, Pointer[] ranges, int rangeCount);

        int XRecordEnableContext(Pointer display, long context, RecordCallback callback, Pointer closure);

        int XRecordDisableContext(Pointer display, long context);

        int XRecordFreeContext(Pointer display, long context);

        void XRecordFreeData(Pointer data);

        boolean XTestQueryExtension(Pointer display, IntByReference event, IntByReference error, IntByReference major,
                IntByReference minor);

        int XTestFakeMotionEvent(Pointer display, int screen, int x, int y, long delay);

        int XTestFakeButtonEvent(Pointer display, int button, boolean press, long delay);

        int XTestFakeKeyEvent(Pointer display, int keycode, boolean press, long delay);
    }

    /** RandR 1.5 (libXrandr): the monitors. */
    interface Xrandr extends Library {
        Xrandr LIB = Native.load("Xrandr", Xrandr.class);

        Pointer XRRGetMonitors(Pointer display, long window, boolean active, IntByReference count);

        void XRRFreeMonitors(Pointer monitors);
    }

    /** MIT-SHM (libXext): the screen into shared memory, without copying it through the X socket. */
    interface Xext extends Library {
        Xext LIB = Native.load("Xext", Xext.class);

        boolean XShmQueryExtension(Pointer display);

        Pointer XShmCreateImage(Pointer display, Pointer visual, int depth, int format, Pointer data, Pointer shminfo, int width,
                int height);

        boolean XShmAttach(Pointer display, Pointer shminfo);

        boolean XShmDetach(Pointer display, Pointer shminfo);

        boolean XShmGetImage(Pointer display, long drawable, Pointer image, int x, int y, long planeMask);
    }

    /** XFixes: the pointer's image, which screen grabs do not contain. */
    interface Xfixes extends Library {
        Xfixes LIB = Native.load("Xfixes", Xfixes.class);

        boolean XFixesQueryExtension(Pointer display, IntByReference event, IntByReference error);

        Pointer XFixesGetCursorImage(Pointer display);
    }

    /** DAMAGE: the server tells which drawables changed, so an unchanged screen need not be grabbed. */
    interface Xdamage extends Library {
        Xdamage LIB = Native.load("Xdamage", Xdamage.class);
        /** An event each time the damage goes from empty to not empty (after each subtract). */
        int REPORT_NON_EMPTY = 3;
        /** Its event's number after the extension's event base. */
        int NOTIFY = 0;

        boolean XDamageQueryExtension(Pointer display, IntByReference event, IntByReference error);

        long XDamageCreate(Pointer display, long drawable, int level);

        void XDamageSubtract(Pointer display, long damage, long repair, long parts);
    }

    /** System V shared memory, for MIT-SHM. */
    interface LibC extends Library {
        LibC LIB = Native.load("c", LibC.class);

        int shmget(int key, long size, int flags);

        Pointer shmat(int id, Pointer address, int flags);

        int shmdt(Pointer address);

        int shmctl(int id, int command, Pointer buffer);

        int mkfifo(String path, int mode);

        int open(String path, int flags);

        int fcntl(int fd, int command, int argument);

        long write(int fd, Pointer buffer, long count);

        int close(int fd);
    }

    /** XInput2 (libXi): raw device events, the fallback where the server has no RECORD. */
    interface Xi extends Library {
        Xi LIB = Native.load("Xi", Xi.class);

        int XIQueryVersion(Pointer display, IntByReference major, IntByReference minor);

        int XISelectEvents(Pointer display, long window, Pointer masks, int count);
    }

    interface RecordCallback extends Callback {
        void invoke(Pointer closure, Pointer interceptData);
    }

    interface Xkb extends Library {
        Xkb LIB = Native.load("xkbcommon", Xkb.class);

        int xkb_keysym_to_utf32(int keysym);
    }
}
