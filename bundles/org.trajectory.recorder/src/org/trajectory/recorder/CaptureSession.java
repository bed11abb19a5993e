package org.trajectory.recorder;

/**
 * A running capture. Pausing stops events reaching the sink; stopping releases everything and waits for the last events.
 *
 * @since 0.1
 */
public interface CaptureSession extends AutoCloseable {

    void pause();

    void resume();

    boolean isPaused();

    /** Stops capturing; events captured before it returns have reached the sink. */
    @Override
    void close();
}
