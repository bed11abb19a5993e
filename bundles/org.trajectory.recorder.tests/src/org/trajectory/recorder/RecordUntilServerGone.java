package org.trajectory.recorder;

import java.nio.file.Path;

/**
 * Records on the display in $DISPLAY until its X server goes away, then closes the recording as the workbench does
 * and says so. Argument: the recording folder. A test kills the X server under it.
 */
public final class RecordUntilServerGone {

    private RecordUntilServerGone() {
    }

    public static void main(String[] args) throws Exception {
        RecordingWriter writer = new RecordingWriter(Path.of(args[0]), "server goes away", "linux.x11");
        CaptureBackend backend = (CaptureBackend) Class.forName("org.trajectory.recorder.linux.internal.X11Backend")
                .getConstructor().newInstance();
        CaptureSession session = backend.start(new CaptureSettings(writer.video(), 10), writer);
        System.out.println("recording");
        System.out.flush();
        if (!writer.awaitEnd(60_000)) {
            System.out.println("the end of the server was not noticed");
            System.exit(3);
        }
        session.close();
        writer.close();
        System.out.println("closed cleanly: " + writer.lastProblem());
        System.out.flush();
    }
}
