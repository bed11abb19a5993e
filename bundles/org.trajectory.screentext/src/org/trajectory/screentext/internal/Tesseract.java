package org.trajectory.screentext.internal;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
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
import org.trajectory.screentext.ScreenText;
import org.trajectory.screentext.TextLine;
import org.trajectory.screentext.Word;

/**
 * Tesseract, made for print, reading screens. A crop (no taller than {@value #CROP} pixels: a field, a line) is read
 * enlarged three times as one block, the crops of one call shared among a process per core. A screen is read twice: as
 * it is, then, enlarged three times, each region that looks like a line of text (OpenCV: edges joined along the line)
 * where the first reading found no word it was sure of; at screen sizes (9 to 11 pixel letters, antialiased, on
 * coloured bars) Tesseract misses words it reads when they are larger. Dark grounds (a terminal, a dark theme) are
 * turned light with their text dark first.
 */
public final class Tesseract implements ScreenText {

    /** The tallest picture read as a crop, in pixels. */
    static final int CROP = 120;
    /** A word the first reading of a screen is sure of; a region with none, or with a word it doubts, is read again. */
    private static final double SURE = 0.85;
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

    private static volatile Boolean available;

    @Override
    public boolean available() {
        if (available == null) {
            available = TesseractProcesses.available();
        }
        return available;
    }

    @Override
    public List<List<TextLine>> read(List<BufferedImage> pictures) throws IOException, InterruptedException {
        if (!available()) {
            throw new IOException("tesseract is not installed (apt install tesseract-ocr)");
        }
        OpenCvLibrary.load();
        List<List<TextLine>> read = new ArrayList<>();
        List<Integer> crops = new ArrayList<>();
        List<Mat> greys = new ArrayList<>();
        List<byte[]> enlarged = new ArrayList<>();
        try {
            for (int i = 0; i < pictures.size(); i++) {
                BufferedImage picture = pictures.get(i);
                Mat grey = OpenCvLibrary.grey(picture);
                if (picture.getHeight() <= CROP) {
                    read.add(null);
                    crops.add(i);
                    greys.add(grey); // kept for the lines read in it (Monospaced)
                    Mat large = new Mat();
                    Imgproc.resize(grey, large, new Size(), ENLARGE, ENLARGE, Imgproc.INTER_CUBIC);
                    enlarged.add(encoded(large));
                    large.release();
                } else {
                    try {
                        read.add(screen(grey));
                    } finally {
                        grey.release();
                    }
                }
            }
            List<List<TesseractProcesses.Read>> cropWords = TesseractProcesses.read(enlarged, ENLARGE, 6,
                    Runtime.getRuntime().availableProcessors(), true);
            for (int c = 0; c < crops.size(); c++) {
                read.set(crops.get(c), lines(cropWords.get(c), greys.get(c)));
            }
        } finally {
            greys.forEach(Mat::release);
        }
        return read;
    }

    /** A screen read twice, one Tesseract process at a time: callers read as many screens at once as there are cores. */
    private static List<TextLine> screen(Mat grey) throws IOException, InterruptedException {
        darkOnLight(grey);
        List<TesseractProcesses.Read> first = TesseractProcesses.read(List.of(encoded(grey)), 1, 3, 1, true).get(0);
        List<TextLine> lines = new ArrayList<>(lines(first, grey));
        List<Rectangle> regions = unsure(textLines(grey), first.stream().map(TesseractProcesses.Read::word).toList(),
                new Rectangle(0, 0, grey.width(), grey.height()));
        List<byte[]> crops = new ArrayList<>();
        for (Rectangle r : regions) {
            Mat large = new Mat();
            Mat crop = grey.submat(r.y, r.y + r.height, r.x, r.x + r.width).clone();
            darkOnLightLine(crop);
            Imgproc.resize(crop, large, new Size(), ENLARGE, ENLARGE, Imgproc.INTER_CUBIC);
            crop.release();
            crops.add(encoded(large));
            large.release();
        }
        List<List<TesseractProcesses.Read>> again = TesseractProcesses.read(crops, ENLARGE, 7, 1, false);
        for (int c = 0; c < crops.size(); c++) {
            Rectangle region = regions.get(c);
            List<TesseractProcesses.Read> moved = again.get(c).stream()
                    .map(r -> new TesseractProcesses.Read(r.word().moved(region.x, region.y), r.line())).toList();
            lines.addAll(lines(moved, grey));
        }
        return lines;
    }

    /** A grey picture as Tesseract reads it fastest: PGM, no compression to undo. */
    private static byte[] encoded(Mat grey) {
        MatOfByte bytes = new MatOfByte();
        Imgcodecs.imencode(".pgm", grey, bytes);
        byte[] encoded = bytes.toArray();
        bytes.release();
        return encoded;
    }

    /** The words read in a picture as its lines, a monospaced line spaced by its cells ({@link Monospaced}). */
    private static List<TextLine> lines(List<TesseractProcesses.Read> words, Mat grey) {
        Map<Integer, List<Word>> byLine = new TreeMap<>();
        for (TesseractProcesses.Read read : words) {
            byLine.computeIfAbsent(read.line(), l -> new ArrayList<>()).add(read.word());
        }
        return byLine.values().stream().map(line -> Monospaced.respaced(grey, new TextLine(line))).toList();
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
            for (Rectangle band : bands(edges, new Rectangle(r.x, r.y, r.width, r.height))) {
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
    static List<Rectangle> unsure(List<Rectangle> lines, List<Word> read, Rectangle screen) {
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
    private static List<Rectangle> bands(Mat edges, Rectangle region) {
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
