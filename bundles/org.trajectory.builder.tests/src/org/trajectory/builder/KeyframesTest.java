package org.trajectory.builder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.builder.internal.Keyframes;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.FrameTable;

/** Frames taken in runs (one decode of a group of pictures for its frames) are exactly the frames a full decode gives. */
class KeyframesTest {

    @TempDir
    Path temp;

    @Test
    void framesTakenInRunsAreExactlyThoseOfADecodeFromTheStart() throws Exception {
        Path video = temp.resolve("pattern.mp4");
        Videos.testPattern(video, 160, 120, 10, 6); // a key frame every 10 frames
        FrameTable.Frames frames = FrameTable.probeFrames(video);
        assertEquals(60, frames.stamps().length);
        assertEquals(true, frames.key()[0] && frames.key()[10] && !frames.key()[5], "the key flags come with the stamps");
        // 3 and 5 share a group of pictures (one run), 12 and 13 the next, 35 stands alone, 5 is asked twice
        List<Integer> asked = List.of(3, 5, 12, 13, 35, 5, 59);
        List<byte[]> pngs = new Keyframes(video, frames).pngs(asked, Progress.NONE);
        assertEquals(asked.size(), pngs.size());
        assertSame(pngs.get(1), pngs.get(5), "a frame asked twice is taken once");
        assertFramesOfADecodeFromTheStart(video, asked, pngs);
    }

    @Test
    void framesOfAnMp4WithReorderedFramesAcrossManyGroupsAreExactlyThoseOfADecodeFromTheStart() throws Exception {
        // As other recorders write: MP4, B-frames (decoded out of order), a key frame every 25 frames; frames asked in
        // most groups, at a key frame, just before one and at the very end, shared out among processes and inputs.
        Path video = temp.resolve("reordered.mp4");
        Videos.run("ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25", "-t", "12",
                "-c:v", "libx264", "-preset", "veryfast", "-bf", "3", "-g", "25", "-keyint_min", "25", "-pix_fmt", "yuv420p",
                video.toString());
        FrameTable.Frames frames = FrameTable.probeFrames(video);
        assertEquals(300, frames.stamps().length);
        List<Integer> asked = List.of(24, 25, 49, 51, 99, 100, 130, 174, 199, 201, 230, 262, 280, 299);
        assertFramesOfADecodeFromTheStart(video, asked, new Keyframes(video, frames).pngs(asked, Progress.NONE));
    }

    @Test
    void framesOnBothSidesOfAChangeOfPictureSizeAreTakenAtTheirOwnSize() throws Exception {
        // A recording whose screen changed size mid-way: one stream, 160x120 then 320x240. Runs on both sides shared
        // by one ffmpeg cannot be joined (one size only); each is then taken alone, at its own size.
        Path small = temp.resolve("small.mkv");
        Path large = temp.resolve("large.mkv");
        for (Path part : List.of(small, large)) {
            Videos.run("ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=" + (part == small ? "160x120" : "320x240")
                    + ":rate=10", "-t", "6", "-c:v", "libx264", "-preset", "ultrafast", "-g", "10", "-pix_fmt", "yuv420p", part.toString());
        }
        Path list = Files.writeString(temp.resolve("parts.txt"), "file '" + small + "'\nfile '" + large + "'\n");
        Path video = temp.resolve("resized.mkv");
        Videos.run("ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", list.toString(), "-c", "copy", video.toString());
        FrameTable.Frames frames = FrameTable.probeFrames(video);
        assertEquals(120, frames.stamps().length);
        List<Integer> asked = List.of(58, 62, 119); // three runs; 58 and 62 share an ffmpeg, 119 (10 frames to decode) has one
        List<byte[]> pngs = new Keyframes(video, frames).pngs(asked, Progress.NONE);
        // the stream was copied, not encoded again: frame 62 is the larger part's frame 2
        List<byte[]> expected = List.of(Videos.rgbOfFrame(small, 58), Videos.rgbOfFrame(large, 2), Videos.rgbOfFrame(large, 59));
        for (int i = 0; i < asked.size(); i++) {
            Path png = Files.write(temp.resolve("z" + i + ".png"), pngs.get(i));
            assertArrayEquals(expected.get(i), Videos.rgbOfPng(png), "frame " + asked.get(i));
        }
    }

    @Test
    void aFrameStampedAsTheOneBeforeItIsStillTheFrameAsked() throws Exception {
        // A variable-rate video whose clock ticks coarser than its frames come: frame 12 carries frame 11's stamp.
        Path video = temp.resolve("variable.mkv");
        Videos.run("ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=10", "-t", "4",
                "-vf", "setpts='if(eq(N\\,12)\\,(N-1)/10/TB\\,N/10/TB)'", "-fps_mode", "passthrough", "-c:v", "libx264",
                "-preset", "ultrafast", "-g", "10", "-pix_fmt", "yuv420p", video.toString());
        FrameTable.Frames frames = FrameTable.probeFrames(video);
        List<Integer> shared = new java.util.ArrayList<>();
        for (int i = 1; i < frames.stamps().length; i++) {
            if (frames.stamps()[i] == frames.stamps()[i - 1]) {
                shared.add(i);
            }
        }
        assertEquals(true, !shared.isEmpty(), "frames share a stamp: " + java.util.Arrays.toString(frames.stamps()));
        assertFramesOfADecodeFromTheStart(video, shared, new Keyframes(video, frames).pngs(shared, Progress.NONE));
    }

    /** Each PNG taken is, pixel for pixel, its frame as a decode from the start of the video gives it. */
    private void assertFramesOfADecodeFromTheStart(Path video, List<Integer> asked, List<byte[]> pngs) throws Exception {
        for (int i = 0; i < asked.size(); i++) {
            Path png = Files.write(temp.resolve("taken-" + i + ".png"), pngs.get(i));
            assertArrayEquals(Videos.rgbOfFrame(video, asked.get(i)), Videos.rgbOfPng(png), "frame " + asked.get(i));
        }
    }
}
