package org.trajectory.extract.internal.offline;

import java.util.ArrayList;
import java.util.List;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Rect;
import org.opencv.imgproc.Imgproc;
import org.trajectory.extract.internal.Joining;

/** The changed regions of a change mask: OpenCV's connected components, with pieces a few pixels apart (a word's letters) joined. */
final class Regions {

    /** Components closer than this (pixels) are one region. */
    private static final int JOIN = 6;

    private Regions() {
    }

    /**
     * A region's strongest change (grey levels) must reach this: a video encoder refining a picture (the first frames
     * after a key frame) moves edges by less, new text, a caret, a highlight or moved content by far more.
     */
    static final double STRONG = 60;

    /** The regions of {@code mask} whose strongest change in {@code difference} (grey levels) reaches {@link #STRONG}. */
    static List<Rect> of(Mat mask, Mat difference) {
        // labelled within the box of what changed only: most frames change a few small places, not the screen
        Rect changed = Imgproc.boundingRect(mask);
        if (changed.area() == 0) {
            return List.of();
        }
        Mat within = mask.submat(changed);
        Mat labels = new Mat();
        Mat stats = new Mat();
        Mat centroids = new Mat();
        int count = Imgproc.connectedComponentsWithStats(within, labels, stats, centroids, 8, CvType.CV_32S);
        List<Rect> boxes = new ArrayList<>();
        int[] row = new int[5];
        for (int label = 1; label < count; label++) {
            stats.get(label, 0, row);
            if (row[Imgproc.CC_STAT_AREA] >= 2) { // a lone pixel is compression noise
                Rect box = new Rect(changed.x + row[Imgproc.CC_STAT_LEFT], changed.y + row[Imgproc.CC_STAT_TOP], row[Imgproc.CC_STAT_WIDTH],
                        row[Imgproc.CC_STAT_HEIGHT]);
                Mat part = difference.submat(box);
                if (Core.minMaxLoc(part).maxVal >= STRONG) {
                    boxes.add(box);
                }
                part.release();
            }
        }
        within.release();
        labels.release();
        stats.release();
        centroids.release();
        return join(boxes);
    }

    static List<Rect> join(List<Rect> boxes) {
        if (boxes.size() > 400) {
            return List.of(Observation.union(boxes)); // a screenful changed: one region, without a quadratic join
        }
        return Joining.joined(boxes, Regions::near, (a, b) -> Observation.union(List.of(a, b)));
    }

    private static boolean near(Rect a, Rect b) {
        return a.x - JOIN < b.x + b.width && b.x - JOIN < a.x + a.width && a.y - JOIN < b.y + b.height && b.y - JOIN < a.y + a.height;
    }
}
