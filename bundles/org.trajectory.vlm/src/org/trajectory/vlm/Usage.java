package org.trajectory.vlm;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;

import org.trajectory.model.Json;

/**
 * What a batch run used, counted from every thread: requests, retries, failures, tokens and the known cost.
 *
 * @since 0.1
 */
public final class Usage {

    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong retries = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong inputTokens = new AtomicLong();
    private final AtomicLong outputTokens = new AtomicLong();
    private final DoubleAdder cost = new DoubleAdder();
    private final AtomicLong pricedRequests = new AtomicLong();

    void request() {
        requests.incrementAndGet();
    }

    void retry() {
        retries.incrementAndGet();
    }

    void failure() {
        failures.incrementAndGet();
    }

    void add(VlmResponse.Usage usage) {
        inputTokens.addAndGet(usage.inputTokens());
        outputTokens.addAndGet(usage.outputTokens());
        if (usage.cost() != null) {
            cost.add(usage.cost());
            pricedRequests.incrementAndGet();
        }
    }

    public long requests() {
        return requests.get();
    }

    public long retries() {
        return retries.get();
    }

    public long failures() {
        return failures.get();
    }

    public long inputTokens() {
        return inputTokens.get();
    }

    public long outputTokens() {
        return outputTokens.get();
    }

    /** The cost in US dollars, or null when no request had a known price. */
    public Double cost() {
        return pricedRequests.get() == 0 ? null : cost.sum();
    }

    /** The same figures for programs ({@code --json}). */
    public Map<String, Object> json() {
        return Json.fields("requests", requests(), "retries", retries(), "input_tokens", inputTokens(),
                "output_tokens", outputTokens(), "cost_usd", cost());
    }

    @Override
    public String toString() {
        Double dollars = cost();
        return String.format(Locale.ROOT, "%d requests (%d retries, %d failed), %,d tokens in, %,d out, cost %s", requests(),
                retries(), failures(), inputTokens(), outputTokens(), dollars == null ? "unknown" : String.format(Locale.ROOT, "$%.4f", dollars));
    }
}
