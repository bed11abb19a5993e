package org.trajectory.replay.internal;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.List;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.Point;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;
import org.trajectory.extract.opencv.OpenCvLibrary;

/**
 * Whether a replayed screen is the recorded one, with OpenCV: both in grey, smoothed a little (a recording's frames
 * went through a lossy video codec), their absolute difference thresholded, and the changed pixels grouped into areas;
 * areas smaller than {@value #SMALLEST_AREA} pixels are codec noise, not a different screen. The pointer's own
 * neighbourhood is left out: it is drawn in on both sides, and a hover may differ by a frame.
 */
public final class ScreenComparison {

    /** Grey levels (of 255) by which a pixel must differ to count, above what a video codec changes. */
    static final double LEVEL = 40;
    /** The smallest area of changed pixels (after joining neighbours) that makes two screens different. */
    static final int SMALLEST_AREA = 30;
    private static final int POINTER_BOX = 48;

    /**
     * How two screens differ.
     *
     * @param similarity the share of pixels that are the same, 0-1
     * @param region     where the differences are, as a box normalized to [0,1] (x, y, width, height); null when the
     *                   screens match
     */
    public record Difference(double similarity, double[] region) {

        public boolean matched() {
            return region == null;
        }
    }

    private ScreenComparison() {
    }

    /**
     * Compares the replayed screen with the recorded one (scaled to its size when they differ), leaving out a box
     * around each of {@code pointers} (pixels of the replayed screen): where the replay left the pointer and where the
     * recording may show it, already on its way to the next step.
     */
    public static Difference compare(BufferedImage recorded, BufferedImage replayed, List<java.awt.Point> pointers) throws IOException {
        OpenCvLibrary.load();
        Mat a = OpenCvLibrary.grey(recorded);
        Mat b = OpenCvLibrary.grey(replayed);
        if (a.size().width != b.size().width || a.size().height != b.size().height) {
            Imgproc.resize(b, b, a.size(), 0, 0, Imgproc.INTER_AREA);
        }
        Imgproc.GaussianBlur(a, a, new Size(3, 3), 0);
        Imgproc.GaussianBlur(b, b, new Size(3, 3), 0);
        Mat mask = new Mat();
        Core.absdiff(a, b, mask);
        Imgproc.threshold(mask, mask, LEVEL, 255, Imgproc.THRESH_BINARY);
        double sx = a.cols() / (double) replayed.getWidth();
        double sy = a.rows() / (double) replayed.getHeight();
        for (java.awt.Point pointer : pointers) { // the hot spot is the image's top left, more or less: it reaches right and down
            Imgproc.rectangle(mask, new Point(pointer.x * sx - POINTER_BOX / 2.0, pointer.y * sy - POINTER_BOX / 2.0),
                    new Point(pointer.x * sx + POINTER_BOX, pointer.y * sy + POINTER_BOX), new Scalar(0), -1);
        }
        double width = a.cols();
        double height = a.rows();
        double similarity = 1 - Core.countNonZero(mask) / (width * height);
        Rectangle region = changedRegion(mask);
        release(a, b, mask);
        return new Difference(similarity, region == null ? null
                : new double[] { region.x / width, region.y / height, region.width / width, region.height / height });
    }

    /** The box around every area of changed pixels that is large enough, or null when there is none. */
    private static Rectangle changedRegion(Mat mask) {
        Mat joined = new Mat();
        Imgproc.dilate(mask, joined, Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(3, 3)));
        Mat labels = new Mat();
        Mat stats = new Mat();
        Mat centroids = new Mat();
        int count = Imgproc.connectedComponentsWithStats(joined, labels, stats, centroids);
        Rectangle region = null;
        for (int label = 1; label < count; label++) {
            if (stats.get(label, Imgproc.CC_STAT_AREA)[0] < SMALLEST_AREA) {
                continue;
            }
            Rectangle area = new Rectangle((int) stats.get(label, Imgproc.CC_STAT_LEFT)[0], (int) stats.get(label, Imgproc.CC_STAT_TOP)[0],
                    (int) stats.get(label, Imgproc.CC_STAT_WIDTH)[0], (int) stats.get(label, Imgproc.CC_STAT_HEIGHT)[0]);
            region = region == null ? area : region.union(area);
        }
        release(joined, labels, stats, centroids);
        return region;
    }

    private static void release(Mat... mats) {
        for (Mat mat : mats) {
            mat.release();
        }
    }
}
