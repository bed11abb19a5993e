package org.trajectory.dataset;

import java.util.Map;

/**
 * Aggregates over a whole dataset. {@code actionTypes} counts every action of every step's code by function name;
 * steps whose code does not parse count under {@code "(unparsable)"}.
 */
public record DatasetStats(long tasks, long steps, long images, long imageBytes, int minSteps, int maxSteps,
        double meanSteps, Map<String, Long> domains, Map<String, Long> oses, Map<String, Long> actionTypes,
        Map<ReviewState, Long> reviews) {

    /** The key of the tasks (or steps) a count by domain, OS or action type has no value for. */
    public static final String NONE = "(none)";
}
