package org.trajectory.vlm;

/**
 * A vision-language model behind some API: takes a conversation of text and images and returns text (a JSON object
 * when the request asks for one), with the usage. Implementations are stateless and thread-safe: the configuration
 * comes with each call, so one instance serves every model and key. They fail only with {@link VlmException} of the
 * right kind, and stop at once, cancelling the request in flight, when the calling thread is interrupted.
 *
 * @since 0.1
 */
public interface VlmProvider {

    VlmResponse complete(VlmRequest request, ProviderConfig config) throws VlmException, InterruptedException;
}
