/**
 * The AgentNet trajectory as data: a {@link org.trajectory.model.Task} and its {@link org.trajectory.model.Step}s are
 * views over the record's own JSON, so every field a record carries survives reading and writing; {@link
 * org.trajectory.model.Json}, {@link org.trajectory.model.Words} and {@link org.trajectory.model.Secrets} are the
 * small helpers every bundle shares.
 *
 * @since 0.1
 */
package org.trajectory.model;
