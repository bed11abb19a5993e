package org.trajectory.scoring.internal.criteria;

/** Do the steps follow one another logically towards the task? Judged by a model; problem steps are flagged. */
public final class CoherenceCriterion extends ModelJudgedCriterion {

    public CoherenceCriterion() {
        super("coherence");
    }

    @Override
    public String version() {
        return "1";
    }
}
