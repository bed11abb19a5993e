package org.trajectory.vlm;

/**
 * A model to ask, as criteria, annotators and extractors see it: one request in, one answer out. Which provider,
 * which settings, how failures are retried and what it costs are the caller's business ({@link Retrying} is the one
 * the workbench hands out).
 *
 * @since 0.1
 */
@FunctionalInterface
public interface Model {

    VlmResponse complete(VlmRequest request) throws VlmException, InterruptedException;
}
