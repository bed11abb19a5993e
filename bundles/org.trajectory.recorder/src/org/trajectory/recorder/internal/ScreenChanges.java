package org.trajectory.recorder.internal;

import java.util.List;
import java.util.Locale;

import org.trajectory.recorder.InputEvent;
import org.trajectory.recorder.ScreenSize;

/**
 * A screen change a recording does not state. AgentNetTool and DuckTrack write the screen size once, at the start; a
 * person who then changes the resolution, turns the screen or plugs in a monitor leaves events beyond it, which are
 * real actions, not damage. Where the events went is the evidence: a run of them beyond the stated screen means a
 * larger one, the smallest common screen size (either way up) that holds them all. Events inside the stated screen fit
 * both, so the change is known to span from the first event beyond it to the last, no further.
 */
public final class ScreenChanges {

    /** A change: the screen it had, the events beyond the stated one, and how far they went. */
    public record Change(ScreenSize screen, double until, int events, int maxX, int maxY) {

        /** Once, in the words of the build: what was found, when, and what was done. */
        public String say(ScreenSize stated) {
            return String.format(Locale.ROOT, "%,d %s from %.3f s to %.3f s went beyond the %dx%d screen the recording states (as far as (%d, %d)):"
                    + " the screen was changed then (its resolution, its turn or a monitor); they were built against %dx%d, the smallest"
                    + " common screen that holds them; steps just before and after that span may have been on either screen",
                    events, events == 1 ? "event" : "events", screen.time(), until, stated.width(), stated.height(), maxX, maxY, screen.width(), screen.height());
        }
    }

    /** Fewer events than this beyond the screen are damage, not a change: each is left out with a doubt of its own. */
    private static final int AT_LEAST = 3;

    /** Screen sizes people have (desktops, laptops, monitors side by side), landscape; each is also tried turned. */
    private static final int[][] COMMON = { { 640, 480 }, { 800, 600 }, { 1024, 768 }, { 1280, 720 }, { 1280, 800 }, { 1280, 1024 }, { 1360, 768 }, { 1366, 768 },
        { 1440, 900 }, { 1536, 864 }, { 1600, 900 }, { 1600, 1200 }, { 1680, 1050 }, { 1920, 1080 }, { 1920, 1200 }, { 2048, 1152 },
        { 2560, 1080 }, { 2560, 1440 }, { 2560, 1600 }, { 2732, 768 }, { 2880, 1800 }, { 3200, 1800 }, { 3440, 1440 }, { 3840, 1080 },
        { 3840, 1200 }, { 3840, 1600 }, { 3840, 2160 }, { 4480, 1440 }, { 5120, 1440 }, { 5120, 2160 }, { 5120, 2880 }, { 7680, 2160 },
        { 7680, 4320 } };

    private ScreenChanges() {
    }

    /**
     * The change the events show against the one screen a recording states, or null when they show none: fewer than a
     * few beyond it, or beyond every common screen (a damaged line, not a monitor).
     */
    public static Change find(List<InputEvent> events, ScreenSize stated) {
        int beyond = 0;
        int maxX = stated.width() - 1;
        int maxY = stated.height() - 1;
        double from = Double.NaN;
        double until = Double.NaN;
        for (InputEvent event : events) {
            if (event.x() != null && !stated.holds(event.x(), event.y())) {
                if (event.x() < 0 || event.y() < 0) {
                    return null; // a monitor left of or above the first one moves the origin: no size says that
                }
                beyond++;
                maxX = Math.max(maxX, event.x());
                maxY = Math.max(maxY, event.y());
                from = Double.isNaN(from) ? event.time() : Math.min(from, event.time());
                until = Double.isNaN(until) ? event.time() : Math.max(until, event.time());
            }
        }
        int[] size = beyond < AT_LEAST ? null : smallestHolding(maxX, maxY);
        return size == null ? null : new Change(new ScreenSize(from, size[0], size[1], true), until, beyond, maxX, maxY);
    }

    /** The screens in force with the change: the stated one, the changed one over its span, the stated one after it. */
    public static List<ScreenSize> screens(ScreenSize stated, Change change) {
        return List.of(stated, change.screen(), new ScreenSize(Math.nextUp(change.until()), stated.width(), stated.height(), true));
    }

    private static int[] smallestHolding(int x, int y) {
        int[] best = null;
        for (int[] size : COMMON) {
            for (int[] turned : new int[][] { size, { size[1], size[0] } }) {
                if (x < turned[0] && y < turned[1] && (best == null || (long) turned[0] * turned[1] < (long) best[0] * best[1])) {
                    best = turned;
                }
            }
        }
        return best;
    }
}
