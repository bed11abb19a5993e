package org.trajectory.builder;

import java.util.List;

import org.trajectory.builder.internal.Reducer;

/**
 * The thresholds of {@link Reducer}, all settings. {@link #DEFAULTS} are the field's values (0.5 s and 5 px for a
 * double click, 10 px for a drag); the UI passes the operating system's own double-click time where it can read it.
 *
 * @param doubleClickTime seconds between presses that still count as one multi-click
 * @param doubleClickDistance pixels between presses that still count as one multi-click
 * @param dragThreshold pixels of movement while pressed that make a drag
 * @param scrollGap seconds between wheel events that still merge into one scroll
 * @param scrollDistance pixels the pointer may move during one merged scroll
 * @param keyRepeatGap seconds between presses of the same key that merge into one {@code press(key, presses=n)}
 * @param recorderHotkeys chords of the recorder itself (pause, stop), dropped; keys as PyAutoGUI names them
 * @param terminateStatus the status of the closing {@code computer.terminate}
 * @param screenshot the moment each step's screenshot shows
 *
 * @since 0.1
 */
public record ReductionSettings(double doubleClickTime, int doubleClickDistance, int dragThreshold, double scrollGap,
        int scrollDistance, double keyRepeatGap, List<List<String>> recorderHotkeys, String terminateStatus, Screenshot screenshot) {

    public static final ReductionSettings DEFAULTS = new ReductionSettings(0.5, 5, 10, 1.0, 20, 1.0,
            List.of(List.of("ctrl", "alt", "p")), "success", Screenshot.BEFORE_APPROACH);

    /** The moment a step's screenshot shows (docs/building.md, Screenshots). */
    public enum Screenshot {
        /**
         * The screen as the agent will see it before it acts, as OpenCUA's AgentNetTool takes it: when the pointer set
         * out for its target (the first move of the approach), at most 0.5 s before the action; so a target's hover
         * state, which the pointer's arrival lights, is not in it. Keys: just before the press.
         */
        BEFORE_APPROACH,
        /** The last frame before the action, the pointer already on its target (which may show its hover state). */
        BEFORE_ACTION;

        /** The name the command line and the settings use: {@code before-approach}, {@code before-action}. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }

        public static Screenshot of(String label) {
            for (Screenshot moment : values()) {
                if (moment.label().equals(label)) {
                    return moment;
                }
            }
            throw new IllegalArgumentException("a screenshot is taken 'before-approach' or 'before-action', not '" + label + "'");
        }
    }

    public ReductionSettings {
        recorderHotkeys = recorderHotkeys.stream().map(List::copyOf).toList();
        java.util.Objects.requireNonNull(screenshot, "screenshot");
        if (doubleClickTime < 0 || doubleClickDistance < 0 || dragThreshold < 1 || scrollGap < 0 || scrollDistance < 0
                || keyRepeatGap < 0) {
            throw new IllegalArgumentException("reduction thresholds must not be negative (and a drag needs at least 1 px)");
        }
        if (!terminateStatus.equals("success") && !terminateStatus.equals("failure")) {
            throw new IllegalArgumentException("terminate status is 'success' or 'failure', not '" + terminateStatus + "'");
        }
    }

    public ReductionSettings withDoubleClickTime(double seconds) {
        return new ReductionSettings(seconds, doubleClickDistance, dragThreshold, scrollGap, scrollDistance, keyRepeatGap,
                recorderHotkeys, terminateStatus, screenshot);
    }

    public ReductionSettings withRecorderHotkeys(List<List<String>> chords) {
        return new ReductionSettings(doubleClickTime, doubleClickDistance, dragThreshold, scrollGap, scrollDistance, keyRepeatGap,
                chords, terminateStatus, screenshot);
    }

    public ReductionSettings withTerminateStatus(String status) {
        return new ReductionSettings(doubleClickTime, doubleClickDistance, dragThreshold, scrollGap, scrollDistance,
                keyRepeatGap, recorderHotkeys, status, screenshot);
    }

    public ReductionSettings withScreenshot(Screenshot moment) {
        return new ReductionSettings(doubleClickTime, doubleClickDistance, dragThreshold, scrollGap, scrollDistance,
                keyRepeatGap, recorderHotkeys, terminateStatus, moment);
    }
}
