/**
 * The action language of a step's code: PyAutoGUI calls with coordinates normalized to [0,1] and the {@code
 * computer.*} calls of AgentNet, parsed (never evaluated) into typed {@link org.trajectory.model.action.Action}s,
 * checked, and printed back the one way the workbench writes them.
 *
 * @since 0.1
 */
package org.trajectory.model.action;
