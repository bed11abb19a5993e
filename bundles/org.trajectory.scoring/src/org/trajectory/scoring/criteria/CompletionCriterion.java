package org.trajectory.scoring.criteria;

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
