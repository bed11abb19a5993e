package org.trajectory.recorder;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import org.trajectory.recorder.replay.Setup;

/**
 * Stands between a backend and the writer and keeps private things out of a recording:
 * <ul>
 * <li>while an excluded window is active (a password manager, a window titled like a password prompt) the characters
 * of key events are replaced by a redaction marker, and the time span is noted so the video is blanked there;</li>
 * <li>the pause hotkey (Ctrl+Alt+P) pauses and resumes recording, the stop hotkey (Ctrl+Alt+S) asks the recording to stop
 * (a workbench hidden while recording is out of reach), and their own keys are not recorded;</li>
 * <li>the workbench's own windows (those of this process) are excluded too, and what is done in them is not recorded at
 * all: the click on Stop is no step of the task. A press that activates one comes a moment before the desktop says so:
 * a press where one of them was is held until the desktop says where it went, and so is pointer input inside one while it
 * is in front (the desktop may not have said yet that another window came forward).</li>
 * </ul>
 * Input is judged by the window in front when it happened, not when word of that window arrived: when the backend says
 * how far it has heard the window stream ({@link #windowsHeard}), later input waits until the stream is heard up to it.
 *
 * @since 0.1
 */
public final class PrivacyFilter implements CaptureSink {

    /** Window classes and titles recorded without characters and with blank frames, unless configured otherwise. */
    public static final List<String> DEFAULT_EXCLUSIONS = List.of("(?i)keepass", "(?i)1password", "(?i)bitwarden",
            "(?i)lastpass", "(?i)seahorse", "(?i)pinentry", "(?i)gcr-prompter", "(?i)polkit", "(?i)password",
            "(?i)passphrase", "(?i)passwort", "(?i)authenticat", "(?i)\\bsudo\\b", "(?i)unlock");
    /** What stands in for a redacted character or window title. */
    public static final String REDACTED = "<redacted>";
    /** The pause hotkey's modifiers and key. */
    public static final Set<String> HOTKEY_MODIFIERS = Set.of("ctrl", "alt");
    public static final String HOTKEY_KEY = "p";
    public static final String STOP_KEY = "s";
    private static final Set<String> MODIFIER_NAMES = Set.of("ctrl_l", "ctrl_r", "alt_l", "alt_r", "shift", "shift_r", "cmd", "cmd_r");

    /** A span of time during which the screen must not be kept. */
    public record Span(double from, double to) {
    }

    private final CaptureSink next;
    private final List<Pattern> exclusions;
    private final List<Span> redacted = new ArrayList<>();
    private final List<InputEvent> heldModifiers = new ArrayList<>();
    private boolean excluded;
    /** A password field has the keyboard focus (the last focus element said so). */
    private boolean secretFocus;
    private double excludedSince;
    private boolean paused;
    private volatile boolean stopAsked;
    private final Set<String> swallowed = new HashSet<>();
    private final long ownProcess;
    /**
     * One of our own windows is active; one was seen during this recording, and where it was when last active (null
     * when the desktop did not say).
     */
    private boolean own;
    private boolean ownSeen;
    private java.awt.Rectangle ownBounds;
    /**
     * Input from a button press (or pointer input in our own window in front) on, held until the desktop says which
     * window is in front (or {@value #LAG} s pass): a press that brings our own window to the front comes before the
     * desktop says so, its release may too, and so may input after another window came forward.
     */
    private final List<InputEvent> held = new ArrayList<>();
    private final List<ElementEvent> heldElements = new ArrayList<>();
    private static final double LAG = 0.5;
    /**
     * Input (and the elements arriving behind it) not judged yet: it came later than the window stream was heard. A key
     * typed the moment a password prompt comes forward may reach us before the desktop's word that it did.
     */
    private final ArrayDeque<Object> unjudged = new ArrayDeque<>();
    /** How far the window stream was heard; NaN while the backend never said (its input and windows come in one order). */
    private double windowsHeard = Double.NaN;
    /** A window stream silent this long is not waited for any more: input is judged by what is known. */
    private static final double STALL = 5;

