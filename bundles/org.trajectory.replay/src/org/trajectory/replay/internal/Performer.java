package org.trajectory.replay.internal;

import java.awt.Point;
import java.util.List;

import org.trajectory.model.action.Action;
import org.trajectory.recorder.replay.ReplayException;
import org.trajectory.recorder.replay.ReplayPolicy;
import org.trajectory.recorder.replay.ReplaySession;

/**
 * Performs typed actions (our action language, never evaluated as code) through a replay session, the way PyAutoGUI
 * would: a click moves the pointer first, a drag holds the button while it moves, a hotkey releases its keys in the
 * reverse order. Normalized points become pixels of the session's screen. A step's keys and characters are bounded by
 * the {@link ReplayPolicy.Limits limits}, and the {@link Watch} is asked before every input and every 20 ms of every
 * wait, so a replay stops at once in the middle of a long step.
 */
public final class Performer {

    /** Asked between inputs and during waits; throws to stop the replay (cancelled, out of time, the person took the pointer). */
    @FunctionalInterface
    public interface Watch {
        void check() throws ReplayException;

        Watch NONE = () -> {
        };
    }

    private static final long CLICK_GAP_MS = 60;
    private static final int DRAG_MOVES = 12;
    private static final double LONGEST_SLEEP_S = 30;
    private static final long WATCH_EVERY_MS = 20;

    private final ReplaySession session;
    private final ReplayPolicy.Limits limits;
    private final Watch watch;
    /** Where this performer last put the pointer: a pointer found elsewhere was moved by someone else. */
    private Point placed;

    public Performer(ReplaySession session) {
        this(session, ReplayPolicy.Limits.DEFAULT, Watch.NONE);
    }

    public Performer(ReplaySession session, ReplayPolicy.Limits limits, Watch watch) {
        this.session = session;
        this.limits = limits;
        this.watch = watch;
    }

    /** Where the pointer was last put by this performer; null before it moved it. */
    public Point placed() {
        return placed;
    }

    /** Why a step's actions go beyond what one step may do, or null: checked before any of them is performed. */
    public String beyondLimits(List<Action> actions) {
        int keys = 0;
        int characters = 0;
        for (Action action : actions) {
            switch (action) {
                case Action.Press press -> keys += press.keys().size() * Math.max(1, press.presses());
                case Action.Hotkey hotkey -> keys += hotkey.keys().size();
                case Action.Write write -> characters += write.text().codePointCount(0, write.text().length());
                default -> {
                }
            }
        }
        if (keys > limits.keysPerStep()) {
            return "it presses " + keys + " keys, more than the " + limits.keysPerStep() + " a step may (a setting raises it)";
        }
        if (characters > limits.charactersPerStep()) {
            return "it types " + characters + " characters, more than the " + limits.charactersPerStep() + " a step may (a setting raises it)";
        }
        return null;
    }

    public void perform(Action action) throws ReplayException {
        watch.check();
        switch (action) {
            case Action.Click click -> click(click);
            case Action.MoveTo move -> moveTo(move.to());
            case Action.DragTo drag -> drag(drag);
            case Action.Scroll scroll -> wheel(scroll.at(), scroll.clicks(), false);
            case Action.HScroll scroll -> wheel(scroll.at(), scroll.clicks(), true);
            case Action.Write write -> type(write.text());
            case Action.Press press -> press(press);
            case Action.Hotkey hotkey -> hotkey(hotkey);
            case Action.KeyDown down -> key(down.key(), true);
            case Action.KeyUp up -> key(up.key(), false);
            case Action.Sleep sleep -> pause(Math.round(Math.min(sleep.seconds(), LONGEST_SLEEP_S) * 1000));
            case Action.Terminate terminate -> {
                // ends the trajectory; nothing to perform
            }
        }
    }

    /** Where the first of the actions puts the pointer, in pixels; null when none of them moves it. */
    public Point firstPoint(List<Action> actions) {
        Action.Point point = Action.firstPoint(actions);
        if (point == null) {
            return null;
        }
        int[] at = pixel(point);
        return new Point(at[0], at[1]);
    }

    /** The pixel a normalized point stands for on this screen. */
    int[] pixel(Action.Point point) {
        return new int[] { (int) Math.min(session.width() - 1, Math.round(point.x() * session.width())),
                (int) Math.min(session.height() - 1, Math.round(point.y() * session.height())) };
    }

    private void moveTo(Action.Point point) throws ReplayException {
        int[] at = pixel(point);
        move(at[0], at[1]);
        pause(30);
    }

    private void move(int x, int y) throws ReplayException {
        watch.check();
        session.moveTo(x, y);
        placed = new Point(x, y);
    }

    private void key(String key, boolean down) throws ReplayException {
        watch.check();
        session.key(key, down);
    }

    /** Types character by character, so that the watch is asked between them. */
    private void type(String text) throws ReplayException {
        for (int i = 0; i < text.length(); i += Character.charCount(text.codePointAt(i))) {
            watch.check();
            session.type(new String(Character.toChars(text.codePointAt(i))));
        }
    }

    private void click(Action.Click click) throws ReplayException {
        if (click.at() != null) {
            moveTo(click.at());
        }
        Action.Button button = switch (click.kind()) {
            case RIGHT_CLICK -> Action.Button.RIGHT;
            case MIDDLE_CLICK -> Action.Button.MIDDLE;
            default -> Action.Button.LEFT;
        };
        int times = switch (click.kind()) {
            case DOUBLE_CLICK -> 2;
            case TRIPLE_CLICK -> 3;
            default -> 1;
        };
        for (int i = 0; i < times; i++) {
            watch.check();
            session.button(button, true);
            pause(20);
            session.button(button, false);
            if (i + 1 < times) {
                pause(CLICK_GAP_MS);
            }
        }
    }

    /** PyAutoGUI's dragTo: the button down where the pointer is, a move in small steps, the button up. */
    private void drag(Action.DragTo drag) throws ReplayException {
        int[] to = pixel(drag.to());
        Point from = session.pointer();
        session.button(drag.button(), true);
        pause(50);
        for (int i = 1; i <= DRAG_MOVES; i++) {
            move(from.x + (to[0] - from.x) * i / DRAG_MOVES, from.y + (to[1] - from.y) * i / DRAG_MOVES);
            pause(15);
        }
        pause(50);
        session.button(drag.button(), false);
    }

    private void wheel(Action.Point at, int clicks, boolean horizontal) throws ReplayException {
        if (at != null) {
            moveTo(at);
        }
        session.wheel(clicks, horizontal);
    }

    private void press(Action.Press press) throws ReplayException {
        for (int n = 0; n < Math.max(1, press.presses()); n++) {
            for (String key : press.keys()) {
                key(key, true);
                pause(10);
                session.key(key, false);
                pause(10);
            }
        }
    }

    private void hotkey(Action.Hotkey hotkey) throws ReplayException {
        for (String key : hotkey.keys()) {
            key(key, true);
            pause(10);
        }
        for (String key : hotkey.keys().reversed()) {
            session.key(key, false);
            pause(10);
        }
    }

    /** Waits, asking the watch every 20 ms. */
    public void pause(long millis) throws ReplayException {
        long end = System.nanoTime() + millis * 1_000_000;
        for (long left = millis; left > 0; left = (end - System.nanoTime()) / 1_000_000) {
            watch.check();
            try {
                Thread.sleep(Math.min(left, WATCH_EVERY_MS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ReplayException("the replay was stopped");
            }
        }
    }
}
