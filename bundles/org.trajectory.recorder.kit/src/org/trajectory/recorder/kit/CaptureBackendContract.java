package org.trajectory.recorder.kit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.trajectory.recorder.CaptureBackend;
import org.trajectory.recorder.CaptureSession;
import org.trajectory.recorder.CaptureSettings;

/**
 * What every capture backend must do; a backend's test class extends this and says how to make the backend.
 * Run where the backend can record (the tests start Xvfb for X11). Published in this bundle so that a backend in a
 * plugin of its own is proven the way ours are: require {@code org.trajectory.recorder.kit} in its test bundle.
 */
public abstract class CaptureBackendContract {

    protected abstract CaptureBackend backend();

    @Test
    public void saysWhetherItCanRecordAndWhyNot() {
        CaptureBackend.Availability availability = backend().availability();
        assertNotNull(availability);
        assertTrue(availability.available() || !availability.reason().isBlank(), "a refusal says why");
    }

    @Test
    public void namesItsCapabilities() {
        assertFalse(backend().capabilities().isEmpty());
    }

    @Test
    public void startsPausesResumesAndStops() throws Exception {
        CollectingSink sink = new CollectingSink();
        try (CaptureSession session = backend().start(CaptureSettings.inputOnly(), sink)) {
            assertFalse(session.isPaused());
            session.pause();
            assertTrue(session.isPaused());
            session.resume();
            assertFalse(session.isPaused());
        }
        assertTrue(sink.problems.isEmpty(), sink.problems.toString());
    }
}
