package org.trajectory.recorder;

/**
 * The pause switch of a session: its capture threads drop what they catch while {@link #isPaused()}.
 *
 * @since 0.1
 */
public abstract class PausableSession implements CaptureSession {

    private volatile boolean paused;

    @Override
    public final void pause() {
        paused = true;
    }

    @Override
    public final void resume() {
        paused = false;
    }

    @Override
    public final boolean isPaused() {
        return paused;
    }
}
