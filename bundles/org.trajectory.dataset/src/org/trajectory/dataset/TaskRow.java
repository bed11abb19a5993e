package org.trajectory.dataset;

import java.util.Map;

/**
 * One row of the dataset table: what is shown without loading the steps; {@code scores} by criterion; {@code replay}
 * the last replay's outcome in a few words ({@link StoredReplay#describe()}), null when never replayed.
 *
 * @since 0.1
 */
public record TaskRow(String taskId, String instruction, String domain, String os, int steps, Double finalScore,
        Double alignmentScore, Double efficiencyScore, Double difficulty, Boolean completed, ReviewState review,
        Double extractionConfidence, Map<String, Double> scores, String replay, String personalData) {

    public TaskRow {
        scores = scores == null ? Map.of() : Map.copyOf(scores);
    }
}
