package org.trajectory.scoring.internal.criteria;

/** Was the task done, by the steps and the final screen? Judged by a model. */
public final class CompletionCriterion extends ModelJudgedCriterion {

    public CompletionCriterion() {
        super("completion");
    }

    @Override
    public String version() {
        return "1";
    }
}
