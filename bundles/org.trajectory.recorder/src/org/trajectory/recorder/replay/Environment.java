package org.trajectory.recorder.replay;

import java.nio.file.Path;

import org.trajectory.recorder.CaptureBackend.Availability;

/**
 * How a desktop gets to a task's first screen: a private X server with the task's applications, a Wine desktop, the
 * user's own screen, a virtual machine restored from a snapshot. Contributed through the
 * {@code org.trajectory.recorder.environments} extension point; see its guide (replay.md) for the contract.
 *
 * @since 0.1
 */
public interface Environment {

    /** Whether it can start here, and if not, why, in words a person can act on. */
    Availability availability();

    /**
     * Brings up a desktop of the setup's size and starts the setup's applications with their windows where they were;
     * returns once they are shown, within a bound. Fails with what went wrong (an application that is not installed,
     * a display that does not start); what was started by then is ended.
     *
     * @param work a folder of its own for logs and what the applications may write
     */
    Desktop start(Setup setup, Path work) throws ReplayException;
}
