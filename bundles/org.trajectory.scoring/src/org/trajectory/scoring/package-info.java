/**
 * Scoring: the {@code scoringCriteria} extension point and its {@link org.trajectory.scoring.ScoringCriterion}s,
 * {@link org.trajectory.scoring.Weights}, and {@link org.trajectory.scoring.ScoreOperation}, which scores the tasks
 * that changed since they were last scored.
 *
 * @since 0.1
 */
package org.trajectory.scoring;
