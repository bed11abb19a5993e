package org.trajectory.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Videos made elsewhere come at their own rates: one whose frames come at a steady rate below a method's is sampled at
 * its own (sampled faster, each frame would be taken twice), one faster at the method's, and one whose frames come as
 * the screen changed (our recorder's, a damage-driven one's) at the method's too, whatever its slowest stretch.
 */
class FrameRateTest {

    private static final ExtractionSettings LEFT_TO_THE_METHOD = new ExtractionSettings(0, 10, 5, false, 1);

    @TempDir
    Path folder;

    private Path ffmpeg(String name, String... args) throws Exception {
        Path file = folder.resolve(name);
        List<String> command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-v", "error", "-y"));
        command.addAll(List.of(args));
        command.add(file.toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertTrue(process.waitFor() == 0, output);
        return file;
    }

    @Test
    void aVideoOfFiveFramesASecondIsSampledAtFiveUnlessThePersonSaysOtherwise() throws Exception {
        Video video = Video.probe(ffmpeg("five.mkv", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=5:duration=4", "-c:v", "libx264"));
        assertEquals(5.0, video.frameRate(), video.toString()); // as a person reads it in the progress line: 5, not 4.999999999999996
        assertEquals(5, LEFT_TO_THE_METHOD.fps(video, 10), 0.01);
        assertEquals(1, LEFT_TO_THE_METHOD.fps(video, 1), 0.01, "a method sampling more slowly keeps its rate");
        assertEquals(10, new ExtractionSettings(10, 10, 5, false, 1).fps(video, 10), 0.01, "a rate the person chose is kept");
    }

    @Test
    void aVideoOfThirtyFramesASecondIsSampledAtTheMethodsRate() throws Exception {
        Video video = Video.probe(ffmpeg("obs.mp4", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=2", "-c:v", "libx264",
                "-pix_fmt", "yuv420p"));
        assertEquals(30, video.frameRate(), 0.1, video.toString());
        assertEquals(10, LEFT_TO_THE_METHOD.fps(video, 10), 0.01);
    }

    @Test
    void aVideoWhoseFramesCameAsTheScreenChangedHasNoSteadyRate() throws Exception {
        // five frames a tenth of a second apart (the pointer moving), then one a second (a clock ticking)
        Video video = Video.probe(ffmpeg("changes.mkv", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=10:duration=2", "-vf",
                "setpts='if(lt(N,5),N*0.1,1+(N-5))/TB'", "-fps_mode", "passthrough", "-c:v", "libx264"));
        assertEquals(0, video.frameRate(), video.toString());
        assertEquals(10, LEFT_TO_THE_METHOD.fps(video, 10), 0.01);
    }

    @Test
    void aDroppedFrameLeavesTheRateSteadyAndTooFewFramesTellNone() {
        double[] dropped = {0, 0.2, 0.4, 0.6, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0, 2.2, 2.4};
        assertEquals(5, Video.steadyRate(dropped), 0.01);
        assertEquals(0, Video.steadyRate(new double[] {0, 0.5, 1.0, 1.5}), "four frames are no rate to go by");
    }
}
