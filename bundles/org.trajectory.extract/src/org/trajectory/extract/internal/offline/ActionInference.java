package org.trajectory.extract.internal.offline;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.opencv.core.Point;
import org.opencv.core.Rect;
import org.trajectory.extract.ExtractedAction;
import org.trajectory.extract.ExtractedAction.Pixel;

/**
 * Actions from the pointer's path and the changes ({@link Observation}s), fed one at a time as the video is read;
 * each action is handed out as soon as it is known ({@link #fresh()}), while the frames it points at may still be held
 * ({@link #heldFrames()}).
 * <ul>
 * <li>The pointer moving while the content under it moves the same way is a <b>drag</b>; moving while a region
 * grows that reaches from where it started to where it stopped (a highlight) is a <b>selection</b>.</li>
 * <li>A pointer that comes to rest and the screen changing within {@link #CLICK_WINDOW} is a <b>click</b> there.</li>
 * <li>Content shifting vertically under a resting pointer is a <b>scroll</b> (up when the content moves down).</li>
 * <li>Otherwise changes in a line-high band while the pointer rests are <b>typing</b>, one action per line: surely where
 * text is entered (at a caret, on the clicked line, on the next line after an Enter) or where it grows letter by
 * letter; not lines changing together, a line drawn at once, or a box that turns out to tick by itself
 * ({@link DesktopNoise}). Typing that goes on one line lower is an Enter between them, and so are lines appearing
 * under typed text (a terminal's output, a sheet's cursor moving down).</li>
 * </ul>
 * Typing that begins soon after the pointer came to rest, with no visible click, gets the click that focused it. Each
 * action says the {@link Evidence} it was read from, and is as sure as the {@link Calibration} says that evidence is.
 * <p>
 * Its state: the pointer's motion ({@link Run}) or its rest, the {@link Typing} or {@link Scroll} in progress, and what
 * recent actions leave for the next to be read by: the caret seen last, where the last click was and what it opened,
 * the last Enter, the typing before.
 */
final class ActionInference {

    /** Seconds a pointer may go unrecognized and still be taken as having moved on unseen. */
    private static final double LOST_IN_MOTION = 0.35;
    /**
     * Seconds after a typing's last change in which its line is looked at again (a caret blinks on and off within a
     * second): what is typed stays, what comes and goes by itself was not typed.
     */
    static final double TYPED_STAYS = 1;
    /** Seconds after the pointer comes to rest in which a change is taken as its click. */
    static final double CLICK_WINDOW = 0.6;
    /** Seconds without a change after which typing on the same line is a new action. */
    private static final double TYPING_GAP = 1.5;
    /** Seconds after typing in which lines appearing under it are its Enter's doing (one reads a command before running it). */
    private static final double ENTER_AFTER = 5;
    /** Seconds after typing or an Enter in which a line changing elsewhere, neither at a caret nor growing, is the screen's answer. */
    private static final double ANSWER = 1.5;
    /** The tallest change (pixels) still read as one line of typing. */
    private static final int LINE = 48;
    /** The tallest a line of typing may be held to by a small caret: a line in a video made half as large. */
    private static final int SMALL_LINE = 24;
    /** Seconds a caret seen stays where text is entered (a blinking one shows every second or so). */
    private static final double CARET_LATELY = 3;
    /** The lowest: a letter is taller than this, even in a video made half as large. */
    private static final int SPECK = 4;
    /** Pixels the pointer may move and still be at rest. */
    private static final double REST = 2.5;
    /** Seconds at a video's start whose changes are not taken as typing: an encoder still refines its first picture. */
    private static final double START_SETTLE = 0.3;
    /** Seconds after a click in which the screen's changes are its answer, and after a drag or selection. */
    private static final double CLICK_SETTLE = 0.5;
    private static final double DRAG_SETTLE = 0.8;
    /** The smallest side (pixels) of a change a window carried whole makes. */
    private static final int WINDOW = 100;
    /** Seconds a scrolled pane may go on changing after its last clean shift and still be the same scroll. */
    private static final double SCROLL_SETTLE = 0.4;
    /** How far (pixels) across a line from where text is entered (a caret, a click) its changes may lie. */
    private static final int ACROSS = 300;
    /** Pixel units of content shift per scroll click (three lines of about 16 px, PyAutoGUI's usual). */
    static final double SHIFT_PER_CLICK = 48;

    private final List<ExtractedAction> actions = new ArrayList<>();
    private final List<Found> fresh = new ArrayList<>();
    private final double frameTime;
    /** What ticks by itself: typing found there before it was known to tick is dropped at the end. */
    private final DesktopNoise noise;
    private final Map<ExtractedAction, Typing> typed = new IdentityHashMap<>();
    private Observation before;
    /** The observations since the pointer went unrecognized, held a moment ({@link #LOST_IN_MOTION}). */
    private final List<Observation> unseen = new ArrayList<>();

    /** The pointer's motion in progress, or null. */
    private Run run;
    /** Where the pointer rests (null while it moves), since when, and whether an action took that rest (a click there). */
    private Pixel restAt;
    private double restSince = Double.NEGATIVE_INFINITY;
    private boolean restUsed = true;
    // typing and scrolling in progress
    private Typing typing;
    private Scroll scroll;
    private double enterAt = Double.NEGATIVE_INFINITY;
    /** Changes until this time are the effect of the pointer action before (a click's answer, a window settling after a drag). */
    private double settleUntil = START_SETTLE;
    /** Whether the pointer came to its rest by moving there (not where it was at the start). */
    private boolean arrived;
    /** The changes of the interval before the current motion run began (a drag's press shows there). */
    private Rect previousChanges;
    /** A window carried whole while the pointer was unseen (its title bar dragged), until the pointer shows again. */
    private UnseenCarry carried;
    /** Where a text caret was last seen, and when: typing happens there. */
    private Rect caret;
    private double caretTime = Double.NEGATIVE_INFINITY;
    /** The line-high changes typing passed over in the interval before, and the frame and time that interval began. */
    private PassedOver passedOver;
    /** The typing before the one in progress. */
    private Typing lastTyped;
    /** Where the pointer was last seen, before it was hidden (an application hides it while one types), and when. */
    private Pixel lastSeen;
    private double lastSeenAt = Double.NEGATIVE_INFINITY;
    /** When the pointer last moved (or showed elsewhere than it was last seen). */
    private double movedAt = Double.NEGATIVE_INFINITY;
    /** Where the pointer last clicked: a field typed into next. */
    private Pixel clickedAt;
    /**
     * What opened under the resting pointer as its click's answer (a menu, a list dropping down): where it goes again
     * while the pointer stays, a key closed it (Escape; a menu item chosen by the mouse moves the pointer first).
     */
    private Rect popup;
    /**
     * How much larger than its theme draws it the pointer showed last in a theme's shape: under 1 in a video made
     * smaller, over 1 on a HiDPI screen; 1 until such a shape is found.
     */
    private double screenScale = 1;
    /** A vertical shift under the resting pointer too mixed to begin a scroll with: the first turn of one that follows. */
    private Observation unclearShift;

