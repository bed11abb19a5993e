package org.trajectory.recorder;

import java.nio.file.Path;

/**
 * What to capture: the screen video file (null: no video), its frames per second, and whether to capture the element
 * under the pointer at each press and each focus change (where the desktop offers them).
 *
 * @since 0.1
 */
public record CaptureSettings(Path video, int fps, boolean elements) {

    public static final int DEFAULT_FPS = 30;

    /** With elements, where the desktop offers them. */
    public CaptureSettings(Path video, int fps) {
        this(video, fps, true);
    }

    public static CaptureSettings inputOnly() {
        return new CaptureSettings(null, DEFAULT_FPS);
    }
}
