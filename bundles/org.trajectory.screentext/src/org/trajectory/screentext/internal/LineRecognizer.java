package org.trajectory.screentext.internal;

import java.io.IOException;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.MatOfPoint2f;
import org.opencv.core.Point;
import org.opencv.core.RotatedRect;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;
import org.trajectory.screentext.TextLine;
import org.trajectory.screentext.Word;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

/**
 * PP-OCR's recognizer: a line's crop, {@value #HEIGHT} pixels high, becomes one probability per character of the key
 * list at each step along the line (CTC: the blank first, the key list, then the space); the line is the best
 * character of each step, repeats and blanks dropped. A step covers a fixed width of the crop, so a word's box is
 * where its first and last characters were read. The decoding is written here as it is a loop of a few lines over the
 * network's output, and no maintained Java library on Maven Central offers it apart from its own engine.
 */
final class LineRecognizer {

    static final int HEIGHT = 48;
    static final double TALLER = 1.3;
    /** How many lines read are kept by their pixels. */
    static final int KNOWN = 4096;
    /** The share of a letter's mean width (the line's inked width over its letters) a space's gap is at least. */
    static final double CELL = 0.7;
    /** The narrowest gap between two letters (pixels) that is taken for a space. */
    static final int SPACE = 4;

    private final OrtSession session;
    /** The characters of the network's classes: blank, the key list, space. */
    private final String[] characters;

    LineRecognizer(OrtSession session, List<String> keys) {
        this.session = session;
        this.characters = new String[keys.size() + 2];
        characters[0] = "";
        for (int i = 0; i < keys.size(); i++) {
            // the key list's full-width forms ("，" "：" "（") read as the ASCII a Latin screen shows
            String folded = java.text.Normalizer.normalize(keys.get(i), java.text.Normalizer.Form.NFKC);
            characters[i + 1] = folded.chars().allMatch(c -> c >= ' ' && c < 127) && !folded.isEmpty() ? folded : keys.get(i);
        }
        characters[keys.size() + 1] = " ";
    }

