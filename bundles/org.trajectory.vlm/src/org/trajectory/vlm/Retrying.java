package org.trajectory.vlm;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Calls a provider with retries on what can succeed later (429, 5xx, timeouts, network), waiting with exponential
 * backoff and jitter, or as long as the server asked; counts everything in a {@link Usage}.
 *
 * @since 0.1
 */
public final class Retrying implements Model {

    /** @param attempts how many times a request is sent at most (1: no retry) */
    public record Policy(int attempts, Duration firstDelay, Duration maxDelay) {

        public static final Policy DEFAULT = new Policy(5, Duration.ofSeconds(1), Duration.ofSeconds(60));

        public Policy {
            if (attempts < 1) {
                throw new IllegalArgumentException("at least one attempt");
            }
        }

        Duration delay(int retry, Duration asked) {
            if (asked != null) {
                return asked.compareTo(maxDelay) > 0 ? maxDelay : asked;
            }
            long base = Math.min(maxDelay.toMillis(), firstDelay.toMillis() << Math.min(retry, 20));
            return Duration.ofMillis(base / 2 + ThreadLocalRandom.current().nextLong(base / 2 + 1));
        }
    }

    private final VlmProvider provider;
    private final ProviderConfig config;
    private final Policy policy;
    private final Usage usage;

    public Retrying(VlmProvider provider, ProviderConfig config, Policy policy, Usage usage) {
        this.provider = provider;
        this.config = config;
        this.policy = policy;
        this.usage = usage;
    }

    public Usage usage() {
        return usage;
    }

    public ProviderConfig config() {
        return config;
    }

    @Override
    public VlmResponse complete(VlmRequest request) throws VlmException, InterruptedException {
        for (int attempt = 1;; attempt++) {
            usage.request();
            try {
                VlmResponse response = provider.complete(request, config);
                usage.add(response.usage());
                return response;
            } catch (VlmException e) {
                if (!e.kind().retryable() || attempt >= policy.attempts()) {
                    usage.failure();
                    throw e;
                }
                usage.retry();
                Thread.sleep(policy.delay(attempt - 1, e.retryAfter()).toMillis());
            }
        }
    }
}
