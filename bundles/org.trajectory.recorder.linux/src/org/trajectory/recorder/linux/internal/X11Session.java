package org.trajectory.recorder.linux.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.trajectory.recorder.CaptureException;
import org.trajectory.recorder.PausableSession;
import org.trajectory.recorder.CaptureSettings;
import org.trajectory.recorder.CaptureSink;
import org.trajectory.recorder.Clock;
import org.trajectory.recorder.InputEvent;
import org.trajectory.recorder.ScreenSize;
import org.trajectory.recorder.WindowEvent;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;

/**
 * One X11 capture. Connections: control (creates and disables the RECORD context), data (blocks in
 * XRecordEnableContext on its own thread, or reads XInput2 raw events where the server has no RECORD), query (key lookups), flush (XSync every 10 ms keeps RECORD's buffer
 * short, so events arrive within milliseconds) and window (focus changes). The RECORD callback only copies the 32
 * bytes of each event; decoding happens on the dispatch thread.
 */
final class X11Session extends PausableSession {

    private static final int KEY_PRESS = 2;
    private static final int KEY_RELEASE = 3;
    private static final int BUTTON_PRESS = 4;
    private static final int BUTTON_RELEASE = 5;
    private static final int MOTION_NOTIFY = 6;
    private static final byte[] END = new byte[0];
    private static final int GENERIC_EVENT = 35;
    private static final int XI_RAW_KEY_PRESS = 13;
    private static final int XI_RAW_KEY_RELEASE = 14;
    private static final int XI_RAW_BUTTON_PRESS = 15;
    private static final int XI_RAW_BUTTON_RELEASE = 16;
    private static final int XI_RAW_MOTION = 17;

    private final Xlib.X11 x = Xlib.X11.LIB;
    private final CaptureSink sink;
    private final Pointer control;
    private final Pointer data;
    private final Pointer query;
    private final Pointer flush;
    private final Pointer windows;
    private final long context;
    private final BlockingQueue<byte[]> queue = new LinkedBlockingQueue<>();
    private final Xlib.RecordCallback callback = this::intercepted; // held strongly: native code calls it
    private final List<Thread> threads = new ArrayList<>();
    private VideoCapture video;
    private ShmVideoCapture shmVideo;
    /** The element at each press and focus change; null when not captured. */
    private volatile ElementCapture elements;
    /** Open once RECORD delivers StartOfData: disabling a context before it is enabled would leave its thread blocked. */
    private final CountDownLatch recording = new CountDownLatch(1);
    private volatile boolean running = true;
    private int buttons;

    /**
     * Windows close between a focus change and the look-up of their title: Xlib's default handler would end the
     * process on the BadWindow that follows. Errors of requests are expected here and ignored (the look-up returns
     * nothing); held in a static field because native code calls it.
     */
    private static final Xlib.ErrorHandler IGNORE_ERRORS = (display, event) -> 0;

    /**
     * Connections whose X server went away. Xlib's default ends the process on a broken connection; these handlers
     * note the connection and return, so the recording is closed cleanly and the JVM carries on. No call is made on
     * such a connection afterwards (closing one hangs).
     */
    private static final java.util.Set<Pointer> GONE = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private static final Xlib.IOErrorHandler IO_ERROR = display -> {
        GONE.add(display);
        return 0;
    };
    private static final Xlib.IOErrorExitHandler IO_EXIT = (display, data) -> GONE.add(display);
    private final java.util.concurrent.atomic.AtomicBoolean gone = new java.util.concurrent.atomic.AtomicBoolean();

    private X11Session(CaptureSink sink) throws CaptureException {
        this.sink = sink;
        x.XInitThreads();
        x.XSetErrorHandler(IGNORE_ERRORS);
        x.XSetIOErrorHandler(IO_ERROR);
        control = open();
        data = open();
        query = open();
        flush = open();
        windows = open();
        if (!X11Backend.hasRecord(control) || X11Backend.INPUT_XINPUT2.equals(System.getenv(X11Backend.INPUT_VARIABLE))) {
            context = 0; // XInput2 raw events instead
            return;
        }
        Pointer range = Xlib.Xtst.LIB.XRecordAllocRange();
        range.clear(32);
        range.setByte(18, (byte) KEY_PRESS); // device_events.first
        range.setByte(19, (byte) MOTION_NOTIFY); // device_events.last
        context = Xlib.Xtst.LIB.XRecordCreateContext(control, 0, new long[] { 3 /* XRecordAllClients */ }, 1,
                new Pointer[] { range }, 1);
        x.XFree(range);
        if (context == 0) {
            throw new CaptureException("The X server refused a RECORD context.");
        }
        x.XSync(control, false);
    }

