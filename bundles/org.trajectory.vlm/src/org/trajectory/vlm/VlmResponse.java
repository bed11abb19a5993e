package org.trajectory.vlm;

/**
 * A model's answer and what it cost.
 *
 * @since 0.1
 */
public record VlmResponse(String text, Usage usage) {

    /** Tokens in and out, and the cost in US dollars when the provider or the configured prices tell it (else null). */
    public record Usage(long inputTokens, long outputTokens, Double cost) {

        public static final Usage NONE = new Usage(0, 0, null);
    }
}
