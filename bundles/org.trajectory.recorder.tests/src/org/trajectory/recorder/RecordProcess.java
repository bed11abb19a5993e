package org.trajectory.recorder;

import java.nio.file.Path;

/** Records in a process of its own until killed, so a test can SIGKILL it. Argument: the recording folder. */
public final class RecordProcess {

    private RecordProcess() {
    }

    public static void main(String[] args) throws Exception {
        RecordingWriter writer = new RecordingWriter(Path.of(args[0]), "killed recording", "linux.x11");
        // By name: the Linux fragment is a sibling of this test fragment, not on its compile path.
        CaptureBackend backend = (CaptureBackend) Class.forName("org.trajectory.recorder.linux.internal.X11Backend")
                .getConstructor().newInstance();
        backend.start(new CaptureSettings(writer.video(), 10), new PrivacyFilter(writer, PrivacyFilter.DEFAULT_EXCLUSIONS));
        System.out.println("recording");
        Thread.sleep(Long.MAX_VALUE);
    }
}
