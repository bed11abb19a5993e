package org.trajectory.vlm;

import java.time.Duration;

/**
 * A request that failed, by kind, so callers retry what can succeed later and stop on what cannot.
 *
 * @since 0.1
 */
public final class VlmException extends Exception {

    private static final long serialVersionUID = 1L;

    public enum Kind {
        /** The key is missing, wrong or lacks rights (401, 403). */
        AUTH(false),
        /** Too many requests (429); {@link VlmException#retryAfter} says how long to wait when the server said. */
        RATE_LIMIT(true),
        /** No answer within the request's timeout. */
        TIMEOUT(true),
        /** The server failed (5xx, 529 overloaded). */
        SERVER(true),
        /** The server could not be reached. */
        NETWORK(true),
        /** The server refused the request as malformed (other 4xx): an unknown model, an image too large. */
        BAD_REQUEST(false),
        /** The answer could not be read: not the API's JSON, no text in it, not the JSON asked for. */
        BAD_RESPONSE(false);

        private final boolean retryable;

        Kind(boolean retryable) {
            this.retryable = retryable;
        }

        public boolean retryable() {
            return retryable;
        }
    }

    private final Kind kind;
    private final transient Duration retryAfter;

    public VlmException(Kind kind, String message) {
        this(kind, message, null, null);
    }

    public VlmException(Kind kind, String message, Duration retryAfter, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.retryAfter = retryAfter;
    }

    public Kind kind() {
        return kind;
    }

    /** How long the server asked to wait, or null. */
    public Duration retryAfter() {
        return retryAfter;
    }
}
