/**
 * Replay: the operation that runs trajectories in an environment and judges each step by the screen it leads to (see
 * {@link org.trajectory.replay.ReplayOperation}). Environments and backends are in {@code org.trajectory.recorder.replay}.
 *
 * @since 0.1
 */
package org.trajectory.replay;
