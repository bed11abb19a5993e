package org.trajectory.extract.internal.offline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.extract.ExtractionContext;
import org.trajectory.extract.Frame;
import org.trajectory.extract.FrameSampler;
import org.trajectory.extract.FrameSamplerTest;
import org.trajectory.extract.Video;
import org.trajectory.extract.kit.ScreenVideo;
import org.trajectory.extract.opencv.OpenCvLibrary;

/** Pictures of held frames are taken at once, from the decoded pixels; those of frames let go come from one more pass. */
class PicturesTest {

    @Test
    void heldFramesServeAtOnceAndTheRestAfterTheReading(@TempDir Path folder) throws Exception {
        OpenCvLibrary.load();
        Video video = Video.probe(ScreenVideo.write(folder.resolve("screen.mkv")));
        Map<Long, byte[]> screenshots = new HashMap<>();
        Pictures pictures = new Pictures(video, ScreenVideo.FPS, screenshots);
        Pictures.Crop early = null;
        try (FrameSampler sampler = FrameSampler.open(video, ScreenVideo.FPS, Frame.Layout.I420)) {
            for (int number = 0; number < 5; number++) {
                pictures.hold(number, sampler.next().pixels());
                pictures.keepOnly(Set.of(number)); // only the last one held
            }
            pictures.screenshot(4);
            assertEquals(0, pictures.pending(), "frame 4 is held");
            early = pictures.crop(1, ScreenVideo.WIDTH - 50, 10, 100, 20);
            assertNull(early.image(), "frame 1 was let go");
            assertEquals(1, pictures.pending());
        }
        Pictures.Crop now = pictures.crop(4, 10, 10, 30, 20);
        assertEquals(30, now.image().getWidth());
        pictures.screenshot(2); // let go too
        Pictures.Crop past = pictures.crop(5, 10, 10, 30, 20); // past the last frame read
        pictures.finish(5);
        assertEquals(0, pictures.pending());
        assertEquals(50, early.image().getWidth(), "clipped to the frame");
        assertNull(past.image(), "no picture past the last frame read");
        for (double time : new double[] { 0.2, 0.4 }) {
            BufferedImage shot = ImageIO.read(new ByteArrayInputStream(screenshots.get(ExtractionContext.at(time))));
            assertEquals(ScreenVideo.WIDTH, shot.getWidth());
            assertEquals(ScreenVideo.HEIGHT, shot.getHeight());
        }
        assertEquals(2, screenshots.size(), "screenshots only where asked");
    }

    /**
     * Pictures of frames let go far into a video come from a seek near them, not a pass from the start; and only a frame
     * whose content is the very one the reading had serves: one the reading saw otherwise is taken from a pass from the
     * start, numbered as the reading was.
     */
    @Test
    void picturesOfFramesLetGoFarIntoTheVideoComeFromASeekAndOnlyTheFrameTheReadingHad(@TempDir Path folder) throws Exception {
        OpenCvLibrary.load();
        Video video = Video.probe(FrameSamplerTest.testPicture(folder.resolve("moving.mp4"), 30, 60));
        Pictures seeking = new Pictures(video, 10, new HashMap<>());
        Pictures otherwise = new Pictures(video, 10, new HashMap<>());
        Pictures holding = new Pictures(video, 10, new HashMap<>()); // holds every frame: what the pictures should be
        int read = readAll(video, seeking, otherwise, holding);
        Pictures.Crop sought = seeking.crop(450, 10, 20, 60, 40);
        Pictures.Crop seenOtherwise = otherwise.crop(450, 10, 20, 60, 40);
        Pictures.Crop expected = holding.crop(450, 10, 20, 60, 40);
        seeking.finish(read);
        otherwise.finish(read);
        holding.finish(read);
        assertEquals(0, holding.decodedAfter());
        assertTrue(seeking.decodedAfter() < 50, "a seek near frame 450 decoded " + seeking.decodedAfter() + " frames");
        assertTrue(otherwise.decodedAfter() > 450, "read from the start: " + otherwise.decodedAfter());
        for (Pictures.Crop crop : List.of(sought, seenOtherwise)) {
            assertArrayEquals(expected.image().getRGB(0, 0, 60, 40, null, 0, 60), crop.image().getRGB(0, 0, 60, 40, null, 0, 60));
        }
    }

    /** Reads the video into each: every frame read, the last one alone held; {@code otherwise} is told frame 450 was another. */
    private static int readAll(Video video, Pictures seeking, Pictures otherwise, Pictures holding) throws Exception {
        int number = 0;
        try (FrameSampler sampler = FrameSampler.open(video, 10, Frame.Layout.I420)) {
            for (Frame frame = sampler.next(); frame != null; frame = sampler.next(), number++) {
                seeking.read(number, frame.pixels());
                otherwise.read(number, number == 450 ? new byte[frame.pixels().length] : frame.pixels());
                for (Pictures pictures : List.of(seeking, otherwise)) {
                    pictures.hold(number, frame.pixels());
                    pictures.keepOnly(Set.of(number));
                }
                holding.hold(number, frame.pixels());
            }
        }
        return number;
    }

    @Test
    void aSquareAskedOfAFrameNotYetReadIsTakenAsItComesItsBorderRepeatedPastTheEdge(@TempDir Path folder) throws Exception {
        OpenCvLibrary.load();
        Video video = Video.probe(ScreenVideo.write(folder.resolve("screen.mkv")));
        Pictures pictures = new Pictures(video, ScreenVideo.FPS, new HashMap<>());
        Pictures.Crop square = pictures.square(3, 5, 5, 40, 20); // reaches 15 px past the top left corner
        Pictures.Crop corner;
        try (FrameSampler sampler = FrameSampler.open(video, ScreenVideo.FPS, Frame.Layout.I420)) {
            for (int number = 0; number < 3; number++) {
                pictures.hold(number, sampler.next().pixels());
                pictures.keepOnly(Set.of(number));
            }
            assertNull(square.image(), "frame 3 is not read yet");
            pictures.hold(3, sampler.next().pixels());
            assertEquals(0, pictures.pending(), "taken as frame 3 came, no second reading");
            corner = pictures.crop(3, 0, 0, 1, 1);
        }
        pictures.close();
        assertEquals(20, square.image().getWidth());
        assertEquals(20, square.image().getHeight());
        assertEquals(corner.image().getRGB(0, 0), square.image().getRGB(0, 0), "past the edge, the corner's pixel repeated");
    }

    @Test
    void aPictureAskedPastTheLastFrameReadIsNoneAndNothingIsLeftPending(@TempDir Path folder) throws Exception {
        OpenCvLibrary.load();
        Video video = Video.probe(ScreenVideo.write(folder.resolve("screen.mkv")));
        Pictures pictures = new Pictures(video, ScreenVideo.FPS, new HashMap<>());
        try (FrameSampler sampler = FrameSampler.open(video, ScreenVideo.FPS, Frame.Layout.I420)) {
            for (int number = 0; number < 3; number++) {
                pictures.hold(number, sampler.next().pixels());
                pictures.keepOnly(Set.of(number));
            }
        }
        Pictures.Crop past = pictures.crop(10, 10, 10, 30, 20); // the video has it, the reading stopped before it
        assertEquals(1, pictures.pending());
        assertEquals(0, pictures.pending(3), "none of a frame read: the progress says no pass");
        pictures.finish(3);
        assertNull(past.image());
        assertEquals(0, pictures.pending(), "none left to take");
    }
}
