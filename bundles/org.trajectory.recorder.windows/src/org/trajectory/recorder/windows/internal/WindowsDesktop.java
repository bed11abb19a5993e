package org.trajectory.recorder.windows.internal;

import java.nio.file.Path;

import org.trajectory.recorder.CaptureBackend.Availability;
import org.trajectory.recorder.replay.Desktop;
import org.trajectory.recorder.replay.Environment;
import org.trajectory.recorder.replay.Setup;

/**
 * The Windows desktop the product runs on, as it is: nothing is started, and the replay moves the real pointer. Used
 * only when asked for by name; pushing the pointer into a screen corner stops the replay at once.
 */
public final class WindowsDesktop implements Environment {

    @Override
    public Availability availability() {
        return Availability.yes();
    }

    @Override
    public Desktop start(Setup setup, Path work) {
        return new Desktop() {
            @Override
            public String system() {
                return "windows";
            }

            @Override
            public String address() {
                return "";
            }

            @Override
            public boolean shared() {
                return true;
            }

            @Override
            public void close() {
                // the user's desktop stays as the replay left it
            }
        };
    }
}
