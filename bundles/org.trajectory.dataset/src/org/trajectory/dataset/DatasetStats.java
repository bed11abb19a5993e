package org.trajectory.dataset;

import java.util.Map;

/**
 * Aggregates over a whole dataset. {@code applications} counts tasks by the applications their steps were in (a
 * recorded step's window class or process; AgentNet records name none). {@code actionTypes} counts every action of every step's code by function name;
 * steps whose code does not parse count under {@code "(unparsable)"}. {@code decidedByDay} counts the tasks whose current
 * review decision (approved, rejected, needs fix) was made on each day (UTC, {@code 2026-11-23}), oldest first.
 *
 * @since 0.1
 */
public record DatasetStats(long tasks, long steps, long images, long imageBytes, int minSteps, int maxSteps,
        double meanSteps, Map<String, Long> domains, Map<String, Long> oses, Map<String, Long> applications, Map<String, Long> actionTypes,
        Map<ReviewState, Long> reviews, Map<String, Long> decidedByDay) {

    /** A dataset with nothing in it. */
    public static final DatasetStats EMPTY = new DatasetStats(0, 0, 0, 0, 0, 0, 0, Map.of(), Map.of(), Map.of(), Map.of(), Map.of(), Map.of());

    /** The key of the tasks (or steps) a count by domain, OS or action type has no value for. */
    public static final String NONE = "(none)";
}
