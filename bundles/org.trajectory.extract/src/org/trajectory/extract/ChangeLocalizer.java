package org.trajectory.extract;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;
import org.trajectory.extract.internal.Joining;
import org.trajectory.extract.opencv.OpenCvLibrary;

/**
 * The Differential-Frame method's Frame Difference Localizer, as the Sharingan paper specifies it: both frames' RGB
 * normalized to [0,1] and blurred (Gaussian, standard deviation 2), the per-pixel L2 norm of their difference
 * thresholded, objects under 10 pixels removed, the connected components' boxes grown by 100 px on every side (within
 * the frame) and overlapping boxes merged. The pixel work is OpenCV's.
 *
 * @since 0.1
 */
public final class ChangeLocalizer {

    /**
     * @param threshold the L2 norm (0 to √3) a pixel's change must exceed; tuned so that video compression noise
     *                  stays under it and a caret, a highlight or a changed glyph goes over
     */
    public record Settings(double sigma, double threshold, int minPixels, int grow) {
        public static final Settings PAPER = new Settings(2, 0.1, 10, 100);

        public Settings {
            if (!(sigma > 0) || !(threshold > 0) || minPixels < 1 || grow < 0) {
                throw new IllegalArgumentException("the localizer needs a positive sigma, threshold and size, and a growth of 0 or more");
            }
        }
    }

    /** A changed region, in pixels. */
    public record Box(int x, int y, int width, int height) {

        boolean overlaps(Box other) {
            return x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height;
        }

        Box union(Box other) {
            int left = Math.min(x, other.x);
            int top = Math.min(y, other.y);
            return new Box(left, top, Math.max(x + width, other.x + other.width) - left, Math.max(y + height, other.y + other.height) - top);
        }
    }

    private final Settings settings;

    public ChangeLocalizer(Settings settings) throws IOException {
        OpenCvLibrary.load();
        this.settings = settings;
    }

    /** Where {@code after} differs from {@code before}: merged boxes, in the order OpenCV labels their first pixels. */
    public List<Box> changes(Frame before, Frame after) {
        if (before.layout() != Frame.Layout.RGB || after.layout() != Frame.Layout.RGB) {
            throw new IllegalArgumentException("the localizer compares colour (RGB) frames");
        }
        if (before.width() != after.width() || before.height() != after.height()) {
            throw new IllegalArgumentException("frames of different sizes: " + before.width() + "x" + before.height() + " and "
                    + after.width() + "x" + after.height());
        }
        Mat difference = new Mat();
        Mat a = normalizedBlur(before);
        Mat b = normalizedBlur(after);
        Core.subtract(a, b, difference);
        Core.multiply(difference, difference, difference);
        Mat sum = new Mat();
        Core.transform(difference, sum, Mat.ones(1, 3, CvType.CV_32F)); // the three channels' squares added
        Core.sqrt(sum, sum);
        Mat mask = new Mat();
        Imgproc.threshold(sum, mask, settings.threshold(), 255, Imgproc.THRESH_BINARY);
        mask.convertTo(mask, CvType.CV_8U);
        Mat labels = new Mat();
        Mat stats = new Mat();
        Mat centroids = new Mat();
        int count = Imgproc.connectedComponentsWithStats(mask, labels, stats, centroids, 8, CvType.CV_32S);
        List<Box> boxes = new ArrayList<>();
        for (int label = 1; label < count; label++) { // 0 is the background
            if (stats.get(label, Imgproc.CC_STAT_AREA)[0] < settings.minPixels()) {
                continue;
            }
            int x = (int) stats.get(label, Imgproc.CC_STAT_LEFT)[0] - settings.grow();
            int y = (int) stats.get(label, Imgproc.CC_STAT_TOP)[0] - settings.grow();
            int right = (int) (stats.get(label, Imgproc.CC_STAT_LEFT)[0] + stats.get(label, Imgproc.CC_STAT_WIDTH)[0]) + settings.grow();
            int bottom = (int) (stats.get(label, Imgproc.CC_STAT_TOP)[0] + stats.get(label, Imgproc.CC_STAT_HEIGHT)[0]) + settings.grow();
            x = Math.max(0, x);
            y = Math.max(0, y);
            boxes.add(new Box(x, y, Math.min(before.width(), right) - x, Math.min(before.height(), bottom) - y));
        }
        for (Mat mat : List.of(difference, a, b, sum, mask, labels, stats, centroids)) {
            mat.release(); // native memory: not left to the garbage collector
        }
        return merge(boxes);
    }

    private Mat normalizedBlur(Frame frame) {
        Mat pixels = new Mat(frame.height(), frame.width(), CvType.CV_8UC3);
        pixels.put(0, 0, frame.pixels());
        Mat normalized = new Mat();
        pixels.convertTo(normalized, CvType.CV_32FC3, 1 / 255.0);
        pixels.release();
        Imgproc.GaussianBlur(normalized, normalized, new Size(0, 0), settings.sigma());
        return normalized;
    }

    /** Overlapping boxes become one, until none overlap. */
    static List<Box> merge(List<Box> boxes) {
        return Joining.joined(boxes, Box::overlaps, Box::union);
    }
}
