package org.trajectory.screentext.internal;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Point;
import org.opencv.core.Scalar;
import org.opencv.imgproc.Imgproc;
import org.trajectory.extract.opencv.OpenCvLibrary;
import org.trajectory.screentext.TextLine;
import org.trajectory.screentext.Word;

class MonospacedTest {

    @BeforeAll
    static void openCv() throws Exception {
        OpenCvLibrary.load();
    }

    /** Bars every 10 pixels across a line 400 pixels wide: 39 runs of ink. */
    private static Mat bars() {
        Mat grey = new Mat(20, 400, CvType.CV_8UC1, new Scalar(255));
        for (int x = 5; x < 395; x += 10) {
            Imgproc.line(grey, new Point(x, 4), new Point(x, 15), new Scalar(0), 2);
        }
        return grey;
    }

    /**
     * A line read as one letter, or a few, over many runs of ink (a rule, a row of icons) has no lattice to find: it
     * comes back as read. A single letter once made the pitches tried run up to a division by zero: the reading never
     * ended.
     */
    @Test
    void aLineReadAsFewerLettersThanALatticeNeedsComesBackAsRead() {
        Mat grey = bars();
        for (String read : List.of("|", "ab", "a b c")) {
            TextLine line = new TextLine(List.of(new Word(read, 2, 2, 396, 16, 0.9)));
            assertSame(line, assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Monospaced.respaced(grey, line)), read);
        }
        grey.release();
    }
}
