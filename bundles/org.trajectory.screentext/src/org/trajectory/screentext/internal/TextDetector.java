package org.trajectory.screentext.internal;

import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.MatOfPoint;
import org.opencv.core.MatOfPoint2f;
import org.opencv.core.Point;
import org.opencv.core.Rect;
import org.opencv.core.RotatedRect;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

/**
 * PP-OCR's text detector: a DB ("differentiable binarization") network gives each pixel the probability that it lies
 * inside a line of text, shrunk; the lines are the regions above {@value #PIXEL} whose mean probability is at least
 * {@value #BOX}, each grown back by the offset DB shrank it by ({@value #UNCLIP} times area over perimeter). The
 * network's post-processing is written here because no maintained Java library on Maven Central has it outside its own
 * engine: DJL's PaddleOCR translators need DJL's NDArray engine, and RapidOCR's Java packages call a C++ library of
 * their own instead of our ONNX Runtime. The screen is read at its own size (padded to a multiple of 32), never
 * scaled down: screen letters are 7 to 10 pixels high, and at half size the lines of a terminal run together.
 */
final class TextDetector {

    /** A pixel this likely to be text is text. */
    static final double PIXEL = 0.3;
    /** A region whose pixels are on average this likely to be text is a line. */
    static final double BOX = 0.6;
    static final double UNCLIP = 1.6;
    /** The shortest side (pixels) of a line's box as found, before it is grown. */
    static final int MIN_SIDE = 3;
    static final int MAX_LINES = 3000;
    /** ImageNet's mean and deviation per channel, which PP-OCR's detector was trained with (on B, G, R in this order). */
    private static final float[] MEAN = { 0.485f, 0.456f, 0.406f };
    private static final float[] DEVIATION = { 0.229f, 0.224f, 0.225f };

    private final OrtSession session;

    TextDetector(OrtSession session) {
        this.session = session;
    }

    /**
     * The boxes of the lines of text in a BGR picture, in reading order, within the picture. The network reads only the
     * parts of the screen that have something on them (an empty desktop, an editor's blank page cost nothing): its time
     * grows with the pixels it reads.
     */
    List<RotatedRect> lines(Mat bgr) throws java.io.IOException {
        Mat probability = Mat.zeros(bgr.rows(), bgr.cols(), CvType.CV_32F);
        try {
            for (Rect region : busy(bgr)) {
                for (Rect core : tiles(region)) {
                    // each tile read with a margin around it, so a line across its edge is seen whole
                    Rect read = clipped(new Rect(core.x - MARGIN, core.y - MARGIN, core.width + 2 * MARGIN, core.height + 2 * MARGIN), region);
                    Mat pixels = bgr.submat(read);
                    Mat part = probability(pixels);
                    Mat inside = part.submat(new Rect(core.x - read.x, core.y - read.y, core.width, core.height));
                    Mat target = probability.submat(core);
                    inside.copyTo(target);
                    for (Mat m : new Mat[] { pixels, part, inside, target }) {
                        m.release();
                    }
                }
            }
            return boxes(probability);
        } finally {
            probability.release();
        }
    }

    /**
     * The largest part of a screen (pixels a side) the network reads at once: the memory it takes grows with the pixels
     * it reads at once (a whole 1920x1080 screen took 1 GB), its time does not.
     */
    static final int PART = 640;
    /** The margin (pixels) read around a part, so that a line across its edge is seen whole. */
    static final int MARGIN = 48;

    /** A region cut into parts of at most {@value #PART} pixels a side, of even sizes. */
    static List<Rect> tiles(Rect region) {
        List<Rect> tiles = new ArrayList<>();
        int across = Math.ceilDiv(region.width, PART);
        int down = Math.ceilDiv(region.height, PART);
        for (int j = 0; j < down; j++) {
            for (int i = 0; i < across; i++) {
                int x0 = region.x + region.width * i / across;
                int y0 = region.y + region.height * j / down;
                int x1 = region.x + region.width * (i + 1) / across;
                int y1 = region.y + region.height * (j + 1) / down;
                tiles.add(new Rect(x0, y0, x1 - x0, y1 - y0));
            }
        }
        return tiles;
    }

    /** The side of a tile of the screen that is read or skipped whole, in pixels. */
    static final int TILE = 16;
    /** A tile whose pixels differ from their neighbours by less than this (grey levels) is empty. */
    static final int FLAT = 12;