    /** How far across (pixels) from a click a change may lie and be on the clicked line: a third of the screen. */
    private final int clickReach;

    /** How sure each evidence is. */
    private final Calibration calibration;

    /**
     * The inference over the observations of a video {@code width} pixels wide, at {@code fps} frames a second, each
     * action as sure as {@code calibration} says its evidence is.
     */
    ActionInference(double fps, int width, DesktopNoise noise, Calibration calibration) {
        this.frameTime = 1 / fps;
        this.clickReach = width / 3;
        this.noise = noise;
        this.calibration = calibration;
    }

    /** An action read from {@code evidence}, as sure as that is; a press or key presses {@code text} once. */
    private ExtractedAction found(String operation, double start, double end, Pixel at, Pixel to, String text, Evidence evidence) {
        return found(operation, start, end, at, to, text, text == null ? 0 : 1, evidence);
    }

    private ExtractedAction found(String operation, double start, double end, Pixel at, Pixel to, String text, int amount, Evidence evidence) {
        double sure = calibration.confidence(evidence);
        return new ExtractedAction(operation, start, end, at, to, text, amount, null, null, sure).withEvidence(evidence.word(), sure);
    }

    /** Line-high changes not taken for typing, in the interval from {@code frame} (at {@code time}) to frame {@code at}. */
    private record PassedOver(List<Rect> changes, int frame, double time, int at) {
    }

    /**
     * What moved whole, frame by frame, while the pointer went unseen: the sum of its shifts, when it began and last
     * moved, the box that changed last and its shift, and how many frames the changed box itself moved on by the shift
     * before (a window carried: the box is where it was and where it went; a pane scrolled stays where it is).
     */
    private record UnseenCarry(double dx, double dy, double start, double end, Rect last, Observation.Shift lastShift, int followed) {
    }

    /**
     * The pointer moving, from where and when it began to the interval seen last: what changed along its path (a
     * highlight growing under it), how often the content moved with it (a drag carries what it holds) and by how much in
     * all, and the changes of the interval before it began (a drag's press shows there).
     */
    private static final class Run {
        final Pixel start;
        final double startTime;
        final Rect preChanges;
        Rect changes;
        int nearPointer;
        /** Whether one highlight reached from where the pointer was to where it went, in an interval it went unseen in. */
        boolean spanned;
        /** How far the highlight went on growing along its line once the pointer stayed unseen, or null. */
        Rect unseenEnd;
        int intervals;
        int carried;
        double shiftX;
        double shiftY;
        /** The run's latest interval: its observation, and the time it began. */
        Observation last;
        double lastTime;

        Run(Pixel start, double startTime, Rect preChanges) {
            this.start = start;
            this.startTime = startTime;
            this.preChanges = preChanges;
        }

        /** The pointer went from {@code from} to {@code to} between the two observations. */
        void went(Observation before, Observation now, Pixel from, Pixel to) {
            last = now;
            // what changed along the pointer's path (a highlight growing under it), not elsewhere (a window losing focus)
            List<Rect> onPath = now.changes().stream().filter(c -> near(c, to, 24) || near(c, from, 24)).toList();
            spanned |= from.distance(to) >= 16 && spans(onPath, from, to);
            if (!onPath.isEmpty()) {
                nearPointer++;
                changes = Observation.union(changes == null ? onPath : Stream.concat(onPath.stream(), Stream.of(changes)).toList());
            }
            intervals++;
            lastTime = before.time();
            Observation.Shift shift = now.shift();
            if (now.changed() && shift.response() > 0.2) {
                shiftX += shift.dx();
                shiftY += shift.dy();
                if (Math.hypot(shift.dx() - (to.x() - from.x()), shift.dy() - (to.y() - from.y())) <= 4) {
                    carried++;
                }
            }
        }

        /**
         * The pointer stays unseen over these observations: a highlight it was growing along a line may go on growing
         * (the pointer, unrecognized over it, still dragging); a selection ends where that highlight does.
         */
        void goesOnUnseen(List<Observation> held) {
            unseenEnd = null;
            if (changes == null) {
                return;
            }
            for (Observation observation : held) {
                for (Rect change : observation.changes()) {
                    Rect reach = unseenEnd == null ? changes : unseenEnd;
                    if (change.height <= LINE && continues(reach, change) && change.x + change.width > reach.x + reach.width) {
                        unseenEnd = Observation.union(List.of(reach, change));
                    }
                }
            }
        }

        /** Whether the content moved with the pointer, as what a drag carries does (it may have jumped to the start first). */
        boolean carriedContent() {
            return carried > 0 && carried * 2 >= Math.min(intervals, 2);
        }
    }

    /** A scroll in progress: where the wheel turned, from when to when, and how far the content shifted in all. */
    private static final class Scroll {
        final Pixel at;
        final double start;
        double end;
        double shift;

        Scroll(Pixel at, double start) {
            this.at = at;
            this.start = start;
            this.end = start;
        }
    }

    /**
     * An action as it was found, with its typing span for a TYPE action (its text is still to be read), else null; and
     * whether the screen showed it (the click guessed for the typing it focused did not: no picture tells its kind).
     */
    record Found(ExtractedAction action, Typing typing, boolean shown) {
    }

    /**
     * The next frame's observation. A pointer not recognized for a moment (over what changes under it as it moves, in a
     * resized, re-encoded video) is held until it shows again: then the frames it was unseen in are one interval, in
     * which it went from where it was last seen to where it is; else they count as they are.
     */
    void accept(Observation now) {
        if (before != null && before.pointer() != null && now.pointer() == null && now.time() - before.time() <= LOST_IN_MOTION) {
            unseen.add(now);
            return;
        }
        if (!unseen.isEmpty()) {
            List<Observation> held = List.copyOf(unseen);
            unseen.clear();
            if (now.pointer() != null) {
                now = merged(held, now);
            } else {
                if (run != null) {
                    run.goesOnUnseen(held);
                }
                held.forEach(this::step);
            }
        }
        step(now);
    }

    private static Observation merged(List<Observation> held, Observation now) {
        List<Rect> changes = new ArrayList<>();
        List<Rect> carets = new ArrayList<>();
        for (Observation observation : Stream.concat(held.stream(), Stream.of(now)).toList()) {
            changes.addAll(observation.changes());
            carets.addAll(observation.carets());
        }
        return new Observation(now.frame(), now.time(), now.pointer(), now.rested(), now.appeared(), List.copyOf(changes), List.copyOf(carets),
                now.shift());
    }