    /** Xlib's default for a protocol error ends the process; a replay, like a recording, goes on. */
    static void ignoreErrors() {
        Xlib.X11.LIB.XInitThreads();
        Xlib.X11.LIB.XSetErrorHandler(IGNORE_ERRORS);
    }

    static Pointer open() throws CaptureException {
        Pointer display = Xlib.X11.LIB.XOpenDisplay(null);
        if (display == null) {
            throw new CaptureException("Could not connect to the X server " + System.getenv("DISPLAY") + ".");
        }
        try {
            Xlib.X11Exit.LIB.XSetIOErrorExitHandler(display, IO_EXIT, null);
        } catch (UnsatisfiedLinkError old) {
            // libX11 before 1.7: a lost server still ends the process, and the next start finishes the recording
        }
        return display;
    }

    /**
     * The monitors by RandR (XRRMonitorInfo: name atom 0, primary 8, x 20, y 24, width 28, height 32, mm 36/40; 56
     * bytes each); the scale from the desktop's Xft.dpi over 96. One monitor of the whole screen where RandR is missing.
     */
    private List<org.trajectory.recorder.Monitor> monitors() {
        String dpi = x.XGetDefault(query, "Xft", "dpi");
        double scale = 1;
        try {
            scale = dpi == null ? 1 : Math.round(Double.parseDouble(dpi.strip()) / 96 * 100) / 100.0;
        } catch (NumberFormatException e) {
            // an odd resource: no scale
        }
        List<org.trajectory.recorder.Monitor> monitors = new ArrayList<>();
        try {
            IntByReference count = new IntByReference();
            Pointer info = Xlib.Xrandr.LIB.XRRGetMonitors(query, x.XDefaultRootWindow(query), true, count);
            if (info != null) {
                for (int i = 0; i < count.getValue(); i++) {
                    Pointer m = info.share(i * 56L);
                    String name = x.XGetAtomName(query, m.getLong(0));
                    monitors.add(new org.trajectory.recorder.Monitor(name == null ? "monitor-" + i : name, m.getInt(8) != 0, m.getInt(20),
                            m.getInt(24), m.getInt(28), m.getInt(32), m.getInt(36), m.getInt(40), scale));
                }
                Xlib.Xrandr.LIB.XRRFreeMonitors(info);
            }
        } catch (UnsatisfiedLinkError e) {
            // no libXrandr: the whole screen below
        }
        if (monitors.isEmpty()) {
            int screen = x.XDefaultScreen(query);
            monitors.add(new org.trajectory.recorder.Monitor("screen", true, 0, 0, x.XDisplayWidth(query, screen),
                    x.XDisplayHeight(query, screen), 0, 0, scale));
        }
        return monitors;
    }

    /** Whether the X server of this session went away. */
    private boolean serverGone() {
        return GONE.contains(control) || GONE.contains(data) || GONE.contains(query) || GONE.contains(flush) || GONE.contains(windows);
    }

    /** Once: stop every loop, and tell the sink the capture has ended. */
    private void lost() {
        if (gone.compareAndSet(false, true)) {
            running = false;
            queue.add(END);
            sink.problem("The X server " + System.getenv("DISPLAY") + " went away; the recording was stopped.", true);
        }
    }

