/**
 * For scoring criterion authors: the published {@link org.trajectory.scoring.kit.ScoringCriterionContract}.
 *
 * @since 0.1
 */
package org.trajectory.scoring.kit;