    private void step(Observation now) {
        Observation before = this.before;
        this.before = now;
        if (before == null) {
            return;
        }
        // a pointer that rested unseen is found as it leaves: it moves on from there
        Pixel from = pixel(before.pointer() != null ? before.pointer() : now.rested());
        Pixel to = pixel(now.pointer());
        if (now.pointer() != null && now.pointer().template().screenScale() > 0) {
            screenScale = now.pointer().template().screenScale();
        }
        boolean moving = from != null && to != null && from.distance(to) > REST;
        if (moving || to != null && lastSeen != null && lastSeen.distance(to) > REST) {
            movedAt = now.time();
        }
        if (!now.carets().isEmpty()) {
            caret = now.carets().get(now.carets().size() - 1);
            caretTime = now.time();
            caretToNextLine(before, now);
        }
        if (moving) {
            motion(before, now, from, to);
            return;
        }
        if (run != null) {
            endRun(from, before.time());
        }
        if (to != null && from == null && typing != null && selectedUnseen(now, to)) {
            seen(to, now.time());
            return;
        }
        if (to == null) {
            carriedUnseen(before, now); // from the frame the pointer went, which may be the window's first move
        }
        // found again, perhaps where it rested the frame before unseen
        if (to != null && before.pointer() == null && carried != null && draggedUnseen(to, before.time())) {
            seen(to, now.time());
            previousChanges = now.union();
            return;
        }
        if (to != null && from == null && (now.appeared() || lastSeen != null && lastSeen.distance(to) > REST)) {
            // unseen (hidden while keys were typed, or over what it could not be told from), it shows where the screen
            // changed or elsewhere than it was: it moved there unseen, and may click as it arrives
            restAt = to;
            restSince = before.time();
            restUsed = false;
            arrived = true;
        } else if (to != null && restAt == null) {
            restAt = to; // where it was from the start: a click needs it to arrive
            restSince = before.time();
            restUsed = true;
        }
        if (to != null) {
            seen(to, now.time());
        }
        atRest(before, now, to == null ? restAt : to);
        previousChanges = now.union();
    }

    /** A caret showing at the start of the line under text just typed is that line's Enter (an editor's new line). */
    private void caretToNextLine(Observation before, Observation now) {
        Typing last = typing != null ? typing : lastTyped;
        if (last != null && last.typed() && enterAt < last.end() && now.time() - last.end() <= ENTER_AFTER
                && now.carets().stream().anyMatch(c -> below(last.band(), c) && c.y <= last.band().y + 2 * last.band().height
                        && c.x <= last.band().x + 8)) {
            enter(before.time());
        }
    }

    /** After the last observation: what was still in progress ends; the actions, in time order. */
    List<ExtractedAction> finish() {
        unseen.forEach(this::step);
        unseen.clear();
        if (run != null && before != null) {
            endRun(pixel(before.pointer()), before.time());
        }
        endTyping();
        endScroll();
        typed.forEach((action, span) -> {
            if (noise.ticking(span.band()) && !span.grewOn()) {
                actions.remove(action); // a clock's first ticks, before it was known to tick (not typing at a blinking caret)
                if (span.typed()) {
                    // the click it was given, and only where it took it: one it did not state went on to the typing
                    // after it, as a click of the same place and time (an action is its values)
                    actions.remove(span.focus());
                }
            }
        });
        actions.sort(Comparator.comparingDouble(ExtractedAction::start));
        return List.copyOf(actions);
    }

    /** The actions found since the last call (a later one may still drop one of them: a press that became a drag). */
    List<Found> fresh() {
        List<Found> found = List.copyOf(fresh);
        fresh.clear();
        return found;
    }

    /**
     * The frames an action yet to be found may start or end at: those of the pointer's run, rest, typing (and the click
     * that focused it, and the moment after its last change, {@link #TYPED_STAYS}), scroll, and the last one.
     */
    Set<Integer> heldFrames() {
        Set<Integer> held = new HashSet<>();
        if (before != null) {
            held.add(before.frame());
        }
        if (passedOver != null && before != null && passedOver.at() == before.frame()) {
            held.add(passedOver.frame()); // where typing that begins next may have begun
        }
        unseen.forEach(observation -> held.add(observation.frame()));
        if (run != null) {
            held.add(frame(run.startTime));
            held.add(frame(run.lastTime));
        }
        if (Double.isFinite(restSince)) {
            held.add(frame(restSince));
        }
        if (typing != null) {
            held.add(typing.firstFrame());
            for (int after = 0; after <= Math.round(TYPED_STAYS / frameTime); after++) {
                held.add(typing.lastFrame() + after); // one not read yet is not held either
            }
            if (typing.focus() != null) {
                held.add(frame(typing.focus().start())); // the click it will be given when it ends typed
            }
        }
        if (scroll != null) {
            held.add(frame(scroll.start));
        }
        return held;
    }

    private int frame(double time) {
        return (int) Math.round(time / frameTime);
    }

    private void add(ExtractedAction action) {
        add(action, null, true);
    }

    private void add(ExtractedAction action, Typing span, boolean shown) {
        if (action.operation().equals(ExtractedAction.CLICK)) {
            clickedAt = action.at();
        }
        actions.add(action);
        fresh.add(new Found(action, span, shown));
    }

    private void motion(Observation before, Observation now, Pixel from, Pixel to) {
        if (run == null) {
            endTyping();
            endScroll();
            run = new Run(from, before.time(), previousChanges);
        }
        popup = null;
        run.went(before, now, from, to);
        restAt = null;
    }

    /** A motion run ended at {@code end}: a drag, a selection, or the pointer moved somewhere to act. */
    private void endRun(Pixel end, double time) {
        Run ended = run;
        run = null;
        if (end == null) {
            return;
        }
        Pixel start = ended.start;
        if (ended.carriedContent()) {
            // where the drag began: what was carried moved as far as the pointer did since (the pointer may have jumped
            // to the start within the first interval)
            Pixel from = new Pixel((int) Math.round(end.x() - ended.shiftX), (int) Math.round(end.y() - ended.shiftY));
            addMotion(ExtractedAction.DRAG, from, start, ended.startTime, end, time, Evidence.DRAG_CARRIED);
            restUsed = true;
            settleUntil = time + DRAG_SETTLE;
        } else if (ended.changes != null && (ended.nearPointer >= 2 || ended.spanned && time - ended.startTime > 1.5 * frameTime)
                && reaches(ended.changes, end) && ended.changes.height <= 3 * LINE + Math.abs(end.y() - start.y())) {
            // a highlight grew along the pointer's path (over frames, or from its start to its end while it went unseen;
            // not a row highlighted as the pointer jumped onto it within a frame, which is its click): it begins where
            // the press was, at its far edge
            Rect extent = ended.preChanges == null ? ended.changes : Observation.union(List.of(ended.changes, ended.preChanges));
            boolean rightwards = end.x() >= start.x();
            Rect unseenEnd = ended.unseenEnd;
            if (unseenEnd != null && unseenEnd.x + unseenEnd.width - 2 > end.x()) {
                rightwards = true; // it went on growing to the right where the pointer went unseen: it ends there
                end = new Pixel(unseenEnd.x + unseenEnd.width - 2, end.y());
            }
            Pixel from = new Pixel(rightwards ? Math.min(start.x(), extent.x + 4) : Math.max(start.x(), extent.x + extent.width - 4), start.y());
            if (!near(extent, start, 10)) {
                // the pointer came from elsewhere and pressed without a stop one could see: the highlight's far edge
                from = new Pixel(rightwards ? extent.x + 4 : extent.x + extent.width - 4, extent.height <= LINE ? end.y() : extent.y + 8);
            }
            addMotion(ExtractedAction.SELECT, from, start, ended.startTime, end, time, Evidence.SELECTION);
            restUsed = true;
            settleUntil = time + DRAG_SETTLE;
        } else if (ended.last.shift().clean() && beside(ended.last.union(), end)) {
            restUsed = true; // the wheel turned as the pointer arrived: the scroll starts with this interval
            startScroll(end, ended.lastTime);
            scroll.end = time;
            scroll.shift += ended.last.shift().dy();
        } else if (ended.last.changed()) {
            // the screen changed as the pointer arrived: its click (a hover's highlight reads the same, less surely)
            endTyping();
            boolean far = !near(ended.last.union(), end, 30);
            add(found(ExtractedAction.CLICK, ended.lastTime, time, end, null, null, far ? Evidence.CLICK_ON_ARRIVAL_FAR : Evidence.CLICK_ON_ARRIVAL));
            restUsed = true;
            settleUntil = time + CLICK_SETTLE;
            opened(ended.last, end);
        } else {
            restUsed = false;
        }
        restAt = end;
        restSince = time;
        arrived = true;
    }

