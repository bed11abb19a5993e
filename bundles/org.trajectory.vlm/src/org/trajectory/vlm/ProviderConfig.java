package org.trajectory.vlm;

import java.time.Duration;

/**
 * How to reach a provider: base URL, model, API key (null or empty when the server needs none, such as a local
 * Ollama), the per-request timeout, and prices per million tokens when the user gave them (for the cost).
 * {@link #toString} never shows the key.
 *
 * @since 0.1
 */
public record ProviderConfig(String baseUrl, String model, String apiKey, Duration timeout, Double inputPricePerMillion,
        Double outputPricePerMillion) {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);

    public ProviderConfig {
        if (baseUrl == null || baseUrl.isBlank()) {
            throw new IllegalArgumentException("a provider needs a base URL");
        }
        if (model == null || model.isBlank()) {
            throw new IllegalArgumentException("a provider needs a model name");
        }
        baseUrl = baseUrl.strip().replaceAll("/+$", "");
        timeout = timeout == null ? DEFAULT_TIMEOUT : timeout;
    }

    public ProviderConfig(String baseUrl, String model, String apiKey) {
        this(baseUrl, model, apiKey, DEFAULT_TIMEOUT, null, null);
    }

    public boolean hasKey() {
        return apiKey != null && !apiKey.isEmpty();
    }

    /** The cost of a call by the configured prices, or null when none are configured. */
    public Double cost(long inputTokens, long outputTokens) {
        if (inputPricePerMillion == null || outputPricePerMillion == null) {
            return null;
        }
        return (inputTokens * inputPricePerMillion + outputTokens * outputPricePerMillion) / 1_000_000d;
    }

    public ProviderConfig withModel(String newModel) {
        return new ProviderConfig(baseUrl, newModel, apiKey, timeout, inputPricePerMillion, outputPricePerMillion);
    }

    public ProviderConfig withTimeout(Duration newTimeout) {
        return new ProviderConfig(baseUrl, model, apiKey, newTimeout, inputPricePerMillion, outputPricePerMillion);
    }

    @Override
    public String toString() {
        return "ProviderConfig[baseUrl=" + baseUrl + ", model=" + model + ", apiKey=" + (hasKey() ? "(set)" : "(none)")
                + ", timeout=" + timeout + "]";
    }
}
