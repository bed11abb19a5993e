package org.trajectory.recorder.replay;

/**
 * A replay that cannot start or cannot go on: a desktop that does not come up, an application that is not installed, a
 * key the backend cannot type. The message says what happened in the user's words.
 *
 * @since 0.1
 */
public final class ReplayException extends Exception {

    private static final long serialVersionUID = 1L;

    public ReplayException(String message) {
        super(message);
    }

    public ReplayException(String message, Throwable cause) {
        super(message, cause);
    }

    /** Waits {@code millis}: the moment a desktop takes to answer. A replay stopped meanwhile (interrupted) ends with this exception. */
    public static void pause(long millis) throws ReplayException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReplayException("the replay was stopped");
        }
    }
}
