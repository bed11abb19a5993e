package org.trajectory.extract.internal.offline;

import java.awt.image.BufferedImage;
import java.io.IOException;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;
import org.trajectory.extract.opencv.OpenCvLibrary;

/**
 * Where typing changed a line, made plain for OCR: ink and paper by Otsu's threshold (the lesser part is the ink, dark
 * on light or light on dark), dark on white; the borders of the field or cell it was typed in taken out (straight
 * lines across most of the picture); and a block caret at its end (a terminal's solid cursor, which Tesseract reads
 * as "l" or folds into the last letter) taken out.
 */
final class TypedText {

    /** Of a picture's width (or height), how much a straight line crosses to be a border, not a letter's stroke. */
    private static final double BORDER = 0.7;
    /** How full a box of ink is to be a block caret rather than a letter. */
    private static final double SOLID = 0.85;

    private TypedText() {
    }

    static BufferedImage plain(BufferedImage crop) throws IOException {
        Mat grey = OpenCvLibrary.grey(crop);
        Mat ink = new Mat();
        Imgproc.threshold(grey, ink, 0, 255, Imgproc.THRESH_BINARY | Imgproc.THRESH_OTSU);
        if (Core.countNonZero(ink) > ink.total() / 2) {
            Core.bitwise_not(ink, ink); // ink is white in the mask, whatever its colour on the screen
        }
        removeLines(ink, new Size(Math.max(3, ink.cols() * BORDER), 1));
        removeLines(ink, new Size(1, Math.max(3, ink.rows() * BORDER)));
        removeBlockCaret(ink);
        Mat paper = new Mat();
        Core.bitwise_not(ink, paper);
        BufferedImage plain = new BufferedImage(paper.cols(), paper.rows(), BufferedImage.TYPE_BYTE_GRAY);
        paper.get(0, 0, ((java.awt.image.DataBufferByte) plain.getRaster().getDataBuffer()).getData());
        for (Mat mat : new Mat[] { grey, ink, paper }) {
            mat.release();
        }
        return plain;
    }

    /** Takes out of the mask the straight lines at least {@code length} long: borders, not strokes. */
    private static void removeLines(Mat ink, Size length) {
        Mat lines = new Mat();
        Mat kernel = Imgproc.getStructuringElement(Imgproc.MORPH_RECT, length);
        Imgproc.morphologyEx(ink, lines, Imgproc.MORPH_OPEN, kernel);
        Core.subtract(ink, lines, ink);
        lines.release();
        kernel.release();
    }

    /** Takes out the last solid box of ink about a letter's size, where it is the rightmost ink: a block caret. */
    private static void removeBlockCaret(Mat ink) {
        Mat labels = new Mat();
        Mat stats = new Mat();
        Mat centroids = new Mat();
        int count = Imgproc.connectedComponentsWithStats(ink, labels, stats, centroids, 8, CvType.CV_32S);
        int rightmost = -1;
        int rightEdge = -1;
        for (int i = 1; i < count; i++) {
            int right = (int) (stats.get(i, Imgproc.CC_STAT_LEFT)[0] + stats.get(i, Imgproc.CC_STAT_WIDTH)[0]);
            if (right > rightEdge) {
                rightEdge = right;
                rightmost = i;
            }
        }
        if (rightmost > 0) {
            int x = (int) stats.get(rightmost, Imgproc.CC_STAT_LEFT)[0];
            int y = (int) stats.get(rightmost, Imgproc.CC_STAT_TOP)[0];
            int w = (int) stats.get(rightmost, Imgproc.CC_STAT_WIDTH)[0];
            int h = (int) stats.get(rightmost, Imgproc.CC_STAT_HEIGHT)[0];
            double area = stats.get(rightmost, Imgproc.CC_STAT_AREA)[0];
            if (h >= 8 && w >= 3 && w <= h && area >= SOLID * w * h) {
                Imgproc.rectangle(ink, new org.opencv.core.Point(x, y), new org.opencv.core.Point(x + w - 1, y + h - 1),
                        new org.opencv.core.Scalar(0), -1);
            }
        }
        labels.release();
        stats.release();
        centroids.release();
    }
}
