package org.trajectory.extract.internal.offline;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.IOException;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.trajectory.extract.ExtractedAction;
import org.trajectory.model.action.Action;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

/**
 * The learned action classifier: what a resting pointer did (nothing, a click, a double-click, a right-click), read
 * from three pictures of the square around it: the frame before the action and two after it. A small network
 * (releng/action/train_action.py, its model card in {@code models/action.md}) trained on our own recordings, whose
 * events are the truth of every video, split by application; run on our ONNX Runtime. How the pictures are taken
 * (the square's side, the seconds after) travels in the network's metadata, as its training took them.
 */
final class ClickKinds {

    /** The network's file in this bundle, written by releng/action/train.sh. */
    static final String MODEL = "models/action.onnx";
    /** What the network says, in its output's order. */
    enum Kind {
        NONE, CLICK, DOUBLE, RIGHT
    }

    /** A kind said, and how likely the network finds it. */
    record Said(Kind kind, double probability) {
    }

    private static ClickKinds shared;

    private final BundledModel model;
    /** Pixels of the video around the point, the network's input side, and the seconds after the action's end its pictures are of. */
    private final int window;
    private final int input;
    private final double[] after;
    /** How likely a double-click and a right-click said must be to be written so (chosen on the dev part: then 90 % are right). */
    private final double doubleThreshold;
    private final double rightThreshold;

    private ClickKinds(BundledModel model) throws IOException {
        this.model = model;
        String classes = model.stated("classes");
        if (!"none,click,double,right".equals(classes)) {
            throw new IOException(MODEL + " tells kinds '" + classes + "', not none, click, double, right");
        }
        this.window = Integer.parseInt(model.stated("window"));
        this.input = Integer.parseInt(model.stated("input"));
        this.after = Arrays.stream(model.stated("seconds_after").split(",")).mapToDouble(Double::parseDouble).toArray();
        this.doubleThreshold = Double.parseDouble(model.stated("threshold_double"));
        this.rightThreshold = Double.parseDouble(model.stated("threshold_right"));
    }

    /** The classifier, loaded once per workbench; an IOException saying why when it cannot be. */
    static synchronized ClickKinds shared() throws IOException {
        if (shared == null) {
            BundledModel model = BundledModel.shared(MODEL, "the action classifier");
            try {
                shared = new ClickKinds(model);
            } catch (RuntimeException e) {
                throw new IOException(MODEL + " does not say how its pictures are taken: " + e.getMessage(), e);
            }
        }
        return shared;
    }

    /** The pictures a click at {@code at} between frames {@code start} and {@code end} is told by. */
    List<Pictures.Crop> pictures(Pictures pictures, ExtractedAction.Pixel at, int start, int end, double fps) {
        List<Pictures.Crop> out = new ArrayList<>();
        out.add(pictures.square(start, at.x(), at.y(), window, input));
        for (double seconds : after) {
            out.add(pictures.square(end + (int) Math.round(seconds * fps), at.x(), at.y(), window, input));
        }
        return out;
    }

    /** What each click's pictures say, in order; null for one whose pictures are not all there (past the video's end). */
    List<Said> classify(List<List<Pictures.Crop>> clicks) throws IOException {
        List<Said> out = new ArrayList<>();
        List<Integer> complete = new ArrayList<>();
        for (int i = 0; i < clicks.size(); i++) {
            out.add(null);
            if (clicks.get(i).stream().allMatch(crop -> crop.image() != null)) {
                complete.add(i);
            }
        }
        if (complete.isEmpty()) {
            return out;
        }
        int plane = input * input;
        float[] pixels = new float[complete.size() * 9 * plane];
        for (int n = 0; n < complete.size(); n++) {
            List<Pictures.Crop> crops = clicks.get(complete.get(n));
            for (int p = 0; p < 3; p++) {
                byte[] bgr = ((DataBufferByte) crops.get(p).image().getRaster().getDataBuffer()).getData();
                for (int i = 0; i < plane; i++) {
                    for (int c = 0; c < 3; c++) { // BGR in, RGB planes out, 0..1, the pictures' planes one after another
                        pixels[(n * 9 + p * 3 + 2 - c) * plane + i] = (bgr[3 * i + c] & 0xff) / 255f;
                    }
                }
            }
        }
        float[][] logits;
        try (OnnxTensor tensor = OnnxTensor.createTensor(model.environment(), FloatBuffer.wrap(pixels),
                new long[] { complete.size(), 9, input, input }); OrtSession.Result result = model.session().run(Map.of("pictures", tensor))) {
            logits = (float[][]) result.get(0).getValue();
        } catch (OrtException e) {
            throw new IOException("the action classifier failed: " + e.getMessage(), e);
        }
        for (int n = 0; n < complete.size(); n++) {
            out.set(complete.get(n), said(logits[n]));
        }
        return out;
    }

    private static Said said(float[] logits) {
        int best = 0;
        for (int i = 1; i < logits.length; i++) {
            if (logits[i] > logits[best]) {
                best = i;
            }
        }
        double total = 0;
        for (float logit : logits) {
            total += Math.exp(logit - logits[best]);
        }
        return new Said(Kind.values()[best], 1 / total);
    }

    /** Whether the network, shown a click's pictures, sees no click in them (it saw them all). */
    static boolean seesNone(Said said) {
        return said != null && said.kind() == Kind.NONE;
    }

    /**
     * The kind of click a click's pictures tell, where the network is sure enough of a double- or right-click; a plain
     * click otherwise (it says click, or none, which is not enough to drop what the method saw).
     */
    Action.ClickKind clickKind(Said said) {
        if (said == null) {
            return Action.ClickKind.CLICK;
        }
        return switch (said.kind()) {
            case DOUBLE -> said.probability() >= doubleThreshold ? Action.ClickKind.DOUBLE_CLICK : Action.ClickKind.CLICK;
            case RIGHT -> said.probability() >= rightThreshold ? Action.ClickKind.RIGHT_CLICK : Action.ClickKind.CLICK;
            case CLICK, NONE -> Action.ClickKind.CLICK;
        };
    }
}
