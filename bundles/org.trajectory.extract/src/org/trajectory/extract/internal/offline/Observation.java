package org.trajectory.extract.internal.offline;

import java.util.List;

import org.opencv.core.Rect;

/**
 * What changed between one sampled frame and the one before it: where the pointer is now (null where it is hidden or
 * not found), the regions whose content changed (the pointer itself left out), the caret-sized changes apart (a text
 * cursor blinking or moving), and how the changed content shifted as a whole. Where the pointer was not known in the
 * frame before, how it came where it is: {@code rested}, where it rested unseen in the frame before (found as it
 * leaves), or {@code appeared}, shown where the screen changed (it moved there unseen, perhaps to act).
 */
record Observation(int frame, double time, PointerFinder.Found pointer, PointerFinder.Found rested, boolean appeared, List<Rect> changes,
        List<Rect> carets, Shift shift) {

    /**
     * The shift of the changed content, by OpenCV's phase correlation; {@code response} near 1 for a clean shift;
     * {@code explained}, the part of what changed that the shift accounts for (where a vertical one was found).
     */
    record Shift(double dx, double dy, double response, double explained) {
        static final Shift NONE = new Shift(0, 0, 0, 0);

        Shift(double dx, double dy, double response) {
            this(dx, dy, response, 0);
        }

        boolean vertical() {
            return response > 0.08 && Math.abs(dy) >= 3 && Math.abs(dx) <= 1.5;
        }

        /**
         * A vertical shift a scroll can begin with where a click could explain the change as well: a pane scrolled moves
         * as a whole, so shifting the frame before by it accounts for most of what changed (0.9 and more measured on
         * tree views, 0.5 on a sheet whose row labels change in place); the tabs of a dialog changing rows as one is
         * clicked move too, but the page under them is redrawn (0.15 measured). Once a scroll began, any vertical shift
         * goes on with it.
         */
        boolean clean() {
            return vertical() && explained >= EXPLAINED;
        }

        /**
         * A vertical shift that moved some of what changed, as a pane scrolled does: the frame before shifted by it
         * agrees with this one at some of the pixels that differ. A dialog opening over a list may match its rows at
         * a shift by chance and moves none of them.
         */
        boolean movedSome() {
            return vertical() && explained >= SOME;
        }

        Shift explaining(double part) {
            return new Shift(dx, dy, response, part);
        }
    }

    /** The part of a change a shift accounts for to begin a scroll. */
    static final double EXPLAINED = 0.4;
    /** The part of a change a shift accounts for to have moved any of it. */
    static final double SOME = 0.1;

    Observation withChanges(List<Rect> kept) {
        return new Observation(frame, time, pointer, rested, appeared, List.copyOf(kept), carets, kept.isEmpty() ? Shift.NONE : shift);
    }

    boolean changed() {
        return !changes.isEmpty();
    }

    /** The smallest box holding every change, or null. */
    Rect union() {
        return union(changes);
    }

    static Rect union(List<Rect> boxes) {
        if (boxes.isEmpty()) {
            return null;
        }
        int left = Integer.MAX_VALUE;
        int top = Integer.MAX_VALUE;
        int right = Integer.MIN_VALUE;
        int bottom = Integer.MIN_VALUE;
        for (Rect box : boxes) {
            left = Math.min(left, box.x);
            top = Math.min(top, box.y);
            right = Math.max(right, box.x + box.width);
            bottom = Math.max(bottom, box.y + box.height);
        }
        return new Rect(left, top, right - left, bottom - top);
    }
}
