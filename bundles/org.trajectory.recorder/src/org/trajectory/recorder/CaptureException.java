package org.trajectory.recorder;

/**
 * A capture that cannot start or went wrong; the message says what to do.
 *
 * @since 0.1
 */
public final class CaptureException extends Exception {

    private static final long serialVersionUID = 1L;

    public CaptureException(String message) {
        super(message);
    }

    public CaptureException(String message, Throwable cause) {
        super(message, cause);
    }
}
