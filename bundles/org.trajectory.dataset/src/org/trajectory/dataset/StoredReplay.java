package org.trajectory.dataset;

/**
 * A task's last replay, as stored: the environment it ran in, the hash of the task content it replayed, its outcome
 * ({@value #REPLAYED}, {@value #DIVERGED}, {@value #NOT_STARTED}), the first step whose screen differed (null when none
 * did), how many steps matched of how many, each step's verdict as JSON text (with the hash of its replayed screen in
 * the dataset's image store), and when.
 *
 * @since 0.1
 */
public record StoredReplay(String environment, String contentHash, String outcome, Integer divergedAt, int matched, int steps,
        String details, String replayedAt) {

    /** The scoring criterion that judges a task by its last replay; a new replay removes its stored score. */
    public static final String CRITERION = "replay";
    /** Every step was performed and every screen matched the recorded one. */
    public static final String REPLAYED = "replayed";
    /** A step's screen differed from the recorded one (at {@link #divergedAt()}), or a step could not be performed. */
    public static final String DIVERGED = "diverged";
    /** The environment did not come up (no setup, an application not installed, a display that does not start). */
    public static final String NOT_STARTED = "not-started";

    /** The share of steps that matched, the replay criterion's score. */
    public double share() {
        return steps == 0 ? 0 : (double) matched / steps;
    }

    /** A few words for a table cell: "replayed", "diverged at step 3", "not started". */
    public String describe() {
        return describe(outcome, divergedAt);
    }

    /** The same words for an outcome and the step (from 0) where it diverged, null when none did. */
    public static String describe(String outcome, Integer divergedAt) {
        return switch (outcome) {
            case DIVERGED -> divergedAt == null ? "diverged" : "diverged at step " + (divergedAt + 1);
            case NOT_STARTED -> "not started";
            default -> outcome;
        };
    }
}
