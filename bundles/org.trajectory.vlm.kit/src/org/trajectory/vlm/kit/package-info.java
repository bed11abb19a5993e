/**
 * For model provider authors: the published {@link org.trajectory.vlm.kit.VlmProviderContract} and a local server that
 * speaks a provider's wire format.
 *
 * @since 0.1
 */
package org.trajectory.vlm.kit;
