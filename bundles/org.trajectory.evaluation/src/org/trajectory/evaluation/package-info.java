/**
 * How true a trajectory is: {@link org.trajectory.evaluation.EvaluateOperation} pairs predicted with reference
 * trajectories and scores them by Sharingan's precision and recall and AgentNetBench's step scores, in an {@link
 * org.trajectory.evaluation.EvaluationReport} laid out as the papers' tables.
 *
 * @since 0.1
 */
package org.trajectory.evaluation;
