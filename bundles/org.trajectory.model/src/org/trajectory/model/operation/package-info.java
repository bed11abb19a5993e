/**
 * The operation contract: every piece of work the workbench does to data is an {@link
 * org.trajectory.model.operation.Operation} that runs with a {@link org.trajectory.model.operation.Progress} and
 * returns a {@link org.trajectory.model.operation.Report} (a sentence, JSON, and its {@link
 * org.trajectory.model.operation.Problem}s), so the headless commands and the window run any of them the same way.
 *
 * @since 0.1
 */
package org.trajectory.model.operation;
