package org.trajectory.evaluation;

import java.util.List;

/**
 * How one predicted trajectory compares with its reference. Either metric is null when it was not asked for.
 *
 * @param steps              AgentNetBench's score of each reference step against the predicted step at the same position
 *                           (a step the prediction lacks scores 0)
 * @param extraSteps         predicted steps beyond the reference's, which no reference step is compared with
 * @param clickErrorsPixels  for each pair of same-type clicks, how far apart they are in pixels (screen size known only)
 *
 * @since 0.1
 */
public record TaskEvaluation(String referenceId, String predictedId, Sharingan.Result sharingan, List<AgentNetBench.StepScore> steps,
        int extraSteps, List<Double> clickErrorsPixels) {

    /** The mean of the step scores; NaN without AgentNetBench or without reference steps. */
    public double benchScore() {
        return steps == null ? Double.NaN : steps.stream().mapToDouble(AgentNetBench.StepScore::total).average().orElse(Double.NaN);
    }
}