    /** The lines read in these boxes of a BGR picture, in the boxes' order; boxes where nothing is read are left out. */
    List<TextLine> read(Mat bgr, List<RotatedRect> boxes) throws IOException, InterruptedException {
        List<TextLine> lines = new ArrayList<>();
        for (RotatedRect box : boxes) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            Crop crop = Crop.of(bgr, taller(box));
            if (crop == null) {
                continue;
            }
            try {
                TextLine line = read(crop);
                if (line != null) {
                    lines.add(line);
                }
            } finally {
                crop.pixels().release();
            }
        }
        return lines;
    }

    /**
     * A line's pixels, upright, and where they lie on the screen: its top-left corner and its height (a tilted box's
     * crop is measured along its own edges).
     */
    record Crop(Mat pixels, double x, double y, double height) {

        static Crop of(Mat bgr, RotatedRect box) {
            Point[] corners = new Point[4];
            box.points(corners);
            // Corners in the order top-left, top-right, bottom-right, bottom-left of the line as it reads.
            java.util.Arrays.sort(corners, java.util.Comparator.comparingDouble(p -> p.x));
            Point[] left = corners[0].y <= corners[1].y ? new Point[] { corners[0], corners[1] } : new Point[] { corners[1], corners[0] };
            Point[] right = corners[2].y <= corners[3].y ? new Point[] { corners[2], corners[3] } : new Point[] { corners[3], corners[2] };
            Point topLeft = left[0];
            Point bottomLeft = left[1];
            Point topRight = right[0];
            Point bottomRight = right[1];
            double width = Math.max(distance(topLeft, topRight), distance(bottomLeft, bottomRight));
            double height = Math.max(distance(topLeft, bottomLeft), distance(topRight, bottomRight));
            if (width < 2 || height < 2) {
                return null;
            }
            MatOfPoint2f from = new MatOfPoint2f(topLeft, topRight, bottomRight, bottomLeft);
            MatOfPoint2f to = new MatOfPoint2f(new Point(0, 0), new Point(width, 0), new Point(width, height), new Point(0, height));
            Mat transform = Imgproc.getPerspectiveTransform(from, to);
            Mat upright = new Mat();
            Imgproc.warpPerspective(bgr, upright, transform, new Size(Math.round(width), Math.round(height)), Imgproc.INTER_CUBIC,
                    Core.BORDER_REPLICATE);
            from.release();
            to.release();
            transform.release();
            return new Crop(upright, topLeft.x, topLeft.y, height);
        }

        private static double distance(Point a, Point b) {
            return Math.hypot(a.x - b.x, a.y - b.y);
        }
    }

    /** A line as read: its characters, and the crop pixels each step of the recognizer covers. */
    private record Reading(List<Glyph> glyphs, double pixelsPerStep) {
    }

    /**
     * Lines already read, by their pixels: the screenshots of a task (a dataset's, a video's frames) show the same menus,
     * title bars and text again and again, and reading a line costs 5 ms and 0.07 ms a pixel of its width.
     */
    private final Map<String, Reading> known = java.util.Collections.synchronizedMap(new java.util.LinkedHashMap<>(256, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Reading> eldest) {
            return size() > KNOWN;
        }
    });

    private TextLine read(Crop crop) throws IOException {
        Mat pixels = crop.pixels();
        int width = Math.max(HEIGHT / 3, (int) Math.ceil(HEIGHT * (double) pixels.cols() / pixels.rows()));
        Mat sized = new Mat();
        Imgproc.resize(pixels, sized, new Size(width, HEIGHT), 0, 0, Imgproc.INTER_LINEAR);
        byte[] bytes = new byte[HEIGHT * width * 3];
        sized.get(0, 0, bytes);
        sized.release();
        String key = digest(bytes, pixels.cols());
        Reading reading = known.get(key);
        if (reading == null) {
            reading = recognize(bytes, width, pixels);
            known.put(key, reading);
        }
        return line(reading.glyphs(), reading.pixelsPerStep(), crop);
    }

    private static String digest(byte[] bytes, int cropWidth) {
        try {
            java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
            sha.update(bytes);
            return cropWidth + ":" + java.util.HexFormat.of().formatHex(sha.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    private Reading recognize(byte[] bytes, int width, Mat pixels) throws IOException {
        int plane = HEIGHT * width;
        FloatBuffer input = FloatBuffer.allocate(3 * plane);
        for (int c = 0; c < 3; c++) {
            for (int i = 0; i < plane; i++) {
                input.put(c * plane + i, (bytes[i * 3 + c] & 0xff) / 127.5f - 1f);
            }
        }
        try (OnnxTensor tensor = OnnxTensor.createTensor(OrtEnvironment.getEnvironment(), input, new long[] { 1, 3, HEIGHT, width });
                OrtSession.Result result = session.run(Map.of(session.getInputNames().iterator().next(), tensor))) {
            long[] shape = ((OnnxTensor) result.get(0)).getInfo().getShape();
            if (shape[2] != characters.length) {
                throw new IOException("PP-OCR's recognizer knows " + shape[2] + " characters, its key list " + characters.length);
            }
            FloatBuffer steps = ((OnnxTensor) result.get(0)).getFloatBuffer();
            double pixelsPerStep = pixels.cols() / (double) shape[1];
            return new Reading(spaced(glyphs(steps, (int) shape[1], (int) shape[2]), pixelsPerStep, Gaps.of(pixels)), pixelsPerStep);
        } catch (OrtException e) {
            throw new IOException("PP-OCR's recognizer failed: " + e.getMessage(), e);
        }
    }

    /**
     * The box made {@value #TALLER} times taller across the line: DB's box is grown from the line's core just enough to
     * hold its letters, and the recognizer, trained on crops with a margin, drops the spaces of a tight one.
     */
    private static RotatedRect taller(RotatedRect box) {
        boolean along = box.size.width >= box.size.height;
        return new RotatedRect(box.center, along ? new Size(box.size.width, box.size.height * TALLER)
                : new Size(box.size.width * TALLER, box.size.height), box.angle);
    }

    /** A character read: its text, the first and last steps it was read at, and its probability. */
    record Glyph(String text, int first, int last, float probability) {

        boolean space() {
            return text.equals(" ");
        }

        double middle(double pixelsPerStep) {
            return (first + last + 1) / 2.0 * pixelsPerStep;
        }
    }

    /** CTC's best path: each step's likeliest class, repeats and blanks dropped. */
    private List<Glyph> glyphs(FloatBuffer steps, int count, int classes) {
        List<Glyph> read = new ArrayList<>();
        int previous = 0;
        for (int t = 0; t < count; t++) {
            int best = 0;
            float probability = 0;
            for (int k = 0; k < classes; k++) {
                float p = steps.get(t * classes + k);
                if (p > probability) {
                    probability = p;
                    best = k;
                }
            }
            if (best != 0 && best == previous) {
                Glyph last = read.remove(read.size() - 1);
                read.add(new Glyph(last.text(), last.first(), t, Math.max(last.probability(), probability)));
            } else if (best != 0) {
                read.add(new Glyph(characters[best], t, t, probability));
            }
            previous = best;
        }
        return read;
    }

    /**
     * The characters with a space put where the line's picture has one the recognizer did not read: trained mostly on
     * Chinese, which has none, it drops many of a screen's (a monospaced "seq 1 4" reads "seq14", "Street,Boston"). A
     * run of ink-free columns is a space when it is at least {@value #SPACE} pixels, wider than twice the line's usual
     * run, and at least {@value #CELL} of a letter's mean width (in a monospaced font a narrow letter or a colon leaves
     * a wide run, "l l", "Key :", but a space a whole cell more). It goes between the two characters whose middles lie
     * either side of it: the recognizer's steps place a character only roughly, the run's place on the picture is exact.
     */
    static List<Glyph> spaced(List<Glyph> read, double pixelsPerStep, Gaps gaps) {
        List<int[]> runs = gaps.runs();
        if (read.size() < 2 || runs.size() < 2) {
            return read;
        }
        List<Integer> widths = runs.stream().map(r -> r[1] - r[0]).sorted().toList();
        long letters = read.stream().filter(g -> !g.space()).count();
        double pitch = (gaps.lastInk() - gaps.firstInk()) / (double) Math.max(1, letters);
        double space = Math.max(Math.max(SPACE, 2 * widths.get(widths.size() / 2) + 1), CELL * pitch);
        boolean[] before = new boolean[read.size()];
        for (int[] run : runs) {
            double middle = (run[0] + run[1]) / 2.0;
            for (int i = 1; run[1] - run[0] >= space && i < read.size(); i++) {
                if (read.get(i - 1).middle(pixelsPerStep) < middle && middle <= read.get(i).middle(pixelsPerStep)) {
                    before[i] = !read.get(i).space() && !read.get(i - 1).space();
                    break;
                }
            }
        }
        List<Glyph> spaced = new ArrayList<>();
        for (int i = 0; i < read.size(); i++) {
            if (before[i]) {
                spaced.add(new Glyph(" ", read.get(i - 1).last(), read.get(i).first(), 1f));
            }
            spaced.add(read.get(i));
        }
        return spaced;
    }

    /** The characters as words, cut at spaces, each boxed from its first character's first step to its last's last. */
    private static TextLine line(List<Glyph> read, double pixelsPerStep, Crop crop) {
        List<Word> words = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= read.size(); i++) {
            if (i == read.size() || read.get(i).space()) {
                if (i > start) {
                    List<Glyph> word = read.subList(start, i);
                    int x0 = (int) Math.floor(crop.x() + Math.max(0, word.get(0).first() - 0.5) * pixelsPerStep);
                    int x1 = (int) Math.ceil(crop.x() + (word.get(word.size() - 1).last() + 1.5) * pixelsPerStep);
                    double sure = word.stream().mapToDouble(Glyph::probability).average().orElse(0);
                    words.add(new Word(String.join("", word.stream().map(Glyph::text).toList()), x0, (int) Math.floor(crop.y()),
                            x1 - x0, (int) Math.ceil(crop.height()), sure));
                }
                start = i + 1;
            }
        }
        return words.isEmpty() ? null : new TextLine(words);
    }

    /** Which columns of a line's picture hold ink (its letters: the side of its Otsu threshold with fewer pixels) in its middle rows. */
    record Gaps(boolean[] ink) {

        static Gaps of(Mat bgr) {
            Mat grey = new Mat();
            Imgproc.cvtColor(bgr, grey, Imgproc.COLOR_BGR2GRAY);
            // the middle rows: a crop taller than its line holds the edges of the lines above and below
            Mat middle = grey.submat(grey.rows() / 8, Math.max(grey.rows() / 8 + 1, grey.rows() * 7 / 8), 0, grey.cols());
            Gaps gaps = new Gaps(Monospaced.inkColumns(middle));
            grey.release();
            middle.release();
            return gaps;
        }

        int firstInk() {
            for (int x = 0; x < ink.length; x++) {
                if (ink[x]) {
                    return x;
                }
            }
            return 0;
        }

        int lastInk() {
            for (int x = ink.length - 1; x >= 0; x--) {
                if (ink[x]) {
                    return x + 1;
                }
            }
            return ink.length;
        }

        /** The runs of columns without ink between the first inked column and the last: {start, end} each. */
        List<int[]> runs() {
            List<int[]> runs = new ArrayList<>();
            int start = -1;
            boolean inked = false;
            for (int x = 0; x < ink.length; x++) {
                if (ink[x]) {
                    if (start >= 0 && inked) {
                        runs.add(new int[] { start, x });
                    }
                    start = -1;
                    inked = true;
                } else if (start < 0) {
                    start = x;
                }
            }
            return runs;
        }
    }
}
