package org.trajectory.recorder;

import java.nio.file.Path;

/** What to capture: the screen video file (null: no video) and its frames per second. */
public record CaptureSettings(Path video, int fps) {

    public static final int DEFAULT_FPS = 30;

    public static CaptureSettings inputOnly() {
        return new CaptureSettings(null, DEFAULT_FPS);
    }
}
