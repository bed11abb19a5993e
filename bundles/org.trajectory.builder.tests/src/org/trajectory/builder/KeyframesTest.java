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
import org.trajectory.recorder.internal.FrameTable;

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
        for (int i = 0; i < asked.size(); i++) {
            Path png = Files.write(temp.resolve("f" + i + ".png"), pngs.get(i));
            assertArrayEquals(Videos.rgbOfFrame(video, asked.get(i)), Videos.rgbOfPng(png), "frame " + asked.get(i));
        }
    }
}
