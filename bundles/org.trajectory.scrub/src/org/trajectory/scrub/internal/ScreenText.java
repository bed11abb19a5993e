package org.trajectory.scrub.internal;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.opencv.core.Mat;
import org.opencv.core.MatOfPoint;
import org.opencv.core.Size;
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

    /** A line of words, and where each word begins in its text (the words joined by single spaces). */
    public record Line(List<Ocr.Word> words, String text, int[] starts, boolean enlarged) {

        static Line of(List<Ocr.Word> words, boolean enlarged) {
            StringBuilder text = new StringBuilder();
            int[] starts = new int[words.size()];
            for (int i = 0; i < words.size(); i++) {
                if (i > 0) {
                    text.append(' ');
                }
                starts[i] = text.length();
                text.append(words.get(i).text());
            }
            return new Line(List.copyOf(words), text.toString(), starts, enlarged);
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

    /** A word the first reading is sure of: its region is not read again. */
    private static final double SURE = 85;
    private static final int ENLARGE = 3;
    private static final int MARGIN = 3;

    /** What a task's screenshots show, and how many regions were read again enlarged. */
    public record Reading(List<List<Line>> lines, int regionsReadAgain) {
    }

    private ScreenText() {
    }

    public static Reading read(List<BufferedImage> screens) throws IOException, InterruptedException {
        List<List<Ocr.Word>> first = Ocr.readBoxes(screens, 1, 3);
        List<List<Line>> lines = new ArrayList<>();
        List<BufferedImage> crops = new ArrayList<>();
        List<int[]> origins = new ArrayList<>();
        for (int s = 0; s < screens.size(); s++) {
            lines.add(new ArrayList<>(lines(first.get(s), false)));
            for (Rectangle region : unsureTextRegions(screens.get(s), first.get(s))) {
                crops.add(screens.get(s).getSubimage(region.x, region.y, region.width, region.height));
                origins.add(new int[] { s, region.x, region.y });
            }
        }
        List<List<Ocr.Word>> again = Ocr.readBoxes(crops, ENLARGE, 7);
        for (int c = 0; c < crops.size(); c++) {
            int[] origin = origins.get(c);
            int line = c;
            List<Ocr.Word> moved = again.get(c).stream().map(w -> new Ocr.Word(w.text(), w.x() + origin[1], w.y() + origin[2], w.width(),
                    w.height(), w.confidence(), line)).toList();
            lines.get(origin[0]).addAll(lines(moved, true));
        }
        return new Reading(lines, crops.size());
    }

    private static List<Line> lines(List<Ocr.Word> words, boolean enlarged) {
        Map<Integer, List<Ocr.Word>> byLine = new TreeMap<>();
        for (Ocr.Word word : words) {
            byLine.computeIfAbsent(word.line(), l -> new ArrayList<>()).add(word);
        }
        return byLine.values().stream().map(ws -> Line.of(ws, enlarged)).toList();
    }

    /** Regions that look like a line of text and hold no word the first reading was sure of, with a margin. */
    static List<Rectangle> unsureTextRegions(BufferedImage screen, List<Ocr.Word> read) throws IOException {
        Mat grey = OpenCvLibrary.grey(screen);
        Mat edges = new Mat();
        Imgproc.morphologyEx(grey, edges, Imgproc.MORPH_GRADIENT, Imgproc.getStructuringElement(Imgproc.MORPH_ELLIPSE, new Size(3, 3)));
        Imgproc.threshold(edges, edges, 0, 255, Imgproc.THRESH_BINARY | Imgproc.THRESH_OTSU);
        Imgproc.morphologyEx(edges, edges, Imgproc.MORPH_CLOSE, Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(9, 1)));
        List<MatOfPoint> contours = new ArrayList<>();
        Mat hierarchy = new Mat();
        Imgproc.findContours(edges, contours, hierarchy, Imgproc.RETR_EXTERNAL, Imgproc.CHAIN_APPROX_SIMPLE);
        List<Rectangle> sure = read.stream().filter(w -> w.confidence() >= SURE && w.text().length() > 1)
                .map(w -> new Rectangle(w.x(), w.y(), w.width(), w.height())).toList();
        List<Rectangle> regions = new ArrayList<>();
        Rectangle screenBox = new Rectangle(0, 0, screen.getWidth(), screen.getHeight());
        for (MatOfPoint contour : contours) {
            org.opencv.core.Rect r = Imgproc.boundingRect(contour);
            contour.release();
            if (r.height < 6 || r.height > 40 || r.width < 2 * r.height) {
                continue; // not a line of screen text: a dot, an icon, a picture, a border
            }
            Rectangle region = new Rectangle(r.x - MARGIN, r.y - MARGIN, r.width + 2 * MARGIN, r.height + 2 * MARGIN).intersection(screenBox);
            if (sure.stream().noneMatch(region::intersects)) {
                regions.add(region);
            }
        }
        grey.release();
        edges.release();
        hierarchy.release();
        return regions;
    }

}