    /**
     * Whether what read as typing was a highlight the pointer dragged along a line unseen (over the highlight it was
     * not recognized), now that it shows at the highlight's head: then it is that selection, from the line's other end.
     */
    private boolean selectedUnseen(Observation now, Pixel to) {
        List<Rect> head = now.changes().stream().filter(c -> continues(typing.band(), c)).toList();
        Rect band = Observation.union(Stream.concat(head.stream(), Stream.of(typing.band())).toList());
        boolean onLine = to.y() >= band.y - 4 && to.y() <= band.y + band.height + 4;
        boolean rightwards = Math.abs(to.x() - (band.x + band.width)) <= 16;
        if (typing.intervals() + (head.isEmpty() ? 0 : 1) < 3 || !onLine || !rightwards && Math.abs(to.x() - band.x) > 16) {
            return false;
        }
        Pixel from = new Pixel(rightwards ? band.x + 2 : band.x + band.width - 2, to.y());
        double start = typing.start();
        typing = null;
        dropPressOf(from, start, null, Double.NEGATIVE_INFINITY);
        add(found(ExtractedAction.SELECT, start, now.time(), from, to, null, Evidence.SELECTION_UNSEEN));
        restAt = to;
        restSince = now.time();
        restUsed = true;
        arrived = true;
        settleUntil = now.time() + DRAG_SETTLE;
        return true;
    }

    private void startScroll(Pixel at, double time) {
        if (typing != null && !typing.typed() && time - typing.start() <= 0.5) {
            time = typing.start(); // the wheel's first turn, whose shift did not show clean, read as a line changing
            typing = null;
        }
        endTyping();
        // the wheel's first turn may have read as a click where the pointer arrived: it was the scroll's start
        for (int i = actions.size() - 1; i >= 0; i--) {
            ExtractedAction last = actions.get(i);
            if (last.operation().equals(ExtractedAction.CLICK) && at != null && last.at() != null && last.at().distance(at) <= 3
                    && time - last.end() <= 0.35) {
                actions.remove(i);
                time = last.start();
                break;
            }
        }
        scroll = new Scroll(at, time);
    }

