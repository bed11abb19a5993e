package org.trajectory.recorder.windows.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
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

import com.sun.jna.Pointer;
import com.sun.jna.platform.win32.Kernel32;
import com.sun.jna.platform.win32.User32;
import com.sun.jna.platform.win32.WinDef.HWND;
import com.sun.jna.platform.win32.WinDef.LPARAM;
import com.sun.jna.platform.win32.WinDef.LRESULT;
import com.sun.jna.platform.win32.WinDef.WPARAM;
import com.sun.jna.platform.win32.WinNT.HANDLE;
import com.sun.jna.platform.win32.WinUser;

/**
 * One Windows capture. A thread of its own installs the low-level mouse and keyboard hooks and the foreground and
 * focus event hooks and runs their message loop; the hooks only queue what they are given (Windows drops a hook that takes
 * too long) and a dispatch thread turns it into events. Coordinates are pixels of the virtual screen from its top-left
 * corner, physical on every monitor (the process is made per-monitor DPI aware), so they match the video's pixels.
 */
final class WindowsSession extends PausableSession {

    private static final int WM_MOUSEMOVE = 0x200;
    private static final int WM_LBUTTONDOWN = 0x201;
    private static final int WM_LBUTTONUP = 0x202;
    private static final int WM_RBUTTONDOWN = 0x204;
    private static final int WM_RBUTTONUP = 0x205;
    private static final int WM_MBUTTONDOWN = 0x207;
    private static final int WM_MBUTTONUP = 0x208;
    private static final int WM_MOUSEWHEEL = 0x20A;
    private static final int WM_XBUTTONDOWN = 0x20B;
    private static final int WM_XBUTTONUP = 0x20C;
    private static final int WM_MOUSEHWHEEL = 0x20E;
    private static final int WM_KEYDOWN = 0x100;
    private static final int WM_SYSKEYDOWN = 0x104;
    private static final int WM_QUIT = 0x12;
    private static final int LLMHF_INJECTED = 0x1;
    private static final int LLKHF_INJECTED = 0x10;
    private static final int WHEEL_DELTA = 120;
    private static final int EVENT_SYSTEM_FOREGROUND = 3;
    private static final int EVENT_OBJECT_FOCUS = 0x8005;
    private static final int PM_NOREMOVE = 0;
    /** ToUnicodeEx: leave the keyboard state alone, so a dead key typed by the user still combines with the next key. */
    private static final int KEEP_KEYBOARD_STATE = 0x4;

    private enum Kind { MOUSE, KEY, FOREGROUND, END }

    /** What a hook was given, copied out of its structure; decoded later, on the dispatch thread. */
    private record Raw(Kind kind, int message, int x, int y, int data, int flags, int tick, long window, double arrival) {
    }

    private static final Raw END = new Raw(Kind.END, 0, 0, 0, 0, 0, 0, 0, 0);

    private final User32 user32 = User32.INSTANCE;
    private final CaptureSink sink;
    private final BlockingQueue<Raw> queue = new LinkedBlockingQueue<>();
    private final CountDownLatch hooked = new CountDownLatch(1);
    // Threads: the hooks' message loop, the dispatch of what they queue, the watch of the screen's size.
    private Thread hooks;
    private Thread dispatcher;
    private Thread screenWatch;
    // Held strongly: native code calls them for as long as the hooks are installed.
    private final WinUser.LowLevelMouseProc mouseProc = this::mouse;
    private final WinUser.LowLevelKeyboardProc keyboardProc = this::keyboard;
    private final WinUser.WinEventProc foregroundProc = this::foreground;
    /** The window last reported in front (the dispatch thread's). */
    private long lastWindow;
    private volatile int hookThreadId;
    private volatile String hookProblem;
    private boolean closed;
    private GdiVideoCapture video;
    private volatile Screen screen;
    // The dispatch thread's own state.
    private final Set<Integer> keysDown = new HashSet<>();
    private boolean capsLock;
    private final TickClock clock = new TickClock();
    private int wheelY;
    private int wheelX;

