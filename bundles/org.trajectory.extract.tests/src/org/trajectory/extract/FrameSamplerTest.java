package org.trajectory.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Frames come from the real ffmpeg, at the rate asked, with their times; what is not a video is said so. */
public class FrameSamplerTest {

    @Test
    void samplesAVideoAtTheRateAskedWithTimes(@TempDir Path temp) throws Exception {
        Path video = testPicture(temp.resolve("clip.mkv"));
        List<Frame> frames = new ArrayList<>();
        try (FrameSampler sampler = FrameSampler.open(video, 2)) {
            for (Frame frame = sampler.next(); frame != null; frame = sampler.next()) {
                frames.add(frame);
            }
            assertNull(sampler.next());
        }
        assertEquals(6, frames.size(), "3 s at 2 frames a second");
        assertEquals(List.of(0.0, 0.5, 1.0, 1.5, 2.0, 2.5), frames.stream().map(Frame::time).toList());
        assertEquals(320, frames.get(0).width());
        assertEquals(240 * 320 * 3, frames.get(0).pixels().length);
        assertTrue(!java.util.Arrays.equals(frames.get(0).pixels(), frames.get(5).pixels()), "the test picture moves");
        try (FrameSampler sampler = FrameSampler.open(Video.probe(video), 2, Frame.Layout.I420)) {
            assertEquals(240 * 320 * 3 / 2, sampler.next().pixels().length, "a full luma plane and two quarter-size colour planes");
        }
    }

    /** A reading begun at a frame far into a video of constant rate: that frame on, numbered and timed as from the start. */
    @Test
    void aReadingBegunFarIntoTheVideoGivesItsFramesAsAReadingFromTheStart(@TempDir Path temp) throws Exception {
        Video video = Video.probe(testPicture(temp.resolve("clip.mp4"), 30, 30));
        List<byte[]> fromTheStart = new ArrayList<>();
        try (FrameSampler sampler = FrameSampler.open(video, 10, Frame.Layout.I420)) {
            for (Frame frame = sampler.next(); frame != null && fromTheStart.size() < 210; frame = sampler.next()) {
                fromTheStart.add(frame.pixels());
            }
        }
        try (FrameSampler sampler = FrameSampler.open(video, 10, Frame.Layout.I420, 200)) {
            for (int number = 200; number < 210; number++) {
                Frame frame = sampler.next();
                assertEquals(number / 10.0, frame.time(), 1e-9);
                assertTrue(java.util.Arrays.equals(fromTheStart.get(number), frame.pixels()), "frame " + number);
            }
        }
    }

    /**
     * Frames asked for by number in one pass: those within the video come as PNG, those past its end have none, and
     * asking only for frames past the end (a click found in a video's last moment asks for the moments after it) is
     * no failure.
     */
    @Test
    void framesPastTheEndHaveNoneAndAskingOnlyForThemIsNoFailure(@TempDir Path temp) throws Exception {
        Video video = Video.probe(testPicture(temp.resolve("clip.mkv")));
        Map<Integer, byte[]> taken = FrameGrab.sampled(video, 10, List.of(5, 29, 30, 45));
        assertEquals(Set.of(5, 29), taken.keySet(), "frames 0 to 29 are the 3 s at 10 a second");
        assertTrue(taken.get(5)[1] == 'P' && taken.get(5)[2] == 'N' && taken.get(5)[3] == 'G');
        assertTrue(FrameGrab.sampled(video, 10, List.of(32, 38)).isEmpty());
    }

    /** An MP4 with its index in front, cut halfway: its length is where its frames end, and it says it is cut. */
    @Test
    void aCutVideoIsMeasuredByItsFramesNotItsHeader(@TempDir Path temp) throws Exception {
        Path whole = temp.resolve("whole.mp4");
        Process ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=10:duration=20",
                "-c:v", "libx264", "-g", "10", "-pix_fmt", "yuv420p", "-movflags", "+faststart", whole.toString()).inheritIO().start();
        assertEquals(0, ffmpeg.waitFor());
        Video full = Video.probe(whole);
        assertNull(full.cut(), "a whole video is not cut");
        assertEquals(20, full.duration(), 0.2);
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = Files.write(temp.resolve("cut.mp4"), java.util.Arrays.copyOf(bytes, bytes.length / 2));
        Video half = Video.probe(cut);
        assertEquals(20, half.claimed(), 0.2, "what the header says");
        assertTrue(half.duration() < 14 && half.duration() > 4, "where the frames end: " + half.duration());
        assertTrue(half.cut() != null && half.cut().startsWith("cut.mp4 is cut: it says it lasts 20.0 s and its frames end at"), half.cut());
    }

    @Test
    void whatIsNotAVideoIsSaidInOneLine(@TempDir Path temp) throws Exception {
        Path text = Files.writeString(temp.resolve("notes.mp4"), "not a video at all");
        IOException e = assertThrows(IOException.class, () -> FrameSampler.open(text, 1));
        assertTrue(e.getMessage().startsWith(text + ": not a video ffmpeg can read"), e.getMessage());
        assertThrows(NoSuchFileException.class, () -> FrameSampler.open(temp.resolve("gone.mp4"), 1));
        assertThrows(IllegalArgumentException.class, () -> FrameSampler.open(text, 0));
    }

    @Test
    void aVideoCutShortByAKilledRecorderStillReadsAndGivesItsLastFrame(@TempDir Path temp) throws Exception {
        Path whole = org.trajectory.extract.kit.ScreenVideo.write(temp.resolve("whole.mkv"));
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = Files.write(temp.resolve("cut.mkv"), java.util.Arrays.copyOf(bytes, bytes.length * 4 / 5));
        Video video = Video.probe(cut); // ffprobe complains that the file ended early, and reads it
        assertEquals(org.trajectory.extract.kit.ScreenVideo.WIDTH, video.width());
        byte[] last = FrameGrab.last(video);
        assertTrue(last.length > 8 && last[1] == 'P' && last[2] == 'N' && last[3] == 'G', "a PNG of the last frame the cut file holds");
    }

    /** FFmpeg's moving test picture, 320x240, 3 s at 10 frames a second, as H.264. */
    private static Path testPicture(Path file) throws IOException, InterruptedException {
        return testPicture(file, 10, 3);
    }

    /** ffmpeg's moving test picture (every frame differs), 320x240, H.264 (with B-frames) in the container the name says. */
    public static Path testPicture(Path file, int rate, int seconds) throws IOException, InterruptedException {
        Process ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i",
                "testsrc2=size=320x240:rate=" + rate + ":duration=" + seconds, "-c:v", "libx264", "-pix_fmt", "yuv420p", file.toString())
                .inheritIO().start();
        assertEquals(0, ffmpeg.waitFor());
        return file;
    }
}
