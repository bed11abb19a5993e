package org.trajectory.recorder.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.trajectory.recorder.CaptureBackend;
import org.trajectory.recorder.CaptureSession;
import org.trajectory.recorder.CaptureSettings;

/**
 * What every capture backend must do; a backend's test class extends this and says how to make the backend.
 * Run where the backend can record (the tests start Xvfb for X11). Published in this bundle so that a backend in a
 * plugin of its own is proven the way ours are: require {@code org.trajectory.recorder.kit} in its test bundle.
 *
 * @since 0.1
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

    /**
     * Elements: asked for, a backend says once whether it captures them ("captured (...)", or "unavailable: " and why,
     * where the desktop offers none); not asked for, it says "off" and delivers none.
     */
    @Test
    public void saysWhetherItCapturesElements() throws Exception {
        CollectingSink wanted = new CollectingSink();
        try (CaptureSession session = backend().start(new CaptureSettings(null, CaptureSettings.DEFAULT_FPS, true), wanted)) {
            Thread.sleep(500); // a backend may find out on a thread of its own
        }
        assertEquals(1, wanted.elementCapture.size(), "said once: " + wanted.elementCapture);
        String status = wanted.elementCapture.get(0);
        assertTrue(status.startsWith("captured") || status.startsWith("unavailable: ") && status.length() > "unavailable: ".length(), status);
        CollectingSink unwanted = new CollectingSink();
        try (CaptureSession session = backend().start(new CaptureSettings(null, CaptureSettings.DEFAULT_FPS, false), unwanted)) {
            assertEquals(List.of("off"), unwanted.elementCapture);
        }
        assertTrue(unwanted.elements.isEmpty());
    }
}