    static X11Session start(CaptureSettings settings, CaptureSink sink) throws CaptureException {
        X11Session session = new X11Session(sink);
        if (settings.video() != null) {
            int screen = session.x.XDefaultScreen(session.query);
            int width = session.x.XDisplayWidth(session.query, screen);
            int height = session.x.XDisplayHeight(session.query, screen);
            sink.videoStarted(settings.fps(), width, height); // before the first frame arrives
            if (ShmVideoCapture.available(session.query) && !"x11grab".equals(System.getenv(X11Backend.VIDEO_VARIABLE))) {
                session.shmVideo = ShmVideoCapture.start(settings.video(), settings.fps(), width, height, sink);
            } else {
                session.video = VideoCapture.start(settings.video(), settings.fps(), width, height);
            }
        }
        sink.monitors(session.monitors());
        session.elements = ElementCapture.start(sink, settings.elements());
        if (session.context != 0) {
            session.thread("X11 RECORD", () -> Xlib.Xtst.LIB.XRecordEnableContext(session.data, session.context, session.callback, null));
        } else {
            session.thread("X11 XInput2", session::rawEvents);
        }
        session.thread("X11 event dispatch", session::dispatch);
        session.thread("X11 RECORD flush", session::flushLoop);
        session.thread("X11 window watch", session::watchWindows);
        try {
            if (!session.recording.await(5, TimeUnit.SECONDS)) {
                session.close();
                throw new CaptureException("The X server did not start recording within 5 s.");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            session.close();
            throw new CaptureException("Interrupted while starting to record", e);
        }
        return session;
    }

    private void thread(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        threads.add(thread);
        thread.start();
    }

    /** Called by libXtst for every intercepted block: copy the event, free the block, return at once. */
    private void intercepted(Pointer closure, Pointer intercept) {
        try {
            int category = intercept.getInt(24);
            if (category == 0) { // XRecordFromServer
                Pointer wire = intercept.getPointer(32);
                if (wire != null) {
                    queue.add(wire.getByteArray(0, 32));
                }
            } else if (category == 4) { // XRecordStartOfData: the context is enabled
                recording.countDown();
            } else if (category == 5) { // XRecordEndOfData
                queue.add(END);
            }
        } finally {
            Xlib.Xtst.LIB.XRecordFreeData(intercept);
        }
    }

    /**
     * The fallback without RECORD: XInput2 raw events of the master devices, read on the data connection. They carry
     * no pointer position or modifier state: the position is read with XQueryPointer as each event arrives (a moment
     * after it happened), and Shift, Ctrl, Alt and Super are followed from the raw key events themselves (a query
     * made after a quick Ctrl+S would already see Ctrl released). They are made into the same 32-byte events RECORD
     * gives, for one decoder. The server repeats some key releases: a release of a key not down is dropped.
     */
    private void rawEvents() {
        IntByReference opcode = new IntByReference();
        x.XQueryExtension(data, "XInputExtension", opcode, new IntByReference(), new IntByReference());
        long root = x.XDefaultRootWindow(data);
        Memory bits = new Memory(4);
        bits.setInt(0, 1 << XI_RAW_KEY_PRESS | 1 << XI_RAW_KEY_RELEASE | 1 << XI_RAW_BUTTON_PRESS | 1 << XI_RAW_BUTTON_RELEASE
                | 1 << XI_RAW_MOTION);
        Memory mask = new Memory(16);
        mask.setInt(0, 1); // XIAllMasterDevices
        mask.setInt(4, 4);
        mask.setPointer(8, bits);
        Xlib.Xi.LIB.XISelectEvents(data, root, mask, 1);
        x.XSync(data, false);
        recording.countDown();
        Memory event = new Memory(192);
        java.util.Set<Integer> keysDown = new java.util.HashSet<>();
        LongByReference rootReturn = new LongByReference();
        LongByReference child = new LongByReference();
        IntByReference rootX = new IntByReference();
        IntByReference rootY = new IntByReference();
        IntByReference windowXY = new IntByReference();
        IntByReference state = new IntByReference();
        java.util.Map<Integer, Integer> modifierBits = new java.util.HashMap<>();
        int held = 0; // the modifier bits of the keys down, as the events say
        while (running && !serverGone()) {
            if (x.XPending(data) == 0) {
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    return;
                }
                continue;
            }
            event.clear();
            x.XNextEvent(data, event);
            if (event.getInt(0) != GENERIC_EVENT || event.getInt(32) != opcode.getValue() || !x.XGetEventData(data, event)) {
                continue;
            }
            try {
                Pointer raw = event.getPointer(48);
                int type = switch (raw.getInt(36)) {
                    case XI_RAW_KEY_PRESS -> KEY_PRESS;
                    case XI_RAW_KEY_RELEASE -> KEY_RELEASE;
                    case XI_RAW_BUTTON_PRESS -> BUTTON_PRESS;
                    case XI_RAW_BUTTON_RELEASE -> BUTTON_RELEASE;
                    default -> MOTION_NOTIFY;
                };
                int detail = raw.getInt(56);
                if (type == KEY_PRESS) {
                    keysDown.add(detail);
                } else if (type == KEY_RELEASE && !keysDown.remove(detail)) {
                    continue;
                }
                x.XQueryPointer(data, root, rootReturn, child, rootX, rootY, windowXY, windowXY, state);
                // As in a core event, the state is the one before this event: a modifier's own press does not show it.
                int eventState = state.getValue() & ~FOLLOWED_MODIFIERS | held;
                if (type == KEY_PRESS || type == KEY_RELEASE) {
                    int bit = modifierBits.computeIfAbsent(detail, this::modifierBit);
                    held = type == KEY_PRESS ? held | bit : held & ~bit;
                }
                byte[] wire = new byte[32];
                wire[0] = (byte) type;
                wire[1] = (byte) detail;
                long time = raw.getLong(40);
                for (int i = 0; i < 4; i++) {
                    wire[4 + i] = (byte) (time >>> (8 * i));
                }
                wire[20] = (byte) rootX.getValue();
                wire[21] = (byte) (rootX.getValue() >> 8);
                wire[22] = (byte) rootY.getValue();
                wire[23] = (byte) (rootY.getValue() >> 8);
                wire[28] = (byte) eventState;
                wire[29] = (byte) (eventState >> 8);
                queue.add(wire);
            } finally {
                x.XFreeEventData(data, event);
            }
        }
    }

