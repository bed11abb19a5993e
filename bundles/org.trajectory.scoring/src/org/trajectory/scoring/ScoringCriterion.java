package org.trajectory.scoring;

/**
 * One way to judge a trajectory. Its id, name, default weight and whether it needs a model are declared with the
 * extension ({@code scoringCriteria}); the class judges. Implementations are thread-safe (tasks are scored in
 * parallel), return {@link Score#error} rather than throw when they cannot judge a task, and bump {@link #version}
 * whenever they would judge differently, so stored scores of the old version are redone.
 *
 * @since 0.1
 */
public interface ScoringCriterion {

    String version();

    /** Called once per run before any task is scored, with the whole dataset (novelty reads every task here). */
    default void prepare(ScoringContext context) throws Exception {
    }

    Score score(TaskInput task) throws InterruptedException;
}
