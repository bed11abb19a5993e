package org.trajectory.extract.internal.offline;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.InputStream;

import org.junit.jupiter.api.Test;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.Rect;
import org.opencv.imgcodecs.Imgcodecs;

import org.trajectory.extract.opencv.OpenCvLibrary;

/** Where no pointer is, none is found, at any size a pointer is tried at. */
class PointerFinderTest {

    /**
     * NEdit's window at the screen's top left, from one of our recordings (its luma, 64 by 100 px): its caret, an I-beam
     * with serifs below the menu bar, blinks off. Searched where the caret was, as the place of a pointer that rested
     * there unseen is, nothing is a pointer. A thin cross made small blends its black and white to the grey of the menu
     * bar beside it, and was found there: the pointer was then taken to rest on the menu bar for the rest of the video.
     */
    @Test
    void aThinCrossMadeSmallIsNotFoundOnAnEvenMenuBar() throws Exception {
        OpenCvLibrary.load();
        Mat shown = luma("nedit-caret-shown.png");
        Mat blinkedOff = luma("nedit-caret-off.png");
        PointerFinder.Found found = new PointerFinder().find(shown, blinkedOff, new Rect(0, 27, 33, 61), null, new PointerFinder.Scale());
        assertNull(found, () -> "found a " + found.template().name() + " at " + found.template().scale() + " of its size at " + found.x() + "," + found.y());
    }

    /** A picture's grey levels (its luma over the full range, as the observer stretches a video's to compare frames). */
    private static Mat luma(String name) throws IOException {
        try (InputStream in = PointerFinderTest.class.getResourceAsStream(name)) {
            return Imgcodecs.imdecode(new MatOfByte(in.readAllBytes()), Imgcodecs.IMREAD_GRAYSCALE);
        }
    }
}
