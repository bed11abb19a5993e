package org.trajectory.recorder;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * What every capture backend must do; a backend's test class extends this and says how to make the backend.
 * Run where the backend can record (the tests start Xvfb for X11).
 */
public abstract class CaptureBackendContract {

    protected abstract CaptureBackend backend();

    @Test
    void saysWhetherItCanRecordAndWhyNot() {
        CaptureBackend.Availability availability = backend().availability();
        assertNotNull(availability);
        assertTrue(availability.available() || !availability.reason().isBlank(), "a refusal says why");
    }

    @Test
    void namesItsCapabilities() {
        assertFalse(backend().capabilities().isEmpty());
    }

    @Test
    void startsPausesResumesAndStops() throws Exception {
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
