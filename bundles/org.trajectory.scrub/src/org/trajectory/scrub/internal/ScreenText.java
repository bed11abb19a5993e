package org.trajectory.scrub.internal;

import java.awt.Rectangle;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.MatOfPoint;
import org.opencv.core.Size;
import org.opencv.imgcodecs.Imgcodecs;
import org.opencv.imgproc.Imgproc;
import org.trajectory.extract.opencv.OpenCvLibrary;
import org.trajectory.vlm.Ocr;

/**
 * The lines of text a screenshot shows, each word with its box, read twice: the whole screen as it is, then, enlarged
 * three times, each region that looks like text (OpenCV: edges joined along the line) where the first reading found no
 * word it was sure of. Tesseract is trained on print: at screen sizes (9 to 11 pixel letters, antialiased, on coloured
 * bars) it misses words it reads when they are larger.
 */
public final class ScreenText {

    /**
     * A line of words, and where each word begins in its text. OCR puts spaces where a monospaced or small font leaves
     * room ("alice. smith@company .co.uk", "sk-proj -aRBK5 17Uv"), so a line is also read {@link #variants() joined}.
     */
    public record Line(List<Ocr.Word> words, String text, int[] starts, boolean enlarged) {

        /** Characters beside which OCR's spaces are dropped in the tight variant. */
        private static final String STICKY = ".@:/-_?=&#+";

        static Line of(List<Ocr.Word> words, boolean enlarged) {
            return of(words, enlarged, 1);
        }

        /** {@code joining}: 1 a space between words, -1 none beside punctuation, 0 none at all. */
        private static Line of(List<Ocr.Word> words, boolean enlarged, int joining) {
            StringBuilder text = new StringBuilder();
            int[] starts = new int[words.size()];
            for (int i = 0; i < words.size(); i++) {
                String word = words.get(i).text();
                boolean sticky = i > 0 && (STICKY.indexOf(text.charAt(text.length() - 1)) >= 0 || STICKY.indexOf(word.charAt(0)) >= 0);
                if (i > 0 && (joining == 1 || joining == -1 && !sticky)) {
                    text.append(' ');
                }
                starts[i] = text.length();
                text.append(word);
            }
            return new Line(List.copyOf(words), text.toString(), starts, enlarged);
        }

        /**
         * The line as read, without the spaces beside punctuation, and without any: each text once. OCR cuts a key in a
         * monospaced font where a font's space would be (the gap alone cannot tell them apart), so the last joins every
         * word; what it finds may reach into the next word ("a@b.com or call"), which is then covered too: a box too
         * wide costs a word of the screenshot, a key cut in two is published.
         */
        public List<Line> variants() {
            List<Line> variants = new ArrayList<>(List.of(this));
            for (int joining : new int[] { -1, 0 }) {
                Line variant = of(words, enlarged, joining);
                if (variants.stream().noneMatch(v -> v.text.equals(variant.text))) {
                    variants.add(variant);
                }
            }
            return variants;
        }

        /** The box around the words that characters {@code start} to {@code end} of the text fall in. */
        public int[] box(int start, int end) {
            Rectangle box = null;
            for (int i = 0; i < words.size(); i++) {
                int wordEnd = starts[i] + words.get(i).text().length();
                if (starts[i] < end && start < wordEnd) {
                    Ocr.Word w = words.get(i);
                    Rectangle r = new Rectangle(w.x(), w.y(), w.width(), w.height());
                    box = box == null ? r : box.union(r);
                }
            }
            return box == null ? null : new int[] { box.x, box.y, box.width, box.height };
        }
    }

    /** A word the first reading is sure of; a region with none, or with a word it doubts, is read again. */
    private static final double SURE = 85;
    private static final int ENLARGE = 3;
    private static final int MARGIN = 3;
    /** A straight stroke this long (pixels) is a rule or a border, not a letter. */
    private static final int RULE = 30;
    /** A line whose words were read over less than this share of its width holds words the first reading missed. */
    private static final double READ_SHARE = 0.7;
    /** A grey darker than this is a dark ground, or a dark letter. */
    private static final double DARK = 100;
    /** A stroke at least this wide (pixels) is no letter's. */
    private static final int STROKE = 7;
    /** The tallest line of screen text, in pixels. */
    private static final int LINE = 40;

    /** What a screenshot shows, and how many of its regions were read again enlarged. */
    public record Reading(List<Line> lines, int regionsReadAgain) {
    }

    /** A stored screenshot that is no picture: it cannot be read. */
    public static final class NoPicture extends IOException {
        private static final long serialVersionUID = 1L;