    /**
     * The regions of the picture that have something on them: the tiles with an edge, and those around them, joined
     * into rectangles. A picture mostly busy is one region.
     */
    static List<Rect> busy(Mat bgr) {
        Mat grey = new Mat();
        Imgproc.cvtColor(bgr, grey, Imgproc.COLOR_BGR2GRAY);
        Imgproc.morphologyEx(grey, grey, Imgproc.MORPH_GRADIENT, Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(3, 3)));
        Imgproc.threshold(grey, grey, FLAT, 255, Imgproc.THRESH_BINARY);
        Mat tiles = new Mat();
        Imgproc.resize(grey, tiles, new Size(Math.ceilDiv(bgr.cols(), TILE), Math.ceilDiv(bgr.rows(), TILE)), 0, 0, Imgproc.INTER_AREA);
        grey.release();
        Imgproc.threshold(tiles, tiles, 0, 255, Imgproc.THRESH_BINARY);
        Imgproc.dilate(tiles, tiles, Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(3, 3)));
        List<MatOfPoint> contours = new ArrayList<>();
        Mat hierarchy = new Mat();
        Imgproc.findContours(tiles, contours, hierarchy, Imgproc.RETR_EXTERNAL, Imgproc.CHAIN_APPROX_SIMPLE);
        tiles.release();
        hierarchy.release();
        Rect whole = new Rect(0, 0, bgr.cols(), bgr.rows());
        List<Rect> regions = new ArrayList<>();
        long area = 0;
        for (MatOfPoint contour : contours) {
            Rect r = Imgproc.boundingRect(contour);
            contour.release();
            Rect region = clipped(new Rect(r.x * TILE, r.y * TILE, r.width * TILE, r.height * TILE), whole);
            regions.add(region);
            area += region.area();
        }
        return area > whole.area() / 2 ? List.of(whole) : regions;
    }

    private static Rect clipped(Rect r, Rect within) {
        int x0 = Math.max(r.x, within.x);
        int y0 = Math.max(r.y, within.y);
        int x1 = Math.min(r.x + r.width, within.x + within.width);
        int y1 = Math.min(r.y + r.height, within.y + within.height);
        return new Rect(x0, y0, Math.max(0, x1 - x0), Math.max(0, y1 - y0));
    }

    /** The network's probability map of one region (padded to a multiple of 32, as it needs), at the region's size. */
    private Mat probability(Mat bgr) throws java.io.IOException {
        int height = Math.ceilDiv(bgr.rows(), 32) * 32;
        int width = Math.ceilDiv(bgr.cols(), 32) * 32;
        Mat padded = new Mat();
        Core.copyMakeBorder(bgr, padded, 0, height - bgr.rows(), 0, width - bgr.cols(), Core.BORDER_REPLICATE);
        byte[] pixels = new byte[height * width * 3];
        padded.get(0, 0, pixels);
        padded.release();
        int plane = height * width;
        FloatBuffer input = FloatBuffer.allocate(3 * plane);
        for (int c = 0; c < 3; c++) {
            float mean = MEAN[c];
            float deviation = DEVIATION[c];
            for (int i = 0; i < plane; i++) {
                input.put(c * plane + i, ((pixels[i * 3 + c] & 0xff) / 255f - mean) / deviation);
            }
        }
        Mat probability = new Mat(height, width, CvType.CV_32F);
        try (OnnxTensor tensor = OnnxTensor.createTensor(OrtEnvironment.getEnvironment(), input, new long[] { 1, 3, height, width });
                OrtSession.Result result = session.run(Map.of(session.getInputNames().iterator().next(), tensor))) {
            FloatBuffer map = ((OnnxTensor) result.get(0)).getFloatBuffer();
            float[] values = new float[plane];
            map.get(values);
            probability.put(0, 0, values);
        } catch (OrtException e) {
            probability.release();
            throw new java.io.IOException("PP-OCR's detector failed: " + e.getMessage(), e);
        }
        Mat region = probability.submat(0, bgr.rows(), 0, bgr.cols()).clone();
        probability.release();
        return region;
    }

    /** DB's post-processing: the lines of a probability map, grown back. */
    static List<RotatedRect> boxes(Mat probability) {
        Mat text = new Mat();
        Imgproc.threshold(probability, text, PIXEL, 255, Imgproc.THRESH_BINARY);
        text.convertTo(text, CvType.CV_8U);
        List<MatOfPoint> contours = new ArrayList<>();
        Mat hierarchy = new Mat();
        Imgproc.findContours(text, contours, hierarchy, Imgproc.RETR_LIST, Imgproc.CHAIN_APPROX_SIMPLE);
        text.release();
        hierarchy.release();
        List<RotatedRect> lines = new ArrayList<>();
        for (MatOfPoint contour : contours.subList(0, Math.min(MAX_LINES, contours.size()))) {
            MatOfPoint2f points = new MatOfPoint2f(contour.toArray());
            RotatedRect found = Imgproc.minAreaRect(points);
            points.release();
            if (Math.min(found.size.width, found.size.height) >= MIN_SIDE && meanInside(probability, contour) >= BOX) {
                lines.add(grown(found));
            }
            contour.release();
        }
        lines.sort(READING_ORDER);
        return lines;
    }

    /** Top to bottom by rows (boxes whose middles lie within half a line of each other share a row), then left to right. */
    static final Comparator<RotatedRect> READING_ORDER = (a, b) -> {
        double rowHeight = Math.min(Math.min(a.size.width, a.size.height), Math.min(b.size.width, b.size.height));
        if (Math.abs(a.center.y - b.center.y) > rowHeight / 2) {
            return Double.compare(a.center.y, b.center.y);
        }
        return Double.compare(a.boundingRect().x, b.boundingRect().x);
    };

    /** The mean probability inside a region's outline. */
    private static double meanInside(Mat probability, MatOfPoint contour) {
        Rect box = Imgproc.boundingRect(contour); // a contour of the map lies on it
        Mat mask = Mat.zeros(box.height, box.width, CvType.CV_8U);
        Point[] moved = contour.toArray();
        for (Point p : moved) {
            p.x -= box.x;
            p.y -= box.y;
        }
        MatOfPoint outline = new MatOfPoint(moved);
        Imgproc.fillPoly(mask, List.of(outline), new Scalar(1));
        Mat inside = probability.submat(box);
        double mean = Core.mean(inside, mask).val[0];
        outline.release();
        mask.release();
        return mean;
    }

    /**
     * The box grown by the offset DB shrank it by: a rectangle offset by d (Clipper's round join, as PaddleOCR does)
     * has a rectangle 2d larger each way as its tightest box.
     */
    private static RotatedRect grown(RotatedRect found) {
        double area = found.size.width * found.size.height;
        double perimeter = 2 * (found.size.width + found.size.height);
        double d = area * UNCLIP / perimeter;
        return new RotatedRect(found.center, new Size(found.size.width + 2 * d, found.size.height + 2 * d), found.angle);
    }
}
