package org.trajectory.extract.internal.offline;

import java.io.IOException;
import java.nio.FloatBuffer;
import java.util.Map;

import org.opencv.core.Mat;
import org.opencv.core.Rect;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

/**
 * The learned pointer detector: a small fully convolutional network (releng/pointer/train_pointer.py, its model card
 * in {@code models/pointer.md}) trained on real screens with the pointers of many cursor themes drawn in, at every
 * size and compression, which gives each place of a picture the probability that a pointer's hotspot is there. It knows
 * no template: a pointer shape it never saw is found by what pointers look like. Run on our ONNX Runtime.
 */
public final class PointerDetector {

    /** The network's file in this bundle, written by releng/pointer/train.sh. */
    static final String MODEL = "models/pointer.onnx";
    /** A place at least this likely holds the pointer, unless the network states its own (chosen on the dev part). */
    static final double THRESHOLD = 0.5;
    /** The network's output is at half the picture's size. */
    private static final int STRIDE = 2;

    /** Where a pointer's hotspot is, in the frame's pixels, and how likely. */
    public record Hit(double probability, double x, double y) {
    }

    private static PointerDetector shared;

    private final OrtEnvironment environment;
    private final OrtSession session;
    private final double threshold;

    private PointerDetector(BundledModel model) throws IOException {
        this.environment = model.environment();
        this.session = model.session();
        String stated = model.stated("threshold");
        this.threshold = stated == null ? THRESHOLD : Double.parseDouble(stated);
    }

    /** How likely a place must be to be taken for the pointer. */
    public double threshold() {
        return threshold;
    }

    /** The detector, its model loaded once per workbench; an IOException saying why when it cannot be. */
    public static synchronized PointerDetector shared() throws IOException {
        if (shared == null) {
            shared = new PointerDetector(BundledModel.shared(MODEL, "the pointer detector"));
        }
        return shared;
    }

    /** The likeliest pointer in {@code region} of a BGR frame (8 bits, 3 channels), or null when no place is likely enough. */
    public Hit find(Mat bgr, Rect region) throws IOException {
        int width = region.width;
        int height = region.height;
        if (width < 8 || height < 8) {
            return null;
        }
        float[] pixels = new float[3 * width * height];
        byte[] row = new byte[3 * width];
        Mat part = bgr.submat(region);
        try {
            for (int y = 0; y < height; y++) {
                part.get(y, 0, row);
                for (int x = 0; x < width; x++) {
                    for (int c = 0; c < 3; c++) { // BGR in, RGB planes out, 0..1
                        pixels[(2 - c) * width * height + y * width + x] = (row[3 * x + c] & 0xff) / 255f;
                    }
                }
            }
        } finally {
            part.release();
        }
        float[][] map;
        try (OnnxTensor input = OnnxTensor.createTensor(environment, FloatBuffer.wrap(pixels), new long[] { 1, 3, height, width });
                OrtSession.Result result = session.run(Map.of("pixels", input))) {
            map = ((float[][][][]) result.get(0).getValue())[0][0];
        } catch (OrtException e) {
            throw new IOException("the pointer detector failed on a " + width + "x" + height + " region: " + e.getMessage(), e);
        }
        return best(map, region, threshold);
    }

    /** The best cell, if likely enough (its logit's sigmoid), at the softmax centroid of the cells around it. */
    static Hit best(float[][] logits, Rect region, double threshold) {
        int bestY = 0;
        int bestX = 0;
        for (int y = 0; y < logits.length; y++) {
            for (int x = 0; x < logits[y].length; x++) {
                if (logits[y][x] > logits[bestY][bestX]) {
                    bestY = y;
                    bestX = x;
                }
            }
        }
        double top = logits[bestY][bestX];
        if (sigmoid(top) < threshold) {
            return null;
        }
        double total = 0;
        double sumX = 0;
        double sumY = 0;
        for (int y = Math.max(bestY - 1, 0); y <= Math.min(bestY + 1, logits.length - 1); y++) {
            for (int x = Math.max(bestX - 1, 0); x <= Math.min(bestX + 1, logits[y].length - 1); x++) {
                double weight = Math.exp(logits[y][x] - top);
                total += weight;
                sumX += weight * x;
                sumY += weight * y;
            }
        }
        return new Hit(sigmoid(top), region.x + STRIDE * sumX / total, region.y + STRIDE * sumY / total);
    }

    private static double sigmoid(double logit) {
        return 1 / (1 + Math.exp(-logit));
    }
}
