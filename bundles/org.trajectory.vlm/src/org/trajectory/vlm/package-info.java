/**
 * Vision-language model providers: the {@code vlmProviders} extension point and its {@link
 * org.trajectory.vlm.VlmProvider}s (OpenAI-compatible, Anthropic, Gemini), retries and usage, API keys in secure
 * storage ({@link org.trajectory.vlm.SecretStorage}). Text read from a screenshot is {@code org.trajectory.screentext}'s.
 *
 * @since 0.1
 */
package org.trajectory.vlm;
