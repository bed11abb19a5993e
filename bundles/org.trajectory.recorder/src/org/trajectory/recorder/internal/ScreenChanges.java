package org.trajectory.recorder.internal;

import java.util.List;
import java.util.Locale;

import org.trajectory.recorder.InputEvent;
import org.trajectory.recorder.ScreenSize;

/**
 * A screen change a recording does not state. AgentNetTool and DuckTrack write the screen size once, at the start; a
 * person who then changes the resolution, turns the screen or plugs in a monitor leaves events beyond it, which are
 * real actions, not damage. Where the events went is the evidence: a run of them beyond the stated screen means a
 * larger one, the smallest common screen size (either way up) that holds them all. A pointer pushed past an edge for a
 * moment leaves one or two events beyond it, which are no run: runs are beyond-events no more than {@value #RUN_GAP} s
 * apart, and only runs of {@value #AT_LEAST} or more count. Events inside the stated screen fit both, so the change is
 * known to span from the first event of the first run to the last of the last, no further. A point left of or above
 * the screen (a monitor there, a scale that moved the origin) is in no size; it counts toward a run but not toward the
 * size, and the reader keeps such a click, doubted.
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

    /** Fewer events than this beyond the screen are damage or an overshoot, not a change: each is doubted on its own. */
    private static final int AT_LEAST = 3;
    /** Seconds between events beyond the screen that still belong to one run. */
    private static final double RUN_GAP = 30;

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
        List<InputEvent> beyond = events.stream().filter(e -> e.x() != null && !stated.holds(e.x(), e.y())).toList();
        int counted = 0;
        int maxX = stated.width() - 1;
        int maxY = stated.height() - 1;
        double from = Double.NaN;
        double until = Double.NaN;
        for (int start = 0, end; start < beyond.size(); start = end) {
            for (end = start + 1; end < beyond.size() && beyond.get(end).time() - beyond.get(end - 1).time() <= RUN_GAP; end++) {
                // one run
            }
            if (end - start < AT_LEAST) {
                continue; // an overshoot
            }
            counted += end - start;
            for (InputEvent event : beyond.subList(start, end)) {
                maxX = Math.max(maxX, event.x());
                maxY = Math.max(maxY, event.y());
            }
            from = Double.isNaN(from) ? beyond.get(start).time() : from;
            until = beyond.get(end - 1).time();
        }
        int[] size = counted == 0 ? null : smallestHolding(maxX, maxY);
        return size == null || size[0] == stated.width() && size[1] == stated.height() ? null : new Change(new ScreenSize(from, size[0], size[1], true), until, counted, maxX, maxY);
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
