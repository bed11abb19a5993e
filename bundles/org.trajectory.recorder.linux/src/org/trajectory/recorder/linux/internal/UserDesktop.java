package org.trajectory.recorder.linux.internal;

import java.nio.file.Path;
import java.util.List;

import org.trajectory.recorder.CaptureBackend.Availability;
import org.trajectory.recorder.replay.Desktop;
import org.trajectory.recorder.replay.Environment;
import org.trajectory.recorder.replay.ReplayException;
import org.trajectory.recorder.replay.Setup;

/**
 * The user's own X screen, as it is: nothing is started, and the replay moves the real pointer. Used only when asked
 * for by name; pushing the pointer into a screen corner stops the replay at once.
 */
public final class UserDesktop implements Environment {

    @Override
    public Availability availability() {
        return System.getenv("DISPLAY") == null ? Availability.no("DISPLAY is not set: there is no X screen to replay on.")
                : Availability.yes();
    }

    @Override
    public Desktop start(Setup setup, Path work) throws ReplayException {
        Availability availability = availability();
        if (!availability.available()) {
            throw new ReplayException(availability.reason());
        }
        return new X11Desktop(System.getenv("DISPLAY"), true, List.of(), null);
    }
}