    /**
     * Exclusion patterns written one a line (blank lines and lines starting with # skipped), as the Recorder
     * preferences and {@code record --exclusions FILE} take them; each must be a valid regular expression.
     */
    public static List<String> parseExclusions(String text) {
        List<String> patterns = new ArrayList<>();
        String[] lines = text.split("\\R");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                Pattern.compile(line);
            } catch (java.util.regex.PatternSyntaxException e) {
                throw new IllegalArgumentException("line " + (i + 1) + ": '" + line + "' is not a regular expression: " + e.getDescription());
            }
            patterns.add(line);
        }
        return patterns;
    }

    /** The defaults and {@code extra}. */
    public static List<String> exclusions(List<String> extra) {
        List<String> all = new ArrayList<>(DEFAULT_EXCLUSIONS);
        all.addAll(extra);
        return all;
    }

    public PrivacyFilter(CaptureSink next, List<String> exclusionPatterns) {
        this(next, exclusionPatterns, ProcessHandle.current().pid());
    }

    /** {@code ownProcess}: the process whose windows are the workbench's own. */
    public PrivacyFilter(CaptureSink next, List<String> exclusionPatterns, long ownProcess) {
        this.next = next;
        this.exclusions = exclusionPatterns.stream().map(Pattern::compile).toList();
        this.ownProcess = ownProcess;
    }

    /**
     * Modifier presses are held back until the next key says whether they start the pause hotkey; then they are
     * either dropped with it or delivered before that key, in their order.
     */
    @Override
    public synchronized void input(InputEvent event) {
        if (!Double.isNaN(windowsHeard) && (!unjudged.isEmpty() || event.time() > windowsHeard)) {
            unjudged.add(event);
            judgeUntil(event.time() - STALL);
            return;
        }
        judge(event);
    }

    /**
     * The backend has heard every change of the window in front up to {@code time}: input until then is judged by the
     * window it went to.
     */
    @Override
    public synchronized void windowsHeard(double time) {
        windowsHeard = Double.isNaN(windowsHeard) ? time : Math.max(windowsHeard, time);
        judgeUntil(windowsHeard);
    }

    /** Judges waiting input up to {@code time}, in its order, and the elements that arrived behind it. */
    private void judgeUntil(double time) {
        while (!unjudged.isEmpty()) {
            if (unjudged.peek() instanceof ElementEvent element) {
                unjudged.poll();
                admitElement(element);
            } else if (((InputEvent) unjudged.peek()).time() <= time) {
                judge((InputEvent) unjudged.poll());
            } else {
                return;
            }
        }
    }

    private void judge(InputEvent event) {
        // a key waits with held input only behind a press: behind moves alone it would wait for the next input (a
        // hotkey pressed with the pointer resting in the workbench would not be heard until the pointer moved)
        if (!held.isEmpty() && event.time() - held.get(0).time() < LAG
                && (event.x() != null || held.stream().anyMatch(e -> Boolean.TRUE.equals(e.pressed())))) {
            held.add(event);
            return;
        }
        releaseHeld();
        if (event.x() != null && ownSeen && (ownBounds == null || ownBounds.contains(event.x(), event.y()))
                && (own || Boolean.TRUE.equals(event.pressed()))) {
            // where our own window was, a press may be the click that brings it back; while it is in front, pointer input
            // may already be another window's: the desktop says so a moment later (later still on a busy machine)
            held.add(event);
            return;
        }
        handle(event);
    }

    /** Delivers what was held, in its order. */
    private void releaseHeld() {
        List<InputEvent> events = List.copyOf(held);
        List<ElementEvent> elements = List.copyOf(heldElements);
        dropHeld();
        events.forEach(this::handle);
        elements.forEach(this::deliverElement);
    }

    private void dropHeld() {
        held.clear();
        heldElements.clear();
    }

    /**
     * Delivers what was held when the recording stops, unless it began with a press inside our own window as last seen:
     * the click on Stop.
     */
    public synchronized void finish() {
        judgeUntil(Double.POSITIVE_INFINITY);
        if (!held.isEmpty() && ownBounds != null && ownBounds.contains(held.get(0).x(), held.get(0).y())) {
            dropHeld();
        }
        releaseHeld();
    }

    private void handle(InputEvent event) {
        boolean key = event.action().equals("press") || event.action().equals("release");
        boolean press = event.action().equals("press");
        if (key && !press && swallowed.remove(event.name())) {
            return; // released after a hotkey: its press was dropped
        }
        if (key && MODIFIER_NAMES.contains(event.name())) {
            if (press) {
                heldModifiers.add(event);
            } else {
                InputEvent held = heldModifiers.stream().filter(h -> h.name().equals(event.name())).findFirst().orElse(null);
                if (held != null) { // a lone tap: both go through
                    heldModifiers.remove(held);
                    deliver(held);
                }
                deliver(event);
            }
            return;
        }
        boolean pauseKey = HOTKEY_KEY.equalsIgnoreCase(event.name());
        if (key && (pauseKey || STOP_KEY.equalsIgnoreCase(event.name())) && event.modifiers() != null
                && event.modifiers().containsAll(HOTKEY_MODIFIERS)) {
            if (press) {
                if (pauseKey) {
                    paused = !paused;
                } else {
                    stopAsked = true;
                }
                heldModifiers.forEach(held -> swallowed.add(held.name()));
                heldModifiers.clear();
                swallowed.add(event.name()); // its release may come without the modifiers, released first
                next.problem(!pauseKey ? "recording stopped (Ctrl+Alt+S)" : paused ? "recording paused (Ctrl+Alt+P resumes)" : "recording resumed", false);
            }
            return; // the hotkeys' own keys are not recorded
        }
        heldModifiers.forEach(this::deliver);
        heldModifiers.clear();
        deliver(event);
    }

    private void deliver(InputEvent event) {
        if (paused || ownInput(event)) {
            return;
        }
        next.input((excluded || secretFocus) && event.character() != null ? event.redacted() : event);
    }

    /**
     * An element keeps no words in an excluded window or when it is a password field; while a password field has the
     * focus (or was the last one pressed), typed characters are redacted as in an excluded window, from the moment
     * that is known: the desktop tells it a few milliseconds after it happens.
     */
    @Override
    public synchronized void element(ElementEvent event) {
        if (!unjudged.isEmpty()) {
            unjudged.add(event); // what a waiting press pressed is judged with it
            return;
        }
        admitElement(event);
    }

    private void admitElement(ElementEvent event) {
        if (!held.isEmpty()) {
            heldElements.add(event); // what a held press pressed goes where the press goes
            return;
        }
        deliverElement(event);
    }

    private void deliverElement(ElementEvent event) {
        if (inOwnWindow(event.x(), event.y())) {
            return; // an element of our own window
        }
        if (event.cause().equals(ElementEvent.FOCUS)) {
            secretFocus = event.secret();
        } else if (event.secret()) {
            secretFocus = true; // a click into a password field that had the focus already moves none
        }
        if (!paused) {
            next.element(excluded || event.secret() ? event.wordless() : event);
        }
    }

    @Override
    public void elementCapture(String status) {
        next.elementCapture(status);
    }

    /** An excluded window's application is left out of the setup: its title and command line may say what it holds. */
    @Override
    public void setup(Setup setup) {
        next.setup(new Setup(setup.width(), setup.height(), setup.pointer(), setup.applications().stream()
                .filter(app -> !matches(app.title()) && !matches(app.windowClass()) && !matches(String.join(" ", app.command())))
                .toList(), setup.prelude()));
    }

    /** Input to our own window: a key while it is active, a pointer event inside it while it is active. */
    private boolean ownInput(InputEvent event) {
        return inOwnWindow(event.x(), event.y());
    }

    /** Whether what happened at ({@code x}, {@code y}) (no point: a key, a focus) happened in our own window, in front. */
    private boolean inOwnWindow(Integer x, Integer y) {
        return own && (x == null || ownBounds == null || ownBounds.contains(x, y));
    }

    @Override
    public synchronized void window(WindowEvent event) {
        judgeUntil(Math.nextDown(event.time())); // what came before this change went to the window before it
        boolean ours = event.pid() != null && event.pid() == ownProcess;
        own = ours;
        ownSeen |= ours;
        if (ours) {
            ownBounds = event.width() != null && event.height() != null && event.x() != null && event.y() != null
                    ? new java.awt.Rectangle(event.x(), event.y(), event.width(), event.height()) : null;
        }
        if (ours && !held.isEmpty() && ownInput(held.get(0))) {
            dropHeld(); // the click that brought our window to the front, and the element it pressed
        }
        releaseHeld();
        boolean now = ours || matches(event.title()) || matches(event.windowClass()) || matches(event.process());
        if (now && !excluded) {
            excludedSince = event.time();
        } else if (!now && excluded) {
            redacted.add(new Span(excludedSince, event.time()));
        }
        excluded = now;
        if (!paused) {
            next.window(now ? new WindowEvent(event.time(), REDACTED, event.windowClass(), event.pid(), event.x(), event.y(),
                    event.width(), event.height(), event.process()) : event);
        }
    }

    private boolean matches(String text) {
        if (text == null) {
            return false;
        }
        String lower = text.toLowerCase(Locale.ROOT);
        return exclusions.stream().anyMatch(p -> p.matcher(lower).find() || p.matcher(text).find());
    }

    @Override
    public void videoStarted(int fps, int width, int height) {
        next.videoStarted(fps, width, height);
    }

    @Override
    public void screen(ScreenSize size) {
        next.screen(size);
    }

    @Override
    public void monitors(List<Monitor> monitors) {
        next.monitors(monitors);
    }

    /** Each frame is also the clock that delivers held input once the desktop had its time to say where it went. */
    @Override
    public void frame(long index, double time) {
        synchronized (this) {
            judgeUntil(time - STALL);
            if (!held.isEmpty() && time - held.get(0).time() >= LAG) {
                releaseHeld();
            }
        }
        next.frame(index, time);
    }

    @Override
    public void unchanged(long slots) {
        next.unchanged(slots);
    }

    /** While a private window is in front or recording is paused, the window shows black, not the screen. */
    @Override
    public void preview(Preview preview) {
        boolean hidden;
        synchronized (this) {
            hidden = excluded || paused;
        }
        next.preview(hidden ? preview.blanked() : preview);
    }

    @Override
    public void problem(String message, boolean fatal) {
        next.problem(message, fatal);
    }

    public synchronized boolean isPaused() {
        return paused;
    }

    /** Whether the stop hotkey was pressed. */
    public boolean stopAsked() {
        return stopAsked;
    }

    /** The spans during which an excluded window was active, the last one closed at {@code until} if still open. */
    public synchronized List<Span> redactedSpans(double until) {
        List<Span> spans = new ArrayList<>(redacted);
        if (excluded) {
            spans.add(new Span(excludedSince, until));
        }
        return spans;
    }
}
