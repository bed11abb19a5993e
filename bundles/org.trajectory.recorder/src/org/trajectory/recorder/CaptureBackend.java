package org.trajectory.recorder;

import java.util.EnumSet;
import java.util.Set;

/**
 * Records input, window context and screen frames on one kind of desktop. Contributed through the
 * {@code org.trajectory.recorder.captureBackends} extension point; see its schema for the contract.
 *
 * @since 0.1
 */
public interface CaptureBackend {

    /** What a backend can capture. */
    enum Capability { INPUT_EVENTS, WINDOW_CONTEXT, SCREEN_FRAMES }

    /** Whether the backend can record here, and if not, why, in words a person can act on. */
    record Availability(boolean available, String reason) {
        public static Availability yes() {
            return new Availability(true, "");
        }

        public static Availability no(String reason) {
            return new Availability(false, reason);
        }

        /** Fails with the reason when the backend cannot record here: what {@link #start} does first. */
        public void require() throws CaptureException {
            if (!available) {
                throw new CaptureException(reason);
            }
        }
    }

    Availability availability();

    /** What it records; a backend that records input, windows and the screen need not say so. */
    default Set<Capability> capabilities() {
        return EnumSet.allOf(Capability.class);
    }

    /** Starts capturing into {@code sink} (and the video, if asked); fails with a clear message rather than recording nothing. */
    CaptureSession start(CaptureSettings settings, CaptureSink sink) throws CaptureException;
}
