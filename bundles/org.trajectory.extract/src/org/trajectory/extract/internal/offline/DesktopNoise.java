package org.trajectory.extract.internal.offline;

import java.util.ArrayList;
import java.util.List;

import org.opencv.core.Rect;

/**
 * Changes nobody made: a panel's clock ticking, a counter counting, a spinner turning. Learnt as the video is read: a
 * small box away from the pointer that changes again and again, in step (the gaps between its changes alike, each at
 * least {@link #APART}), each time where it changed before (a clock's last digit turns every time, the digits before it
 * now and then; a counter's digits change over more or less of its width; typing moves on along its line), is the
 * desktop's own; from its {@link #TICKS}th change in step on, its changes are left out of what actions are inferred
 * from. A change out of step begins the count again (a status line a click redrew ticks in step afterwards).
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
    /**
     * Pixels wide a caret-thin box is at most: an I-beam caret, blurred by a resized video's encoding, over which the first
     * letter typed is drawn hardly wider (a block caret's letter reaches a letter further right, where the caret went).
     */
    private static final int THIN = 4;

    /** A box that changed with no visible cause: where, when, and how many times in step. */
    private static final class Spot {
        /** Where it changed in step while it was learnt, the changes together. */
        Rect place;
        Rect lastChange;
        double last;
        double gap;
        int ticks = 1;
        boolean known;

        Spot(Rect box, double time) {
            this.place = box;
            this.lastChange = box;
            this.last = time;
        }

        /**
         * Known to tick, once it changed in step enough times; then for good (a clock's minutes turn too). A caret-thin
         * box never is: it blinks where letters will go, the first drawn over it in step perhaps, and the inference tells
         * a caret from letters.
         */
        boolean ticking() {
            known |= ticks >= TICKS && !caret();
            return known;
        }

        /** Its place with a change held; a caret's stays the caret's (the first letter typed there is drawn over it). */
        private void grow(Rect change) {
            if (!caret()) {
                place = Observation.union(List.of(place, change));
            }
        }

        boolean caret() {
            return place.width <= THIN && 2 * place.width <= place.height;
        }

        /**
         * Whether a change is this box's: on its rows, covering the middle of where it changed or lying mostly within it,
         * and reaching no further right, except while it is learnt a box wider than a caret (a counter's digits change over
         * more or less of its width, a status line's fields one at a time). A clock's tick turns its last digit every
         * time, and a digit or two before it now and then; a caret blinks in place. Text typed on from a blinking caret's
         * place moves right of it, its first letters too, drawn over where it blinked as the caret moves on.
         */
        boolean holds(Rect change) {
            int cx = place.x + place.width / 2;
            int rows = Math.min(change.y + change.height, place.y + place.height) - Math.max(change.y, place.y);
            boolean covers = cx >= change.x - 4 && cx <= change.x + change.width + 4;
            boolean within = 2 * ScreenObserver.overlapArea(change, place) >= change.area();
            return 2 * rows >= Math.min(change.height, place.height) && (covers || within)
                    && (change.x + change.width <= place.x + place.width + 3 || !known && !caret());
        }

        /**
         * Counts a change in step with the ones before it; one out of step (too soon, too late, or moved on along its
         * line as typing does, each change starting past the middle of the one before) begins the count again there.
         */
        void changed(Rect change, double time) {
            if (known) {
                return;
            }
            double since = time - last;
            boolean movedOn = change.x > lastChange.x + lastChange.width / 2;
            lastChange = change;
            last = time;
            if (since < SAME_TICK) {
                grow(change); // one tick drawn, or encoded, over two frames
            } else if (since >= APART && !movedOn && (gap == 0 || since <= 1.5 * gap && since >= gap / 1.5)) {
                gap = gap == 0 ? since : gap;
                ticks++;
                grow(change);
            } else {
                ticks = 1;
                gap = 0;
                place = change;
            }
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
