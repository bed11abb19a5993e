/**
 * Vision-language model providers: the {@code vlmProviders} extension point and its {@link
 * org.trajectory.vlm.VlmProvider}s (OpenAI-compatible, Anthropic, Gemini), retries and usage, API keys in secure
 * storage ({@link org.trajectory.vlm.SecretStorage}), and {@link org.trajectory.vlm.Ocr}, text read from a screenshot
 * by Tesseract.
 *
 * @since 0.1
 */
package org.trajectory.vlm;
