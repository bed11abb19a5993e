package org.trajectory.dataset;

/** One row of the dataset table: what is shown without loading the steps. */
public record TaskRow(String taskId, String instruction, String domain, String os, int steps, Double finalScore,
        Double alignmentScore, Double efficiencyScore, Double difficulty, Boolean completed, ReviewState review) {
}