        NoPicture() {
            super("the screenshot is no picture OpenCV reads");
        }
    }

    private ScreenText() {
    }

    /**
     * Reads a screenshot as it is stored, the second time only when {@code again}, one Tesseract process at a time: a
     * caller reads as many screenshots at once as there are cores, so that none waits for another's second reading.
     * Dark grounds (a terminal, a dark theme) are turned light with their text dark first, and each crop read again is
     * dark on light: Tesseract need not try the words it doubts there a second time inverted, which costs it a third of
     * its time.
     */
    public static Reading read(byte[] stored, boolean again) throws IOException, InterruptedException {
        OpenCvLibrary.load();
        Mat screen = Imgcodecs.imdecode(new MatOfByte(stored), Imgcodecs.IMREAD_GRAYSCALE);
        if (screen.empty()) {
            throw new NoPicture();
        }
        try {
            darkOnLight(screen);
            List<Rectangle> bands = textLines(screen);
            List<Ocr.Word> first = Ocr.readStored(List.of(encoded(screen)), 1, 3, 1, true).get(0);
            List<Line> lines = new ArrayList<>(lines(first, false));
            if (!again) {
                return new Reading(lines, 0);
            }
            List<Rectangle> regions = unsure(bands, first, new Rectangle(0, 0, screen.width(), screen.height()));
            List<byte[]> crops = new ArrayList<>();
            for (Rectangle r : regions) {
                Mat large = new Mat();
                Mat crop = screen.submat(r.y, r.y + r.height, r.x, r.x + r.width).clone();
                darkOnLightLine(crop);
                Imgproc.resize(crop, large, new Size(), ENLARGE, ENLARGE, Imgproc.INTER_CUBIC);
                crop.release();
                crops.add(encoded(large));
                large.release();
            }
            List<List<Ocr.Word>> enlarged = Ocr.readStored(crops, ENLARGE, 7, 1, false);
            for (int c = 0; c < crops.size(); c++) {
                Rectangle region = regions.get(c);
                int line = c;
                List<Ocr.Word> moved = enlarged.get(c).stream().map(w -> new Ocr.Word(w.text(), w.x() + region.x, w.y() + region.y, w.width(),
                        w.height(), w.confidence(), line)).toList();
                lines.addAll(lines(moved, true));
            }
            return new Reading(lines, crops.size());
        } finally {
            screen.release();
        }
    }

    /** A grey picture as Tesseract reads it fastest: PGM, no compression to undo. */
    private static byte[] encoded(Mat grey) {
        MatOfByte bytes = new MatOfByte();
        Imgcodecs.imencode(".pgm", grey, bytes);
        byte[] encoded = bytes.toArray();
        bytes.release();
        return encoded;
    }