    /** Shift, Control, Mod1 (Alt) and Mod4 (Super): the modifier bits followed from raw key events. */
    private static final int FOLLOWED_MODIFIERS = 1 | 4 | 8 | 64;

    /** The modifier bit a key sets while it is down (0 for other keys), from its unshifted keysym's name. */
    private int modifierBit(int keycode) {
        Memory event = new Memory(192);
        event.clear();
        event.setInt(0, KEY_PRESS);
        event.setPointer(24, query);
        event.setInt(84, keycode);
        LongByReference keysym = new LongByReference();
        synchronized (this) {
            x.XLookupString(event, new byte[16], 16, keysym, null);
        }
        String name = x.XKeysymToString(keysym.getValue());
        if (name == null) {
            return 0;
        }
        return name.startsWith("Shift_") ? 1 : name.startsWith("Control_") ? 4
                : name.startsWith("Alt_") || name.startsWith("Meta_") ? 8 : name.startsWith("Super_") ? 64 : 0;
    }

    private void dispatch() {
        while (true) {
            byte[] wire;
            try {
                wire = queue.poll(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (wire == END || (wire == null && !running)) {
                return;
            }
            if (wire != null && !isPaused()) {
                decode(wire);
            }
        }
    }

    private void decode(byte[] wire) {
        int type = wire[0] & 0x7f;
        int detail = wire[1] & 0xff;
        double time = Clock.fromServerMillis(u32(wire, 4));
        int rootX = s16(wire, 20);
        int rootY = s16(wire, 22);
        int state = u16(wire, 28);
        switch (type) {
            case MOTION_NOTIFY -> sink.input(InputEvent.move(time, rootX, rootY));
            case BUTTON_PRESS, BUTTON_RELEASE -> button(type == BUTTON_PRESS, detail, time, rootX, rootY, state);
            case KEY_PRESS, KEY_RELEASE -> key(type == KEY_PRESS, detail, time, state);
            default -> { }
        }
    }

    private void button(boolean pressed, int button, double time, int rootX, int rootY, int state) {
        List<String> modifiers = modifiers(state);
        switch (button) {
            case 1, 2, 3 -> {
                buttons = pressed ? buttons | (1 << button) : buttons & ~(1 << button);
                String name = button == 1 ? "left" : button == 2 ? "middle" : "right";
                InputEvent click = InputEvent.click(time, rootX, rootY, name, pressed, modifiers);
                sink.input(click);
                ElementCapture capture = elements;
                if (pressed && capture != null && !isPaused()) {
                    capture.pressed(click);
                }
            }
            case 4, 5, 6, 7 -> {
                if (pressed) { // a wheel step is a press and a release: one scroll
                    int dy = button == 4 ? 1 : button == 5 ? -1 : 0;
                    int dx = button == 6 ? -1 : button == 7 ? 1 : 0;
                    sink.input(InputEvent.scroll(time, rootX, rootY, dx, dy, modifiers));
                }
            }
            default -> { }
        }
    }

    private void key(boolean pressed, int keycode, double time, int state) {
        Memory event = new Memory(192);
        event.clear();
        event.setInt(0, KEY_PRESS);
        event.setPointer(24, query);
        event.setInt(80, state);
        event.setInt(84, keycode);
        byte[] buffer = new byte[16];
        LongByReference keysym = new LongByReference();
        int length;
        synchronized (this) {
            length = x.XLookupString(event, buffer, buffer.length, keysym, null);
        }
        String character = null;
        int utf32 = Xlib.Xkb.LIB.xkb_keysym_to_utf32((int) keysym.getValue());
        if (utf32 > 0 && Character.isValidCodePoint(utf32)) {
            character = new String(Character.toChars(utf32));
        } else if (length > 0) {
            character = new String(buffer, 0, length, StandardCharsets.ISO_8859_1);
        }
        String keysymName = x.XKeysymToString(keysym.getValue());
        boolean control = character != null && character.codePointAt(0) < 0x20 && !"\r\t\b".contains(character);
        sink.input(InputEvent.key(time, pressed, KeyNames.name(keysymName, control ? null : character), keysym.getValue(),
                control ? null : character, modifiers(state)));
    }

    /** The X state's Shift, Lock, Control, Mod1 (Alt) and Mod4 (Super) bits. */
    private static List<String> modifiers(int state) {
        return InputEvent.modifiers((state & 1) != 0, (state & 2) != 0, (state & 4) != 0, (state & 8) != 0, (state & 64) != 0);
    }

    private void flushLoop() {
        while (running) {
            x.XSync(flush, false);
            if (serverGone()) {
                lost();
                return;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void watchWindows() {
        WindowWatcher watcher = new WindowWatcher(windows);
        WindowEvent first = watcher.current(Clock.now());
        if (first != null) {
            sink.window(first);
            activeWindow(first);
        }
        ScreenSize size = watcher.screen(Clock.now());
        if (size != null) {
            sink.screen(size);
            sink.setup(SetupProbe.probe(watcher, size.width(), size.height(), watcher.lastWindow()));
        }
        Memory event = new Memory(192);
        double sizeChecked = Clock.now();
        while (running && !serverGone()) {
            double asked = Clock.now();
            WindowEvent next = watcher.next(event);
            if (next != null) {
                if (!isPaused()) {
                    sink.window(next);
                    activeWindow(next);
                }
                continue; // more may wait
            }
            sink.windowsHeard(asked);
            if (asked - sizeChecked >= 0.1) {
                sizeChecked = asked;
                ScreenSize now = watcher.screen(asked);
                if (now != null && size != null && (now.width() != size.width() || now.height() != size.height())) {
                    size = now;
                    sink.screen(now);
                }
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void activeWindow(WindowEvent window) {
        ElementCapture capture = elements;
        if (capture != null) {
            capture.activeWindow(window.pid());
        }
    }

    private static long u32(byte[] b, int at) {
        return (b[at] & 0xffL) | (b[at + 1] & 0xffL) << 8 | (b[at + 2] & 0xffL) << 16 | (b[at + 3] & 0xffL) << 24;
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8;
    }

    private static int s16(byte[] b, int at) {
        return (short) u16(b, at);
    }

    @Override
    public synchronized void close() {
        if (elements != null) {
            elements.close(); // before the sink closes: no element after it
            elements = null;
        }
        if (gone.get() || serverGone()) {
            lost();
            if (video != null) {
                video.stop(); // ffmpeg ends when its server does; this waits for it
            }
            if (shmVideo != null) {
                shmVideo.stop(true);
            }
            for (Thread thread : threads) {
                try {
                    thread.join(1000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return; // no Xlib call on a broken connection
        }
        if (!running) {
            return;
        }
        if (video != null) {
            video.stop();
        }
        if (shmVideo != null) {
            shmVideo.stop(false);
        }
        if (context == 0) { // XInput2: the reading thread stops on the flag
            running = false;
            for (Thread thread : threads) {
                try {
                    thread.join(2000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            for (Pointer display : new Pointer[] { query, flush, windows, control, data }) {
                x.XCloseDisplay(display);
            }
            return;
        }
        boolean enabled = recording.getCount() == 0;
        Xlib.Xtst.LIB.XRecordDisableContext(control, context);
        x.XFlush(control);
        x.XSync(flush, false);
        try {
            threads.get(0).join(2000); // the RECORD thread returns after EndOfData
            threads.get(1).join(2000); // dispatch drains what came before it
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        boolean dataFree = enabled && !threads.get(0).isAlive();
        running = false;
        for (Thread thread : threads) {
            thread.interrupt();
            try {
                thread.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Xlib.Xtst.LIB.XRecordFreeContext(control, context);
        for (Pointer display : new Pointer[] { flush, windows, control }) {
            x.XCloseDisplay(display);
        }
        if (!threads.get(1).isAlive()) {
            x.XCloseDisplay(query); // the dispatch thread looks keys up on it: never closed under a thread still decoding
        }
        if (dataFree) {
            x.XCloseDisplay(data); // never while a thread may still be inside Xlib on it: that would hang
        }
    }
}
