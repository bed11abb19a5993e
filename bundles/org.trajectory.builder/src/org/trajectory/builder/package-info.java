/**
 * Recordings to trajectories: {@link org.trajectory.builder.BuildOperation} reduces a recording's events to actions
 * with the {@link org.trajectory.builder.ReductionSettings} (double clicks, drags, typing, scrolls) and takes each
 * step's frame; {@link org.trajectory.builder.TrajectoryBuilder} builds one recording.
 *
 * @since 0.1
 */
package org.trajectory.builder;