    /**
     * Whether changes on a line, end to end, reach from {@code a} to {@code b}: a highlight drawn along the way (over
     * frames the pointer went unseen in), not a field losing its focus ring where the pointer was and another gaining
     * one where it went.
     */
    private static boolean spans(List<Rect> changes, Pixel a, Pixel b) {
        List<Rect> line = changes.stream().filter(c -> c.height <= LINE && b.y() >= c.y - 10 && b.y() <= c.y + c.height + 10)
                .sorted(Comparator.comparingInt(c -> c.x)).toList();
        Rect chain = null;
        for (Rect change : line) {
            chain = chain != null && change.x <= chain.x + chain.width + 4 && sameLine(chain, change) ? Observation.union(List.of(chain, change))
                    : change;
            if (near(chain, a, 10) && near(chain, b, 10)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A drag or selection from {@code from} (the run began at {@code start}) to {@code end}; where the same motion ended
     * at that start a frame or two before, the two are one (the hand stopped a moment on its way) and begin at its press.
     */
    private void addMotion(String operation, Pixel from, Pixel start, double startTime, Pixel end, double time, Evidence evidence) {
        ExtractedAction last = actions.isEmpty() ? null : actions.get(actions.size() - 1);
        if (last != null && last.operation().equals(operation) && last.to() != null && last.to().distance(start) <= REST
                && startTime - last.end() <= 2 * frameTime) {
            actions.remove(last);
            add(found(operation, last.start(), time, last.at(), end, null, evidence));
            return;
        }
        dropPressOf(from, startTime, start, restSince); // (the time it came to rest where the run began)
        add(found(operation, startTime, time, from, end, null, evidence));
    }

    /**
     * A drag or selection begins with a press, which may have shown as a click where it began, or, where the pointer
     * could not be seen, as typing (the first letters highlighted): it is part of the drag. Not typing done before the
     * pointer was seen away from it ({@code seenAt}, where it was as the drag's run began), nor typing done before the
     * pointer came there ({@code cameAt}; in a small copy of a video the line typed may reach the line the drag selects):
     * it pressed after it came.
     */
    private void dropPressOf(Pixel start, double since, Pixel seenAt, double cameAt) {
        actions.removeIf(a -> since - a.end() <= 1 && (a.operation().equals(ExtractedAction.CLICK) && a.at() != null && a.at().distance(start) <= 12
                || typed.containsKey(a) && near(typed.get(a).band(), start, 4) && !typedBefore(typed.get(a), since, seenAt, cameAt)));
    }

    private static boolean typedBefore(Typing typing, double since, Pixel seenAt, double cameAt) {
        return typing.end() < cameAt || seenAt != null && typing.end() <= since && !near(typing.band(), seenAt, 30);
    }

    /**
     * Notes a frame, the pointer unseen, that moved much of the screen whole (a clear shift over a window-sized change);
     * a change that is no such move ends one that never showed as a window's (the changed box moving on with the shift).
     */
    private void carriedUnseen(Observation before, Observation now) {
        Rect union = now.union();
        Observation.Shift shift = now.shift();
        if (union == null || union.width < WINDOW || union.height < WINDOW || shift.response() < 0.8
                || Math.hypot(shift.dx(), shift.dy()) < 3) {
            if (union != null && carried != null && carried.followed() == 0) {
                carried = null;
            }
            return;
        }
        if (carried == null) {
            carried = new UnseenCarry(shift.dx(), shift.dy(), before.time(), now.time(), union, shift, 0);
            return;
        }
        boolean followed = Math.abs(union.x - carried.last().x - carried.lastShift().dx()) <= 4
                && Math.abs(union.y - carried.last().y - carried.lastShift().dy()) <= 4;
        carried = new UnseenCarry(carried.dx() + shift.dx(), carried.dy() + shift.dy(), carried.start(), now.time(), union, shift,
                carried.followed() + (followed ? 1 : 0));
    }

    /**
     * The pointer showing where a window carried whole while it was unseen stopped: it dragged the window from where it
     * is less the window's move, the press its start (a click or typing read there goes). Whether it was so.
     */
    private boolean draggedUnseen(Pixel to, double time) {
        UnseenCarry move = carried;
        carried = null;
        if (move.followed() == 0 || time - move.end() > 0.5) {
            return false;
        }
        Pixel from = wentWith(move, to) ? lastSeen : new Pixel((int) Math.round(to.x() - move.dx()), (int) Math.round(to.y() - move.dy()));
        endTyping();
        // the press, read as a click or as typing where it began (the title bar's change), and a key read from the
        // window's first move
        actions.removeIf(a -> a.operation().equals(ExtractedAction.PRESS) && a.start() >= move.start() && a.start() <= move.end()
                || a.operation().equals(ExtractedAction.CLICK) && a.end() >= move.start() - 0.5 && a.at() != null && a.at().distance(from) <= 12
                || typed.containsKey(a) && a.end() >= move.start() - 0.5 && near(typed.get(a).band(), from, 12));
        addMotion(ExtractedAction.DRAG, from, from, move.start(), to, move.end(), Evidence.DRAG_UNSEEN);
        restAt = to;
        restSince = time;
        restUsed = true;
        settleUntil = time + DRAG_SETTLE;
        return true;
    }

    /**
     * Whether the pointer was seen a frame or two before the window began to move, and went from there the way the window
     * did, at least as far: the drag began where it was seen (a first move too mixed to measure is missing from the sum).
     */
    private boolean wentWith(UnseenCarry move, Pixel to) {
        if (lastSeen == null || move.start() - lastSeenAt > 2 * frameTime + 1e-6) {
            return false;
        }
        double dx = to.x() - lastSeen.x();
        double dy = to.y() - lastSeen.y();
        double went = Math.hypot(dx, dy);
        double moved = Math.hypot(move.dx(), move.dy());
        return went >= moved - 4 && went <= 2 * moved && (dx * move.dx() + dy * move.dy()) / (went * moved) > 0.95;
    }

    private void seen(Pixel at, double time) {
        lastSeen = at;
        lastSeenAt = time;
    }

    /** Whether the pointer came to rest at most {@code seconds} before {@code time}, and no action took that rest yet. */
    private boolean restUnusedWithin(double time, double seconds) {
        return !restUsed && time - restSince <= seconds;
    }

    private void atRest(Observation before, Observation now, Pixel at) {
        List<Rect> evidence = new ArrayList<>(now.changes());
        if (at != null && restUnusedWithin(now.time(), CLICK_WINDOW + frameTime)) {
            now.carets().stream().filter(c -> near(c, at, 40)).forEach(evidence::add); // a click into text moves its caret
        }
        if (evidence.isEmpty()) {
            return;
        }
        Rect union = Observation.union(evidence);
        // the frame right after the pointer arrived may show its click as well as a wheel's turn: a shift begins a scroll
        // there only where it accounts for what changed
        boolean justArrived = at != null && restUnusedWithin(now.time(), frameTime + 1e-6);
        boolean answered = recentlyTyped(now.time()) || scrolledUpTyped(now, union);
        if (now.shift().vertical() && (at == null || beside(union, at) || answered)
                && (scroll != null || !justArrived && now.shift().movedSome() || now.shift().clean() || answered || now.time() - enterAt < 0.5)) {
            if (answered || now.time() - enterAt < 0.5) {
                enter(before.time()); // a terminal scrolling its output after a command
                return;
            }
            if (scroll == null) {
                boolean turnedBefore = unclearShift != null && now.time() - unclearShift.time() <= 2.5 * frameTime;
                startScroll(at, turnedBefore ? unclearShift.time() - frameTime : before.time());
                scroll.shift += turnedBefore ? unclearShift.shift().dy() : 0;
                restUsed = true;
            }
            unclearShift = null;
            scroll.end = now.time();
            scroll.shift += now.shift().dy();
            return;
        }
        unclearShift = now.shift().vertical() ? now : null;
        if (scroll != null && now.time() - scroll.end <= SCROLL_SETTLE && (at == null || beside(union, at))) {
            scroll.end = now.time(); // a smooth scroll easing out: its last frames shift too little, or unevenly, to measure
            return;
        }
        endScroll();
        if (at != null && restUnusedWithin(now.time(), CLICK_WINDOW + frameTime)
                && (now.time() - restSince <= frameTime + 1e-6 || evidence.stream().anyMatch(c -> answers(c, at)))) {
            boolean far = !near(union, at, 30);
            add(found(ExtractedAction.CLICK, before.time(), now.time(), at, null, null, far ? Evidence.CLICK_AT_REST_FAR : Evidence.CLICK_AT_REST));
            restUsed = true;
            settleUntil = now.time() + CLICK_SETTLE;
            popup = null;
            opened(now, at);
            return;
        }
        if (now.time() <= settleUntil) {
            opened(now, at);
        }
        if (now.changes().isEmpty() || now.time() <= settleUntil) {
            return;
        }
        if (closedByKey(now, at)) {
            add(found(ExtractedAction.PRESS, before.time(), now.time(), null, null, "esc", Evidence.ESCAPE));
            return;
        }
        if (typing != null && !typing.lineDrawnAtOnce() && now.time() - typing.end() <= ENTER_AFTER
                && now.changes().stream().anyMatch(c -> below(typing.band(), c))) {
            // lines appeared under the typed one: a command's output, the cursor of a sheet moving down (not letters
            // typed under a title whose mark was drawn with the first of them)
            enter(before.time());
        }
        if (typing == null && lines(now.changes()) >= 3 && !echoed(now.changes(), now.time())) {
            // lines changing together (a menu closing, a page redrawn): the screen, not typing, which writes one at a
            // time; but a typing going on beside one of them next begins with it (its first letters came with a
            // title's mark and a clock's turn)
            passedOver = new PassedOver(now.changes().stream().filter(c -> c.height <= LINE).toList(), before.frame(), before.time(), now.frame());
            return;
        }
        if (recentlyTyped(now.time()) && now.changes().stream().anyMatch(c -> c.height > line(now.time()) && c.contains(typing.band().tl())
                && c.contains(typing.band().br()))) {
            enter(before.time()); // what was typed into went, or was drawn anew, with all around it (a dialog its Enter closed)
            return;
        }
        Rect typed = typed(now.changes(), now.time());
        keyboard(before, now, typed);
        List<Rect> others = now.changes().stream().filter(c -> c.height <= LINE && !ScreenObserver.overlap(c, typed)).toList();
        passedOver = others.isEmpty() ? null : new PassedOver(others, before.frame(), before.time(), now.frame());
    }

    /** What a click's answer opened at the pointer, taller than a line: a menu, a list, as it is drawn over the first frames. */
    private void opened(Observation now, Pixel at) {
        if (at == null || clickedAt == null || at.distance(clickedAt) > REST) {
            return;
        }
        for (Rect change : now.changes()) {
            if (change.height > popupLine() && near(change, at, 30)) {
                popup = popup == null ? change : Observation.union(List.of(popup, change));
            }
        }
    }

    /**
     * Whether what the click opened went again, the pointer seen still where it clicked (one gone from there unseen may
     * have gone to close it), and nothing else changed but a line's worth (a clock ticking, a caret blinking in the same
     * frame; a window opening is what a menu's item did).
     */
    private boolean closedByKey(Observation now, Pixel at) {
        Rect opened = popup;
        if (opened == null || now.pointer() == null || at == null || at.distance(clickedAt) > REST) {
            return false;
        }
        List<Rect> there = now.changes().stream().filter(c -> ScreenObserver.overlap(c, opened)).toList();
        if (there.isEmpty() || now.changes().stream().anyMatch(c -> !there.contains(c) && c.height > popupLine())) {
            return false;
        }
        Rect union = Observation.union(there);
        double overlap = ScreenObserver.overlapArea(union, opened);
        // what went is what opened, or lies inside it with a corner at the pointer (a menu opened there, and the row the
        // right-click highlighted with it stays), or is all of it below the line at the pointer (a menu bar's menu, its
        // item still highlighted)
        boolean inside = overlap >= 0.9 * union.area();
        boolean same = overlap >= 0.7 * Math.max(union.area(), opened.area()) || inside && (cornerAt(union, at) || belowItsItem(union, opened, at));
        if (same) {
            popup = null;
        }
        return same;
    }

    /** How high a line of a menu is at most, at the size the pointer shows the screen at: what a popup is taller than. */
    private int popupLine() {
        return (int) Math.round(LINE * screenScale);
    }

    /**
     * Whether {@code went} is {@code opened} but for a strip at its top no higher than a line, the point in that strip:
     * a menu dropped from the item the pointer clicked.
     */
    private boolean belowItsItem(Rect went, Rect opened, Pixel at) {
        return went.width >= 0.9 * opened.width && Math.abs(went.y + went.height - (opened.y + opened.height)) <= 3
                && went.y - opened.y <= popupLine() && at.y() >= opened.y && at.y() < went.y;
    }

    /** Whether a corner of the box is at the point (within 3 px): where a context menu opens from a pointer. */
    private static boolean cornerAt(Rect box, Pixel at) {
        boolean x = Math.abs(box.x - at.x()) <= 3 || Math.abs(box.x + box.width - at.x()) <= 3;
        boolean y = Math.abs(box.y - at.y()) <= 3 || Math.abs(box.y + box.height - at.y()) <= 3;
        return x && y;
    }

    /**
     * Whether a change can be a click's answer: near the pointer (a button pressed, a field focused, a menu opening) or
     * large (a dialog, a page); not a small box far off (a clock ticking before it was known to tick) unless it changed
     * as the pointer arrived (a selection elsewhere cleared).
     */
    private static boolean answers(Rect change, Pixel at) {
        return near(change, at, 100) || change.width * change.height >= LINE * LINE;
    }

    /**
     * Whether small changes only, one of them where text is entered: typing that the application echoes elsewhere at once
     * (a sheet's cell, its formula bar, the toolbar buttons greyed while the cell is edited), not the screen redrawn.
     */
    private boolean echoed(List<Rect> changes, double time) {
        return changes.stream().allMatch(c -> c.height <= LINE) && entered(changes, time) != null;
    }

    /** How many lines of text the line-high changes lie on. */
    private static int lines(List<Rect> changes) {
        List<Rect> rows = new ArrayList<>();
        for (Rect change : changes) {
            if (change.height <= LINE && rows.stream().noneMatch(row -> sameLine(row, change))) {
                rows.add(change);
            }
        }
        return rows.size();
    }

    /**
     * Whether a change begins on the few lines just under a typed band, or reaches from about the band's line well into
     * the line under it (a sheet's cell cursor moving down a cell), where the band began or to its right.
     */
    private static boolean below(Rect band, Rect change) {
        int bottom = band.y + band.height;
        // (its middle under the band, not a letter on the line of a band a pixel high, nor a letter's descender)
        boolean under = change.y >= bottom - 2 && change.y + change.height / 2 > bottom
                || change.y >= band.y - band.height && change.y + change.height >= bottom + band.height / 2 + 2;
        // within a few of the typed lines (a status line further down answers each letter, in a video shown small too)
        return under && change.y <= bottom + Math.min(2 * LINE, 4 * band.height)
                && change.x + change.width >= band.x - 200
                && change.x <= band.x + band.width + 200;
    }

    /** A change while the pointer rests and no click explains it: typing, an Enter, or the screen answering. */
    private void keyboard(Observation before, Observation now, Rect union) {
        if (union.height < SPECK) {
            return; // a pixel's row changing (an edge redrawn), no letter
        }
        if (union.height > line(now.time())) {
            if (recentlyTyped(now.time()) && union.y + union.height > typing.band().y) {
                enter(before.time()); // output after a command (not a notification coming above it)
            }
            return;
        }
        Rect blinked = null;
        if (typing != null && typing.drawnAtOnce() && 2 * typing.first().width <= typing.first().height
                && (typing.intervals() >= 2 || arrived && restSince > typing.end())
                && continues(typing.band(), union) && typing.pastFirst(union)) {
            // a caret-thin box changed in place again and again, or before the pointer came to rest (a caret blinking
            // where letters will go), and now letters come: the typing begins with them, after the click that put the
            // caret there (where they begin, kept in its band: letters drawn in frames read as something else are in it)
            restUsed &= !tookThisRest(typing); // the click it took, if any, is the letters' to take
            blinked = typing.band();
            typing = null;
        }
        boolean printed = printedAfter(typing, now, union);
        if (typing != null && now.time() - typing.end() <= TYPING_GAP && continues(typing.band(), union) && !printed) {
            typing = typing.grown(union, now.time(), now.frame());
            return;
        }
        if (typing != null && typing.typed() && now.time() - typing.end() <= ANSWER && !atEntry(union, now.time(), null)) {
            return; // a title or status line answering the typing (an edited document's star): the typing goes on
        }
        Typing last = typing;
        boolean typed = endTyping();
        if (printed || now.time() - enterAt < 0.5 && union.width > 2 * union.height) {
            return; // what an Enter printed (a letter or two is the next line being typed)
        }
        if (typed && now.time() - last.end() <= TYPING_GAP + 1 && below(last.band(), union)) {
            enter(last.end()); // typing went on a line lower
        }
        ExtractedAction focus = null;
        if (restAt != null && arrived && restUnusedWithin(now.time(), 2 + CLICK_WINDOW)) {
            // typing soon after the pointer came to rest: the click that gave it focus did not show
            focus = found(ExtractedAction.CLICK, restSince, restSince + frameTime, restAt, null, null, Evidence.FOCUS_CLICK);
            restUsed = true;
        }
        boolean underPointer = focus != null && union.contains(new Point(focus.at().x(), focus.at().y()));
        boolean atEntry = atEntry(union, now.time(), focus);
        boolean guessedEntry = !seenEntered(union, now.time(), focus) && !underPointer;
        Rect begun = begunBefore(before, union);
        Rect band = blinked == null ? union : Observation.union(List.of(blinked, union));
        typing = begun == null
                ? new Typing(band, before.time(), now.time(), before.frame(), now.frame(), 1, union, atEntry, focus, guessedEntry)
                : new Typing(Observation.union(List.of(begun, union)), passedOver.time(), now.time(), passedOver.frame(), now.frame(), 2,
                        begun, atEntry, focus, guessedEntry);
    }

    /**
     * Whether a change is what a program printed after an Enter, not typing: within {@link #ANSWER} of the Enter, more
     * than a line high (its answer and the prompt under it; typing writes on one line), and either drawn over the caret's
     * new place ({@code young}, the typing a block caret's move began) or, where the caret's move showed no change (a thin
     * caret), on the two lines under the line typed. A line is as high as a caret seen lately, or else as the line typed
     * before the Enter or the caret's new place.
     */
    private boolean printedAfter(Typing young, Observation now, Rect change) {
        if (lastTyped == null || now.time() - enterAt >= ANSWER) {
            return false;
        }
        if (young == null) {
            // only a caret (a thin upright line, as the observer tells one) says how high a line is here: typed letters may
            // be no taller than an x
            if (!caretLately(now.time())) {
                return false;
            }
            Rect band = lastTyped.band();
            // two lines under it (an answer and the next prompt), apart or in one box; one line's letters, blurred by a
            // resized video's encoding, reach a little past a caret's height
            List<Rect> under = now.changes().stream().filter(c -> below(band, c) && c.y < band.y + band.height + 2 * caret.height).toList();
            return !under.isEmpty() && (lines(under) >= 2 || Observation.union(under).height > 1.5 * caret.height);
        }
        if (young.intervals() != 1 || young.start() < enterAt) {
            return false;
        }
        int line = Math.max(lastTyped.band().height, young.first().height);
        return ScreenObserver.overlap(change, young.first()) && change.height > 1.5 * line;
    }

    /**
     * Where typing that begins now began an interval earlier: a line-high change of the interval before, passed over for
     * a larger one that changed with it (an edited document's title mark drawn with the first letters) or with lines
     * changing together, on this change's line and on its left, as letters typed before these stand, this change going
     * on further right (a speck changing again inside it is not letters going on); or null.
     */
    private Rect begunBefore(Observation before, Rect union) {
        if (passedOver == null || passedOver.at() != before.frame()) {
            return null;
        }
        List<Rect> begun = passedOver.changes().stream().filter(c -> continues(c, union) && c.x < union.x && c.x + c.width < union.x + union.width)
                .toList();
        return begun.isEmpty() ? null : Observation.union(begun);
    }

    /**
     * The tallest change (pixels) read as one line of typing at {@code time}: two caret-heights where a caret was seen
     * lately, else two heights of the line of letters typed lately (a notification's two lines are taller, in a video
     * shown at any size), never less than a small line's {@link #SMALL_LINE}; {@link #LINE} where neither was seen.
     */
    private int line(double time) {
        if (caretLately(time)) {
            return Math.clamp(2L * caret.height, SMALL_LINE, LINE);
        }
        Rect typedLine = lastTyped == null || time - lastTyped.end() > CARET_LATELY ? null : lastTyped.band();
        // only a line of letters tells its height: a digit turned (a clock's first tick, read as typed) may be no taller than an x
        return typedLine != null && typedLine.width > 2 * typedLine.height ? Math.clamp(2L * typedLine.height, SMALL_LINE, LINE) : LINE;
    }

    /** Whether a caret was seen within {@link #CARET_LATELY} of {@code time}. */
    private boolean caretLately(double time) {
        return caret != null && time - caretTime <= CARET_LATELY;
    }

    /**
     * The changes typing made: those on the line where text is entered ({@link #entered}); where none is there, the
     * largest line-high one and those beside it on its line (letters typed within a frame, a space between them); all
     * changes when none is line-high.
     */
    private Rect typed(List<Rect> changes, double time) {
        int line = line(time);
        List<Rect> lines = changes.stream().filter(c -> c.height <= line).toList();
        if (lines.isEmpty()) {
            return Observation.union(changes);
        }
        Rect entered = entered(lines, time);
        if (entered != null) {
            return entered;
        }
        Rect largest = lines.stream().max(Comparator.comparingInt(c -> c.width * c.height)).orElseThrow();
        return Observation.union(run(lines.stream().filter(c -> sameLine(largest, c)).toList(), largest, line));
    }

    /**
     * Of line-high changes, those on the line of a caret seen lately, or on the line being typed, or on the line the
     * pointer clicked, or the line under the one typed before an Enter, or where the caret was (or the line under it), or
     * null; not a title that changed with them ("*Untitled") or toolbar buttons greyed while a cell is edited; of those
     * on its line, the run letters make ({@link #run}). A caret seen lately comes first: letters go where it is, not on
     * along a status line that changed after an Enter and was taken for typing.
     */
    private Rect entered(List<Rect> lines, double time) {
        List<Rect> places = new ArrayList<>();
        boolean lately = caretLately(time);
        if (lately) {
            places.add(caret);
        }
        if (typing != null) {
            places.add(typing.band());
        }
        if (clickedAt != null) {
            places.add(new Rect(clickedAt.x() - ACROSS, clickedAt.y() - 8, 2 * ACROSS, 16));
        }
        Rect next = nextLine();
        if (next != null) {
            places.add(next);
        }
        if (caret != null) {
            if (!lately) {
                places.add(caret);
            }
            places.add(new Rect(caret.x, caret.y + caret.height, caret.width, caret.height));
        }
        for (Rect place : places) {
            List<Rect> same = lines.stream().filter(c -> sameLine(place, c) && c.x + c.width >= place.x - ACROSS
                    && c.x <= place.x + place.width + ACROSS).toList();
            if (!same.isEmpty()) {
                return Observation.union(run(same, place, line(time)));
            }
        }
        return null;
    }

    /**
     * Of changes on one line, the run letters make: from the one nearest the middle of {@code place}, on either way to
     * each next no further than {@code gap} (a line's height; words are closer). A box drawn further along the line as
     * the first letter came (a field's button to clear it) is not what was typed.
     */
    private static List<Rect> run(List<Rect> same, Rect place, int gap) {
        List<Rect> across = same.stream().sorted(Comparator.comparingInt(c -> c.x)).toList();
        int middle = place.x + place.width / 2;
        int from = 0;
        for (int i = 1; i < across.size(); i++) {
            if (off(across.get(i), middle) < off(across.get(from), middle)) {
                from = i;
            }
        }
        int first = from;
        int left = across.get(from).x;
        while (first > 0 && left - (across.get(first - 1).x + across.get(first - 1).width) <= gap) {
            first--;
            left = across.get(first).x; // sorted by x: the leftmost so far
        }
        int last = from;
        int right = across.get(from).x + across.get(from).width;
        while (last < across.size() - 1 && across.get(last + 1).x - right <= gap) {
            last++;
            right = Math.max(right, across.get(last).x + across.get(last).width);
        }
        return across.subList(first, last + 1);
    }

    /** How far across a box is from {@code x}: 0 when it spans it. */
    private static int off(Rect box, int x) {
        return Math.max(0, Math.max(box.x - x, x - (box.x + box.width)));
    }

    private void enter(double time) {
        if (time - enterAt < 1) {
            return;
        }
        endTyping();
        if (lastTyped == null || lastTyped.end() <= enterAt || movedAt > lastTyped.end()) {
            // an Enter is read from what it did to text typed since the last one, while the pointer stayed (one that moved
            // there since, to click the next field or a button, did what shows)
            return;
        }
        enterAt = time;
        add(found(ExtractedAction.PRESS, time, time, null, null, "enter", Evidence.ENTER));
    }

    /**
     * Whether the content shifted up with the line just typed in it, the pointer still where it was while one typed: an
     * Enter's output scrolling a full view, one may pause before pressing it (an Enter never moves content down).
     */
    private boolean scrolledUpTyped(Observation now, Rect moved) {
        if (typing == null || !typing.typed() || now.shift().dy() >= 0 || now.time() - typing.end() > ENTER_AFTER || movedAt > typing.end()) {
            return false;
        }
        Rect band = typing.band();
        return near(moved, new Pixel(band.x + band.width / 2, band.y + band.height / 2), 0);
    }

    private boolean recentlyTyped(double time) {
        return typing != null && typing.typed() && time - typing.end() <= 1;
    }

    /** The line under the one typed before an Enter (the next line, the next cell down), or null. */
    private Rect nextLine() {
        if (lastTyped == null || enterAt < lastTyped.end()) {
            return null;
        }
        Rect band = lastTyped.band();
        return new Rect(band.x, band.y + band.height, band.width, band.height);
    }

    /**
     * Whether text is entered where {@code band} changed: at a caret seen lately, on the line the pointer clicked (or
     * will have clicked: {@code focus}), or on the line under the one typed before an Enter.
     */
    private boolean atEntry(Rect band, double time, ExtractedAction focus) {
        Rect next = nextLine();
        return seenEntered(band, time, focus) || focus != null && onClickedLine(band, focus.at()) || next != null && continues(next, band);
    }

    /**
     * Whether what showed says text is entered where {@code band} changed: a caret seen there lately, or a click seen on
     * its line (the last one, unless a click is guessed since: {@code focus}); not a click guessed for typing that
     * showed none, nor the line after an Enter, where text is only expected.
     */
    private boolean seenEntered(Rect band, double time, ExtractedAction focus) {
        boolean caretThere = caretLately(time) && sameLine(band, caret) && caret.x >= band.x - 24
                && caret.x <= band.x + band.width + 24;
        return caretThere || focus == null && onClickedLine(band, clickedAt);
    }

    /**
     * Whether the band lies on the line the pointer clicked, no further across from the click than a third of the screen
     * (a short line's end left of it, a right-aligned field's text right of it): a notification that comes at the top
     * right, level with a location field clicked at the left, is not what was typed there, in a video of any size.
     */
    private boolean onClickedLine(Rect band, Pixel clicked) {
        return clicked != null && Math.abs(clicked.y() - (band.y + band.height / 2)) <= LINE / 2
                && band.x <= clicked.x() + clickReach && band.x + band.width >= clicked.x() - clickReach;
    }

    /**
     * Ends the typing in progress; whether it was typing one can state (it began where text is entered, or grew as
     * typed text does). Other typing (a number appearing in a calculator) is kept less surely, unless its place turns
     * out to tick by itself.
     */
    private boolean endTyping() {
        Typing ended = typing;
        typing = null;
        if (ended == null) {
            return false;
        }
        if (!ended.typed() && tookThisRest(ended)) {
            restUsed = false; // not typing one can state (a clock's first ticks) took the click it would have had: typing may yet
        }
        if (!ended.typed() && lastTyped != null && ended.start() - Math.max(lastTyped.end(), enterAt) <= ANSWER) {
            return false; // a title or status line changing after typing or an Enter: the screen's answer
        }
        if (ended.lineDrawnAtOnce() || ended.blinked()) {
            return false;
        }
        lastTyped = ended;
        if (ended.focus() != null && ended.typed()) {
            add(ended.focus(), null, false);
        }
        ExtractedAction action = found(ExtractedAction.TYPE, ended.start(), ended.end(), null, null, null,
                ended.atEntry() ? Evidence.TYPING_AT_ENTRY : ended.typed() ? Evidence.TYPING_GREW : Evidence.TYPING_GUESSED);
        add(action, ended, true);
        typed.put(action, ended);
        return ended.typed();
    }

    /**
     * Whether the click a typing took is the one of the rest the pointer is in now: only that rest is given back when the
     * typing lets its click go (one before it may since have been clicked, and would be clicked twice).
     */
    private boolean tookThisRest(Typing span) {
        return span.focus() != null && span.focus().start() == restSince && span.focus().at().equals(restAt);
    }

    private void endScroll() {
        Scroll ended = scroll;
        if (ended == null) {
            return;
        }
        scroll = null;
        int clicks = (int) Math.signum(ended.shift) * Math.max(1, (int) Math.round(Math.abs(ended.shift) / SHIFT_PER_CLICK));
        add(found(ExtractedAction.SCROLL, ended.start, ended.end, ended.at, null, null, clicks, Evidence.SCROLL));
    }

    /**
     * Whether a change goes on with the typing in {@code band}: on its line, within a few letters of it (not a
     * notification sliding in level with it at the screen's other side).
     */
    private static boolean continues(Rect band, Rect change) {
        int reach = Math.max(LINE, 4 * band.height);
        return sameLine(band, change) && change.x <= band.x + band.width + reach && change.x + change.width >= band.x - reach;
    }

    private static boolean sameLine(Rect band, Rect change) {
        int bandMiddle = band.y + band.height / 2;
        int changeMiddle = change.y + change.height / 2;
        return Math.abs(bandMiddle - changeMiddle) <= Math.max(band.height, change.height) / 2 + 2;
    }

    /** Whether the point is level with the box: a scrolled pane changes across its width, its text perhaps only at the left. */
    private static boolean beside(Rect box, Pixel point) {
        return point.y() >= box.y - 20 && point.y() <= box.y + box.height + 20;
    }

    /**
     * Whether a highlight reaches where the pointer stopped, or is on its line: a selection stops where the line's text
     * does, the pointer may go on.
     */
    private static boolean reaches(Rect box, Pixel point) {
        return near(box, point, 10) || point.y() >= box.y - 10 && point.y() <= box.y + box.height + 10;
    }

    private static boolean near(Rect box, Pixel point, int slack) {
        return point.x() >= box.x - slack && point.x() <= box.x + box.width + slack && point.y() >= box.y - slack
                && point.y() <= box.y + box.height + slack;
    }

    private static Pixel pixel(PointerFinder.Found found) {
        return found == null ? null : new Pixel(found.x(), found.y());
    }
}