    private WindowsSession(CaptureSink sink) {
        this.sink = sink;
    }

    static WindowsSession start(CaptureSettings settings, CaptureSink sink) throws CaptureException {
        try {
            Win32.User32.LIB.SetProcessDpiAwarenessContext(Win32.PER_MONITOR_AWARE_V2);
        } catch (UnsatisfiedLinkError e) {
            // an older Windows: coordinates are then scaled on high-DPI monitors, as the system gives them
        }
        WindowsSession session = new WindowsSession(sink);
        session.screen = Screen.now();
        session.capsLock = (Win32.User32.LIB.GetKeyState(Keys.VK_CAPITAL) & 1) != 0;
        session.hooks = thread("Windows input hooks", session::hookLoop);
        try {
            if (!session.hooked.await(5, TimeUnit.SECONDS) || session.hookProblem != null) {
                session.close();
                throw new CaptureException(session.hookProblem != null ? session.hookProblem
                        : "Windows did not install the input hooks within 5 s.");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            session.close();
            throw new CaptureException("Interrupted while starting to record", e);
        }
        sink.elementCapture(settings.elements() ? "unavailable: elements are not read on Windows yet (UI Automation)" : "off");
        sink.monitors(session.screen.monitors());
        sink.screen(new ScreenSize(Clock.now(), session.screen.width(), session.screen.height()));
        HWND front = session.user32.GetForegroundWindow();
        WindowEvent first = session.describe(front, Clock.now());
        if (first != null) {
            session.lastWindow = Pointer.nativeValue(front.getPointer());
            sink.window(first);
        }
        if (settings.video() != null) {
            sink.videoStarted(settings.fps(), session.screen.width(), session.screen.height());
            try {
                session.video = GdiVideoCapture.start(settings.video(), settings.fps(), session.screen, sink);
            } catch (CaptureException e) {
                session.close();
                throw e;
            }
        }
        session.dispatcher = thread("Windows event dispatch", session::dispatch);
        session.screenWatch = thread("Windows screen watch", session::watchScreen);
        return session;
    }

    private static Thread thread(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** Installs the hooks and pumps this thread's messages until WM_QUIT; the hooks are called from inside GetMessage. */
    private void hookLoop() {
        WinUser.MSG message = new WinUser.MSG();
        user32.PeekMessage(message, null, 0, 0, PM_NOREMOVE); // makes the message queue that WM_QUIT is posted to
        hookThreadId = Kernel32.INSTANCE.GetCurrentThreadId();
        var module = Kernel32.INSTANCE.GetModuleHandle(null);
        WinUser.HHOOK mouseHook = user32.SetWindowsHookEx(WinUser.WH_MOUSE_LL, mouseProc, module, 0);
        WinUser.HHOOK keyboardHook = user32.SetWindowsHookEx(WinUser.WH_KEYBOARD_LL, keyboardProc, module, 0);
        // The foreground event; and focus changes, after which the window in front is asked for: Wine (8.0) announces no
        // foreground change, only the focus moving.
        HANDLE foregroundHook = user32.SetWinEventHook(EVENT_SYSTEM_FOREGROUND, EVENT_SYSTEM_FOREGROUND, null, foregroundProc, 0, 0,
                0 /* WINEVENT_OUTOFCONTEXT */);
        HANDLE focusHook = user32.SetWinEventHook(EVENT_OBJECT_FOCUS, EVENT_OBJECT_FOCUS, null, foregroundProc, 0, 0, 0);
        if (mouseHook == null || keyboardHook == null) {
            hookProblem = "Windows refused the low-level input hooks (error " + Kernel32.INSTANCE.GetLastError()
                    + "); security software may block them.";
        }
        hooked.countDown();
        try {
            while (hookProblem == null && user32.GetMessage(message, null, 0, 0) > 0) {
                user32.TranslateMessage(message);
                user32.DispatchMessage(message);
            }
        } finally {
            if (mouseHook != null) {
                user32.UnhookWindowsHookEx(mouseHook);
            }
            if (keyboardHook != null) {
                user32.UnhookWindowsHookEx(keyboardHook);
            }
            for (HANDLE hook : new HANDLE[] { foregroundHook, focusHook }) {
                if (hook != null) {
                    user32.UnhookWinEvent(hook);
                }
            }
            queue.add(END);
        }
    }

    private LRESULT mouse(int code, WPARAM wParam, WinUser.MSLLHOOKSTRUCT info) {
        if (code >= 0) {
            queue.add(new Raw(Kind.MOUSE, wParam.intValue(), info.pt.x, info.pt.y, info.mouseData, info.flags, info.time, 0, Clock.now()));
        }
        return user32.CallNextHookEx(null, code, wParam, new LPARAM(Pointer.nativeValue(info.getPointer())));
    }

    private LRESULT keyboard(int code, WPARAM wParam, WinUser.KBDLLHOOKSTRUCT info) {
        if (code >= 0) {
            queue.add(new Raw(Kind.KEY, wParam.intValue(), info.scanCode, 0, info.vkCode, info.flags, info.time, 0, Clock.now()));
        }
        return user32.CallNextHookEx(null, code, wParam, new LPARAM(Pointer.nativeValue(info.getPointer())));
    }

    private void foreground(HANDLE hook, com.sun.jna.platform.win32.WinDef.DWORD event, HWND window,
            com.sun.jna.platform.win32.WinDef.LONG object, com.sun.jna.platform.win32.WinDef.LONG child,
            com.sun.jna.platform.win32.WinDef.DWORD thread, com.sun.jna.platform.win32.WinDef.DWORD time) {
        HWND front = event.intValue() == EVENT_SYSTEM_FOREGROUND ? window : user32.GetForegroundWindow();
        if (front != null) {
            queue.add(new Raw(Kind.FOREGROUND, 0, 0, 0, 0, 0, time.intValue(), Pointer.nativeValue(front.getPointer()), Clock.now()));
        }
    }

    /** Until END, which the hook thread queues after removing its hooks: every event before it is delivered. */
    private void dispatch() {
        while (true) {
            Raw raw;
            try {
                raw = queue.take();
            } catch (InterruptedException e) {
                return; // the hook thread did not end in time
            }
            if (raw == END) {
                return;
            }
            double time = clock.seconds(raw.tick(), raw.arrival());
            switch (raw.kind()) {
                case MOUSE -> mouse(raw, time);
                case KEY -> key(raw, time);
                case FOREGROUND -> {
                    if (raw.window() != lastWindow) { // focus moving inside the window in front is no change
                        lastWindow = raw.window();
                        WindowEvent window = describe(new HWND(new Pointer(raw.window())), time);
                        if (window != null && !isPaused()) {
                            sink.window(window);
                        }
                    }
                }
                default -> { }
            }
        }
    }

    private void mouse(Raw raw, double time) {
        int x = raw.x() - screen.x();
        int y = raw.y() - screen.y();
        boolean injected = (raw.flags() & LLMHF_INJECTED) != 0;
        List<String> modifiers = modifiers();
        switch (raw.message()) {
            case WM_MOUSEMOVE -> deliver(InputEvent.move(time, x, y), injected);
            case WM_LBUTTONDOWN, WM_LBUTTONUP -> deliver(InputEvent.click(time, x, y, "left", raw.message() == WM_LBUTTONDOWN, modifiers), injected);
            case WM_RBUTTONDOWN, WM_RBUTTONUP -> deliver(InputEvent.click(time, x, y, "right", raw.message() == WM_RBUTTONDOWN, modifiers), injected);
            case WM_MBUTTONDOWN, WM_MBUTTONUP -> deliver(InputEvent.click(time, x, y, "middle", raw.message() == WM_MBUTTONDOWN, modifiers), injected);
            case WM_XBUTTONDOWN, WM_XBUTTONUP -> deliver(InputEvent.click(time, x, y, (raw.data() >>> 16) == 1 ? "x1" : "x2",
                    raw.message() == WM_XBUTTONDOWN, modifiers), injected);
            case WM_MOUSEWHEEL -> { // one event a notch, as X11 gives them; a fine-grained wheel's parts add up to notches
                wheelY += (short) (raw.data() >>> 16);
                for (; Math.abs(wheelY) >= WHEEL_DELTA; wheelY -= Integer.signum(wheelY) * WHEEL_DELTA) {
                    deliver(InputEvent.scroll(time, x, y, 0, Integer.signum(wheelY), modifiers), injected);
                }
            }
            case WM_MOUSEHWHEEL -> {
                wheelX += (short) (raw.data() >>> 16);
                for (; Math.abs(wheelX) >= WHEEL_DELTA; wheelX -= Integer.signum(wheelX) * WHEEL_DELTA) {
                    deliver(InputEvent.scroll(time, x, y, Integer.signum(wheelX), 0, modifiers), injected);
                }
            }
            default -> { }
        }
    }

    /**
     * A key: its pynput name, keysym and the character it types in the foreground window's keyboard layout, with the
     * modifiers held before it (as X11 reports them). Ctrl+S types a control character: it is named "s" and types none.
     */
    private void key(Raw raw, double time) {
        int vk = raw.data();
        boolean pressed = raw.message() == WM_KEYDOWN || raw.message() == WM_SYSKEYDOWN;
        List<String> modifiers = modifiers();
        if (pressed) {
            keysDown.add(vk);
            if (vk == Keys.VK_CAPITAL) {
                capsLock = !capsLock;
            }
        } else {
            keysDown.remove(vk);
        }
        Keys.Key special = Keys.special(vk);
        String name;
        String character;
        long keysym;
        if (special != null) {
            name = special.name();
            keysym = special.keysym();
            character = vk == 0x0D ? "\r" : vk == 0x09 ? "\t" : vk == 0x08 ? "\b" : vk == 0x20 ? " " : null;
        } else {
            String typed = typed(vk, raw.x(), modifiers, true);
            boolean control = typed != null && typed.codePointAt(0) < 0x20;
            String plain = control ? typed(vk, raw.x(), modifiers, false) : typed;
            character = control ? null : typed;
            name = plain != null ? plain : "<" + vk + ">"; // pynput names a key it cannot name by its virtual-key code
            keysym = plain != null ? Keys.keysym(plain) : Keys.NO_KEYSYM;
        }
        deliver(InputEvent.key(time, pressed, name, keysym, character, modifiers), (raw.flags() & LLKHF_INJECTED) != 0);
    }

    /** What {@code vk} types with the modifiers held (Ctrl and Alt only if {@code withControl}); null for none or a dead key. */
    private String typed(int vk, int scan, List<String> modifiers, boolean withControl) {
        byte[] state = new byte[256];
        if (modifiers.contains("shift")) {
            state[Keys.VK_SHIFT] = (byte) 0x80;
        }
        if (withControl && modifiers.contains("ctrl")) {
            state[Keys.VK_CONTROL] = (byte) 0x80;
        }
        if (withControl && modifiers.contains("alt")) {
            state[Keys.VK_MENU] = (byte) 0x80;
        }
        if (capsLock) {
            state[Keys.VK_CAPITAL] = 1;
        }
        HWND foreground = user32.GetForegroundWindow();
        var layout = user32.GetKeyboardLayout(foreground == null ? 0 : user32.GetWindowThreadProcessId(foreground, null));
        char[] buffer = new char[8];
        int length = user32.ToUnicodeEx(vk, scan, state, buffer, buffer.length, KEEP_KEYBOARD_STATE, layout);
        return length > 0 ? new String(buffer, 0, length) : null;
    }

    /** The modifiers held now, from the keys down (either side's) and Caps Lock's toggle. */
    private List<String> modifiers() {
        return InputEvent.modifiers(held(Keys.VK_LSHIFT, Keys.VK_RSHIFT, Keys.VK_SHIFT), capsLock,
                held(Keys.VK_LCONTROL, Keys.VK_RCONTROL, Keys.VK_CONTROL), held(Keys.VK_LMENU, Keys.VK_RMENU, Keys.VK_MENU),
                held(Keys.VK_LWIN, Keys.VK_RWIN));
    }

    private boolean held(int... virtualKeys) {
        for (int key : virtualKeys) {
            if (keysDown.contains(key)) {
                return true;
            }
        }
        return false;
    }

    private void deliver(InputEvent event, boolean injected) {
        if (!isPaused()) {
            sink.input(event.madeByProgram(injected));
        }
    }

    /** The window's title, class, process id, program file name and place; null for no window. */
    private WindowEvent describe(HWND window, double time) {
        if (window == null) {
            return null;
        }
        char[] text = new char[512];
        int titleLength = user32.GetWindowText(window, text, text.length);
        String title = new String(text, 0, Math.max(0, titleLength));
        int classLength = user32.GetClassName(window, text, text.length);
        String windowClass = new String(text, 0, Math.max(0, classLength));
        com.sun.jna.ptr.IntByReference pid = new com.sun.jna.ptr.IntByReference();
        user32.GetWindowThreadProcessId(window, pid);
        com.sun.jna.platform.win32.WinDef.RECT rect = new com.sun.jna.platform.win32.WinDef.RECT();
        boolean placed = user32.GetWindowRect(window, rect);
        return new WindowEvent(time, title, windowClass, pid.getValue() == 0 ? null : (long) pid.getValue(),
                placed ? rect.left - screen.x() : null, placed ? rect.top - screen.y() : null, placed ? rect.right - rect.left : null,
                placed ? rect.bottom - rect.top : null, program(pid.getValue()));
    }

    /** The file name of a process's program ({@code notepad.exe}); never its folder, which may name the user. */
    private static String program(int pid) {
        if (pid == 0) {
            return null;
        }
        HANDLE process = Kernel32.INSTANCE.OpenProcess(0x1000 /* PROCESS_QUERY_LIMITED_INFORMATION */, false, pid);
        if (process == null) {
            return null;
        }
        try {
            char[] path = new char[1024];
            com.sun.jna.ptr.IntByReference length = new com.sun.jna.ptr.IntByReference(path.length);
            if (!Kernel32.INSTANCE.QueryFullProcessImageName(process, 0, path, length)) {
                return null;
            }
            String full = new String(path, 0, length.getValue());
            return full.substring(Math.max(full.lastIndexOf('\\'), full.lastIndexOf('/')) + 1);
        } finally {
            Kernel32.INSTANCE.CloseHandle(process);
        }
    }

    /** The screen line when the virtual screen changes size (a resolution change, a monitor added). */
    private void watchScreen() {
        while (true) {
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                return;
            }
            Screen now = Screen.now();
            if (now.width() != screen.width() || now.height() != screen.height()) {
                sink.screen(new ScreenSize(Clock.now(), now.width(), now.height()));
                sink.monitors(now.monitors());
                screen = now;
            }
        }
    }

    /** Stops the video, removes the hooks (the hook thread posts END after them) and waits for the events before it. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (video != null) {
            video.stop();
        }
        if (hookThreadId != 0) {
            user32.PostThreadMessage(hookThreadId, WM_QUIT, new WPARAM(0), new LPARAM(0));
        }
        try {
            for (Thread thread : new Thread[] { hooks, dispatcher }) { // the hooks end and queue END; the dispatch delivers up to it
                if (thread != null) {
                    thread.join(2000);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Thread thread : new Thread[] { hooks, dispatcher, screenWatch }) {
            if (thread != null) {
                thread.interrupt();
            }
        }
    }
}
