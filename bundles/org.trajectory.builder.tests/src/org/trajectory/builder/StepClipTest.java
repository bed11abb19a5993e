package org.trajectory.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.recorder.internal.RecordingWriter;
import org.trajectory.recorder.kit.Recordings;

/** A step's stretch of a recording whose frames come at varying times, as ours do (none while the screen is still). */
class StepClipTest {

    @TempDir
    Path folder;

    @Test
    void eachFrameAfterAStillStretchIsItselfNotACopyOfTheOneBefore() throws Exception {
        // 20 frames of a picture that changes every frame: ten at 10 a second, two seconds still, ten more
        Videos.run("ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=10", "-frames:v", "20", "-vf",
                "setpts='if(lt(N\\,10)\\,N/10\\,N/10+2)/TB'", "-fps_mode", "passthrough", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                folder.resolve("video.mkv").toString());
        try (RecordingWriter writer = Recordings.twoClicks(folder, "Click twice", 0)) {
            for (int i = 0; i < 20; i++) {
                writer.frame(i, i < 10 ? i / 10.0 : i / 10.0 + 2);
            }
        }
        StepClip clip = StepClip.read(folder, 3.0, 3.5, 160);
        List<Double> times = clip.frames().stream().map(StepClip.Frame::time).toList();
        assertEquals(List.of(0.9, 3.0, 3.1, 3.2, 3.3, 3.4, 3.5, 3.6, 3.7, 3.8, 3.9), times, "the last frame before the margin, then each after");
        for (int i = 1; i < clip.frames().size(); i++) {
            assertNotEquals(Arrays.hashCode(clip.frames().get(i - 1).rgb()), Arrays.hashCode(clip.frames().get(i).rgb()),
                    "frame " + i + " at " + times.get(i) + " s shows its own picture, not the one before");
        }
    }
}
