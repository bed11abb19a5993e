package org.trajectory.recorder.replay;

/**
 * Performs input on a desktop and grabs its screen, for replaying a trajectory: X11 through XTEST, Windows through
 * SendInput. Contributed through the {@code org.trajectory.recorder.replayBackends} extension point with the
 * {@code system} of the desktops it drives (see {@link Desktop#system()}); its guide is replay.md.
 *
 * @since 0.1
 */
public interface ReplayBackend {

    /** Connects to the desktop; fails with why it cannot (no such display, an X server without XTEST). */
    ReplaySession open(Desktop desktop) throws ReplayException;
}
