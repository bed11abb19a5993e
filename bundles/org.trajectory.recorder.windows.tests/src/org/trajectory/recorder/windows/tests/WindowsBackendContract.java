package org.trajectory.recorder.windows.tests;

import org.trajectory.recorder.CaptureBackend;
import org.trajectory.recorder.kit.CaptureBackendContract;

/**
 * The capture contract, for the Windows backend. Not run by the Linux test runtime (its name is no test's): {@link
 * WindowsRecorderTest} runs it inside the Windows Java runtime under Wine, on a plain class path, where the backend's
 * fragment is loaded by name.
 */
public class WindowsBackendContract extends CaptureBackendContract {

    @Override
    protected CaptureBackend backend() {
        try {
            return (CaptureBackend) Class.forName("org.trajectory.recorder.windows.internal.WindowsBackend").getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the Windows backend is not on the class path", e);
        }
    }
}
