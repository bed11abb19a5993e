package org.trajectory.recorder;

import java.nio.file.Path;

/** Records input (no video) on the display in $DISPLAY for some seconds, then closes. Arguments: folder, seconds. */
public final class RecordFor {

    private RecordFor() {
    }

    public static void main(String[] args) throws Exception {
        RecordingWriter writer = new RecordingWriter(Path.of(args[0]), "recorded for a while", "linux.x11");
        CaptureBackend backend = (CaptureBackend) Class.forName("org.trajectory.recorder.linux.internal.X11Backend")
                .getConstructor().newInstance();
        CaptureBackend.Availability availability = backend.availability();
        if (!availability.available()) {
            System.out.println("unavailable: " + availability.reason());
            System.exit(2);
        }
        try (CaptureSession session = backend.start(CaptureSettings.inputOnly(), writer)) {
            System.out.println("recording");
            System.out.flush();
            Thread.sleep(Long.parseLong(args[1]) * 1000);
        }
        writer.close();
        System.out.println("closed");
    }
}
