/**
 * Replay: environments that bring a desktop to a task's first screen, and backends that perform a trajectory's input
 * on it and grab its screen. The operation that replays tasks and judges each step is in {@code org.trajectory.replay}.
 *
 * @since 0.1
 */
package org.trajectory.recorder.replay;
