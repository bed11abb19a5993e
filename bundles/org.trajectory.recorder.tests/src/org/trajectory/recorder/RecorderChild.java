package org.trajectory.recorder;

import java.nio.file.Path;

import org.trajectory.recorder.internal.RecordingWriter;

/**
 * A recorder in a process of its own on the display in $DISPLAY, for a test to kill, starve or wait for. It prints
 * "recording" once it records. Arguments: the recording folder and how it ends:
 * <ul>
 * <li>{@code for SECONDS}: records input and elements (no video) through the privacy filter for that long, then closes
 * and prints "closed";</li>
 * <li>{@code until-killed}: records video and input until killed (a test sends SIGKILL);</li>
 * <li>{@code until-server-gone}: records until its X server goes away, then closes as the workbench does and prints
 * "closed cleanly: " and the reason.</li>
 * </ul>
 *
 * @since 0.1
 */
public final class RecorderChild {

    private RecorderChild() {
    }

    public static void main(String[] args) throws Exception {
        RecordingWriter writer = new RecordingWriter(Path.of(args[0]), "a test recording (" + args[1] + ")", "linux.x11");
        // By name: the Linux fragment is a sibling of this test fragment, not on its compile path.
        CaptureBackend backend = (CaptureBackend) Class.forName("org.trajectory.recorder.linux.internal.X11Backend")
                .getConstructor().newInstance();
        switch (args[1]) {
        case "for" -> {
            CaptureBackend.Availability availability = backend.availability();
            if (!availability.available()) {
                System.out.println("unavailable: " + availability.reason());
                System.exit(2);
            }
            try (CaptureSession session = backend.start(CaptureSettings.inputOnly(), new PrivacyFilter(writer, PrivacyFilter.DEFAULT_EXCLUSIONS))) {
                say("recording");
                Thread.sleep(Long.parseLong(args[2]) * 1000);
            }
            writer.close();
            say("closed");
        }
        case "until-killed" -> {
            backend.start(new CaptureSettings(writer.video(), 10), new PrivacyFilter(writer, PrivacyFilter.DEFAULT_EXCLUSIONS));
            say("recording");
            Thread.sleep(Long.MAX_VALUE);
        }
        case "until-server-gone" -> {
            CaptureSession session = backend.start(new CaptureSettings(writer.video(), 10), writer);
            say("recording");
            if (!writer.awaitEnd(60_000)) {
                say("the end of the server was not noticed");
                System.exit(3);
            }
            session.close();
            writer.close();
            say("closed cleanly: " + writer.lastProblem());
        }
        default -> throw new IllegalArgumentException("no such ending: " + args[1]);
        }
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