    /**
     * Turns the screen's dark grounds light and their text dark: the dark pixels that remain when strokes as thin as
     * letters are taken away (a terminal, a dark panel, a dark button), with the text they hold, are inverted.
     */
    private static void darkOnLight(Mat grey) {
        Mat ground = new Mat();
        Imgproc.threshold(grey, ground, DARK, 255, Imgproc.THRESH_BINARY_INV);
        Imgproc.morphologyEx(ground, ground, Imgproc.MORPH_OPEN, Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(STROKE, STROKE)));
        Imgproc.morphologyEx(ground, ground, Imgproc.MORPH_CLOSE, Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(LINE, LINE)));
        Mat inverted = new Mat();
        Core.bitwise_not(grey, inverted);
        inverted.copyTo(grey, ground);
        inverted.release();
        ground.release();
    }

    /** A crop of light text on a dark ground (most of it below its Otsu threshold) turned dark on light. */
    private static void darkOnLightLine(Mat crop) {
        Mat binary = new Mat();
        Imgproc.threshold(crop, binary, 0, 255, Imgproc.THRESH_BINARY | Imgproc.THRESH_OTSU);
        if (Core.countNonZero(binary) < binary.total() / 2) {
            Core.bitwise_not(crop, crop);
        }
        binary.release();
    }

    private static List<Line> lines(List<Ocr.Word> words, boolean enlarged) {
        Map<Integer, List<Ocr.Word>> byLine = new TreeMap<>();
        for (Ocr.Word word : words) {
            byLine.computeIfAbsent(word.line(), l -> new ArrayList<>()).add(word);
        }
        return byLine.values().stream().map(ws -> Line.of(ws, enlarged)).toList();
    }

    /**
     * The regions that look like a line of text (OpenCV: edges joined along the line, rules and borders taken out, a
     * region taller than a line cut into its lines), with a margin.
     */
    static List<Rectangle> textLines(Mat grey) {
        Mat edges = new Mat();
        Imgproc.morphologyEx(grey, edges, Imgproc.MORPH_GRADIENT, Imgproc.getStructuringElement(Imgproc.MORPH_ELLIPSE, new Size(3, 3)));
        Imgproc.threshold(edges, edges, 0, 255, Imgproc.THRESH_BINARY | Imgproc.THRESH_OTSU);
        // a spreadsheet's grid, a field's border, a table's rules: long straight strokes no letter makes, which would
        // join the text around them into one region too large to be a line
        Mat rules = new Mat();
        Mat vertical = new Mat();
        Imgproc.morphologyEx(edges, rules, Imgproc.MORPH_OPEN, Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(RULE, 1)));
        Imgproc.morphologyEx(edges, vertical, Imgproc.MORPH_OPEN, Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(1, RULE)));
        Core.bitwise_or(rules, vertical, rules);
        Core.subtract(edges, rules, edges);
        rules.release();
        vertical.release();
        Imgproc.morphologyEx(edges, edges, Imgproc.MORPH_CLOSE, Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(9, 1)));
        List<MatOfPoint> contours = new ArrayList<>();
        Mat hierarchy = new Mat();
        Imgproc.findContours(edges, contours, hierarchy, Imgproc.RETR_EXTERNAL, Imgproc.CHAIN_APPROX_SIMPLE);
        List<Rectangle> regions = new ArrayList<>();
        Rectangle screenBox = new Rectangle(0, 0, grey.width(), grey.height());
        for (MatOfPoint contour : contours) {
            org.opencv.core.Rect r = Imgproc.boundingRect(contour);
            contour.release();
            for (Rectangle band : lines(edges, new Rectangle(r.x, r.y, r.width, r.height))) {
                if (band.height >= 6 && band.height <= LINE && band.width >= 2 * band.height) { // not a dot, an icon, a picture
                    regions.add(new Rectangle(band.x - MARGIN, band.y - MARGIN, band.width + 2 * MARGIN, band.height + 2 * MARGIN)
                            .intersection(screenBox));
                }
            }
        }
        edges.release();
        hierarchy.release();
        return regions;
    }

    /**
     * The text lines where the first reading was sure of nothing, doubted a word, or read words over less than
     * {@value #READ_SHARE} of the line.
     */
    static List<Rectangle> unsure(List<Rectangle> lines, List<Ocr.Word> read, Rectangle screen) {
        List<Rectangle> sure = read.stream().filter(w -> w.confidence() >= SURE).map(w -> new Rectangle(w.x(), w.y(), w.width(), w.height())).toList();
        List<Rectangle> doubtful = read.stream().filter(w -> w.confidence() < SURE).map(w -> new Rectangle(w.x(), w.y(), w.width(), w.height())).toList();
        return lines.stream().filter(region -> sure.stream().noneMatch(region::intersects) || doubtful.stream().anyMatch(region::intersects)
                || covered(region, sure) < READ_SHARE * (region.width - 2 * MARGIN)).toList();
    }

    /** How much of the region's width the words read in it cover. */
    private static int covered(Rectangle region, List<Rectangle> words) {
        boolean[] columns = new boolean[region.width];
        for (Rectangle word : words) {
            Rectangle in = word.intersection(region);
            for (int x = Math.max(0, in.x - region.x); !in.isEmpty() && x < in.x - region.x + in.width; x++) {
                columns[x] = true;
            }
        }
        int count = 0;
        for (boolean c : columns) {
            count += c ? 1 : 0;
        }
        return count;
    }

    /**
     * A region taller than a line, cut into the lines it holds where a row of it has no edge (small text in a table,
     * set close, joins into one region); a line's height as it is.
     */
    private static List<Rectangle> lines(Mat edges, Rectangle region) {
        if (region.height <= LINE) {
            return List.of(region);
        }
        List<Rectangle> bands = new ArrayList<>();
        Mat rows = new Mat();
        Core.reduce(edges.submat(region.y, region.y + region.height, region.x, region.x + region.width), rows, 1, Core.REDUCE_MAX);
        int start = -1;
        for (int y = 0; y <= region.height; y++) {
            boolean ink = y < region.height && rows.get(y, 0)[0] > 0;
            if (ink && start < 0) {
                start = y;
            } else if (!ink && start >= 0) {
                bands.add(new Rectangle(region.x, region.y + start, region.width, y - start));
                start = -1;
            }
        }
        rows.release();
        return bands;
    }

}
