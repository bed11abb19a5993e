/**
 * The headless application: a {@link org.trajectory.cli.Command} is one verb of {@code ./workbench COMMAND}, and
 * {@link org.trajectory.cli.CommandLine} dispatches to them.
 *
 * @since 0.1
 */
package org.trajectory.cli;
