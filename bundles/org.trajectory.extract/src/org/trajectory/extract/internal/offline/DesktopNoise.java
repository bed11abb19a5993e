package org.trajectory.extract.internal.offline;

import java.util.ArrayList;
import java.util.List;

import org.opencv.core.Rect;

/**
 * Changes nobody made: a panel's clock ticking, a counter counting, a spinner turning. Learnt as the video is read: a
 * small box away from the pointer that changes again and again, in step (the gaps between its changes alike, each at
 * least {@link #APART}), each time where it first changed (a clock's last digit turns every time, the digits before it
 * now and then; typing moves on along its line), is the desktop's own; from its {@link #TICKS}th change on, its
 * changes are left out of what actions are inferred from.
 */
final class DesktopNoise {

    /** Seconds between two changes of a ticking box, at least: typing and a page drawing change it every frame. */
    private static final double APART = 0.5;
    /** Seconds within which a change is still the same tick. */
    private static final double SAME_TICK = 0.25;
    /** Changes in step after which a box is taken as ticking. */
    private static final int TICKS = 3;
    /** Pixels from the pointer within which a change may be its doing (a hover, a click's answer). */
    private static final int NEAR_POINTER = 80;
    /** The largest box (pixels a side) learnt as a ticker: larger changes are windows, pages, notifications. */
    private static final int LARGEST_WIDTH = 320;
    private static final int LARGEST_HEIGHT = 40;
    private static final int MOST_SPOTS = 256;

    /** A box that changed with no visible cause, when, and whether it moved on like text being typed. */
    private static final class Spot {
        final Rect first;
        double last;
        double gap;
        int ticks = 1;
        boolean irregular;
        boolean known;

        Spot(Rect box, double time) {
            this.first = box;
            this.last = time;
        }

        /** Known to tick, once it changed in step enough times where it first did; then for good (a clock's minutes turn too). */
        boolean ticking() {
            known |= ticks >= TICKS && !irregular;
            return known;
        }

        /**
         * Whether a change covers the middle of where the box first changed and reaches no further right: a clock's
         * tick turns its last digit every time, and a digit or two before it now and then; a caret blinks in place.
         * Text typed on from a blinking caret's place moves right of it, its first letters too, drawn over where it
         * blinked as the caret moves on (a box grown with every change held crept along the line being typed, and took
         * the typing for ticks).
         */
        boolean holds(Rect change) {
            int cx = first.x + first.width / 2;
            int cy = first.y + first.height / 2;
            return cx >= change.x - 4 && cx <= change.x + change.width + 4 && cy >= change.y - 4 && cy <= change.y + change.height + 4
                    && change.x + change.width <= first.x + first.width + 3;
        }

        void changed(Rect change, double time) {
            double since = time - last;
            if (since < SAME_TICK) {
                last = time; // one tick drawn, or encoded, over two frames
                return;
            }
            if (since < APART) {
                irregular |= ticks < TICKS; // changing faster than a clock before it was known to tick: drawing or typing
                return;
            }
            irregular |= ticks < TICKS && gap > 0 && (since > 1.5 * gap || since < gap / 1.5);
            gap = gap == 0 ? since : gap;
            ticks++;
            last = time;
        }
    }

    private final List<Spot> spots = new ArrayList<>();
    /** Where the pointer was last seen: one hidden while its person types (a terminal, a sheet) is still there. */
    private PointerFinder.Found lastPointer;

    /** The observation without the changes of ticking boxes, learning from those that may tick. */
    Observation filter(Observation observation) {
        if (observation.pointer() != null) {
            lastPointer = observation.pointer();
        }
        if (observation.changes().isEmpty()) {
            return observation;
        }
        List<Rect> kept = new ArrayList<>();
        for (Rect change : observation.changes()) {
            if (!learn(change, observation)) {
                kept.add(change);
            }
        }
        return kept.size() == observation.changes().size() ? observation : observation.withChanges(kept);
    }

    /** Notes one change; whether it is a ticking box's. */
    private boolean learn(Rect change, Observation observation) {
        if (change.width > LARGEST_WIDTH || change.height > LARGEST_HEIGHT || nearPointer(change, lastPointer)) {
            return false;
        }
        for (Spot spot : spots) {
            if (spot.holds(change)) {
                spot.changed(change, observation.time());
                return spot.ticking();
            }
        }
        if (spots.size() == MOST_SPOTS) {
            spots.remove(0);
        }
        spots.add(new Spot(change, observation.time()));
        return false;
    }

    /** Whether {@code box} is where something ticks by itself. */
    boolean ticking(Rect box) {
        return spots.stream().anyMatch(spot -> spot.ticking() && spot.holds(box));
    }

    private static boolean nearPointer(Rect change, PointerFinder.Found pointer) {
        return pointer != null && pointer.x() >= change.x - NEAR_POINTER && pointer.x() <= change.x + change.width + NEAR_POINTER
                && pointer.y() >= change.y - NEAR_POINTER && pointer.y() <= change.y + change.height + NEAR_POINTER;
    }
}
