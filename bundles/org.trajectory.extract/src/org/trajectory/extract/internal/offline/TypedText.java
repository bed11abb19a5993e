package org.trajectory.extract.internal.offline;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.MatOfFloat;
import org.opencv.core.MatOfInt;
import org.opencv.core.Rect;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;
import org.trajectory.extract.opencv.OpenCvLibrary;

/**
 * Where typing changed a line, made plain for OCR: ink and paper told apart by Otsu's threshold (the lesser part is the
 * ink, dark on light or light on dark); the borders of the field or cell it was typed in (straight lines across most of
 * the picture) and a caret at its end (a terminal's solid block, or an editor's thin line, read as "l" or folded into
 * the last letter) painted over in the paper; the letters kept in their own greys, dark on light.
 */
final class TypedText {

    /** Of a picture's width (or height), how much a straight line crosses to be a border, not a letter's stroke. */
    private static final double BORDER = 0.7;
    /** How full a column of ink is to be part of a block caret rather than of a letter. */
    private static final double SOLID = 0.85;

    /** The height in pixels of a line's picture under which it is enlarged before it is read. */
    private static final int LEGIBLE = 30;

    /** How far a pointer reaches right of and below its hotspot, in lines of text (it is about two lines high). */
    private static final double POINTER_LINES = 2.5;

    /** A grey level change under which a pixel of the line is taken as what was there before the typing. */
    private static final double KEPT = 40;

    private TypedText() {
    }

    /**
     * A typing's line before and after it, each made plain; what the margins around the {@code typed} part show the same in
     * both (the edges of the letters beside it and of the lines above and below, cut by the crop: read as a quote, a
     * dash, a row of e's) painted over in each picture's paper first.
     */
    static List<BufferedImage> plain(BufferedImage before, BufferedImage after, Rect typed) throws IOException {
        Mat was = OpenCvLibrary.grey(before);
        Mat is = OpenCvLibrary.grey(after);
        Mat margins = changed(was, is);
        Core.bitwise_not(margins, margins);
        Rect inside = PointerFinder.clip(typed, margins);
        if (!inside.empty()) {
            Mats.fill(margins, inside, new Scalar(0));
        }
        List<BufferedImage> plain = new ArrayList<>();
        for (Mat grey : new Mat[] { was, is }) {
            Mats.fill(grey, new Scalar(paper(grey)), margins);
            Mat large = legible(grey);
            plain.add(plain(large));
            large.release();
        }
        margins.release();
        return plain;
    }

    /** The grey level most of a picture of a line has: its paper. */
    private static int paper(Mat grey) {
        Mat histogram = new Mat();
        Imgproc.calcHist(List.of(grey), new MatOfInt(0), new Mat(), histogram, new MatOfInt(256), new MatOfFloat(0, 256));
        int paper = (int) Core.minMaxLoc(histogram).maxLoc.y;
        histogram.release();
        return paper;
    }

    /**
     * Only the ink the typing added, made plain: the line after it, with what it shows as before (a prompt, a label, a
     * pointer resting over the field, a border) painted over in the line's paper. What is read where the two pictures,
     * each read whole, cannot be told apart by their words (a pointer over the cell typed in reads as letters).
     */
    static BufferedImage added(BufferedImage before, BufferedImage after) throws IOException {
        Mat was = legible(OpenCvLibrary.grey(before));
        Mat is = legible(OpenCvLibrary.grey(after));
        Mat changed = changed(was, is);
        Imgproc.dilate(changed, changed, new Mat()); // a letter's blended edge
        Mat kept = new Mat();
        Core.bitwise_not(changed, kept);
        Scalar paper = Core.mean(is, kept);
        Mats.fill(is, paper, kept);
        BufferedImage plain = plain(is);
        for (Mat mat : new Mat[] { was, is, kept, changed }) {
            mat.release();
        }
        return plain;
    }

    /**
     * Whether pictures of a typing's {@code line} and the lines around it, one of them {@code later} than the typing, show
     * the line as it was {@code before} (less than a fifth of the pixels the typing changed there still differ) and the
     * lines around as they were {@code after} it (fewer pixels differ there than a fifth of those).
     */
    static boolean undone(BufferedImage before, BufferedImage after, List<BufferedImage> later, Rect line) throws IOException {
        Mat was = OpenCvLibrary.grey(before);
        Mat is = OpenCvLibrary.grey(after);
        Mat typed = changed(was, is);
        Rect within = PointerFinder.clip(line, typed);
        boolean undone = false;
        if (!within.empty()) {
            double typedThere = Mats.countNonZero(typed, within);
            for (int i = 0; i < later.size() && !undone && typedThere > 0; i++) {
                Mat then = OpenCvLibrary.grey(later.get(i));
                Mat back = changed(was, then);
                Mat around = changed(is, then);
                double aroundChanged = Core.countNonZero(around) - Mats.countNonZero(around, within);
                undone = Mats.countNonZero(back, within) < typedThere / 5 && aroundChanged < typedThere / 5;
                for (Mat mat : new Mat[] { then, back, around }) {
                    mat.release();
                }
            }
        }
        for (Mat mat : new Mat[] { was, is, typed }) {
            mat.release();
        }
        return undone;
    }

    /**
     * Whether what changed on a typing's {@code line} is ink that came: over the pixels that changed there, the picture
     * {@code after} it stands out from its paper at least twice as much as the one {@code before} did. Typed letters add
     * ink where there was paper; a pointer hidden as the keys begin (one the pointer finder never told), a tooltip
     * going, take ink away; a figure redrawn in place (a counter, a column of values) takes away about as much as it
     * adds. A terminal's block caret moves on with the letters typed in one frame: its box, before and after, is
     * neither. Where nothing changed on the line, it cannot tell: true.
     */
    static boolean inkCame(BufferedImage before, BufferedImage after, Rect line) throws IOException {
        Mat was = OpenCvLibrary.grey(before);
        Mat is = OpenCvLibrary.grey(after);
        Mat changed = changed(was, is);
        Rect within = PointerFinder.clip(line, changed);
        for (Mat picture : new Mat[] { was, is }) {
            Rect caret = within.empty() ? null : blockCaret(picture, within);
            if (caret != null) {
                Mats.fill(changed, caret, new Scalar(0));
            }
        }
        boolean came = true;
        if (!within.empty() && Mats.countNonZero(changed, within) > 0) {
            came = ink(is, changed, within) >= 2 * ink(was, changed, within);
        }
        for (Mat mat : new Mat[] { was, is, changed }) {
            mat.release();
        }
        return came;
    }

    /**
     * The picture of a typed line to read: the first of the pictures {@code later} than the {@code last} one in which all
     * that changed is one thin upright stroke on the line that went (a caret blinking off, a thin pointer moving
     * away) with letters of the line in front of it, the same text with nothing beside it to be read as a letter; else
     * the last one (a lone thin letter going, a cell's "1" moving on as it is entered, is no caret). It stops looking at
     * the first other change: the line may no longer show what was typed.
     */
    static BufferedImage settled(BufferedImage last, List<BufferedImage> later, Rect line) throws IOException {
        Mat is = OpenCvLibrary.grey(last);
        BufferedImage settled = last;
        for (int i = 0; i < later.size() && settled == last; i++) {
            BufferedImage image = later.get(i);
            if (image.getWidth() != last.getWidth() || image.getHeight() != last.getHeight()) {
                break;
            }
            Mat then = OpenCvLibrary.grey(image);
            Mat changed = changed(is, then);
            Rect box = Imgproc.boundingRect(changed);
            boolean stroke = box.width <= Math.max(4, line.height / 3) && box.height >= line.height / 2
                    && box.y >= line.y - 2 && box.y + box.height <= line.y + line.height + 2;
            boolean other = box.area() > 0 && !stroke;
            Rect front = PointerFinder.clip(new Rect(line.x, line.y, box.x - line.x, line.height), is);
            if (stroke && ink(then, changed, box) < ink(is, changed, box) / 2 && inked(then, front)) {
                settled = image;
            }
            for (Mat mat : new Mat[] { then, changed }) {
                mat.release();
            }
            if (other) {
                break;
            }
        }
        is.release();
        return settled;
    }

    /** Whether a part of a grey picture holds ink: pixels further than {@link #KEPT} grey levels from its paper. */
    private static boolean inked(Mat grey, Rect part) {
        if (part.empty()) {
            return false;
        }
        Mat view = new Mat(grey, part);
        Mat off = new Mat();
        Core.absdiff(view, new Scalar(paper(grey)), off);
        view.release(); // left to the finalizer, a view holds the whole picture's memory (see Mats)
        Imgproc.threshold(off, off, KEPT, 255, Imgproc.THRESH_BINARY);
        boolean inked = Core.countNonZero(off) > 0;
        off.release();
        return inked;
    }

    /** How far, on average, a picture of a line stands out from its paper {@code within} an area where {@code mask} is set. */
    private static double ink(Mat grey, Mat mask, Rect within) {
        Mat part = new Mat(grey, within);
        Mat where = new Mat(mask, within);
        Mat off = new Mat();
        Core.absdiff(part, new Scalar(paper(grey)), off);
        double ink = Core.mean(off, where).val[0];
        for (Mat mat : new Mat[] { part, where, off }) {
            mat.release();
        }
        return ink;
    }

    /**
     * Whether what changed on a typing's {@code line} is a pointer that came over it: the detector sees a pointer's
     * hotspot on the line after the typing and none near there before it, and nearly all the pixels that changed on the
     * line lie within that pointer's reach (from just above and left of its hotspot, {@link #POINTER_LINES} lines right
     * and down). A pointer resting over the line as letters are typed beside it leaves them out of its reach.
     */
    static boolean pointerCame(BufferedImage before, BufferedImage after, Rect line, PointerDetector detector) throws IOException {
        Mat was = OpenCvLibrary.bgr(before);
        Mat is = OpenCvLibrary.bgr(after);
        Rect whole = new Rect(0, 0, is.cols(), is.rows());
        Rect on = PointerFinder.clip(ScreenObserver.grown(line, 4), is);
        PointerDetector.Hit now = on.empty() ? null : detector.find(is, whole);
        boolean came = false;
        if (now != null && now.x() >= on.x && now.x() < on.x + on.width && now.y() >= on.y && now.y() < on.y + on.height) {
            PointerDetector.Hit then = detector.find(was, whole);
            if (then == null || Math.hypot(then.x() - now.x(), then.y() - now.y()) > 6) {
                Mat greyWas = new Mat();
                Mat greyIs = new Mat();
                Imgproc.cvtColor(was, greyWas, Imgproc.COLOR_BGR2GRAY);
                Imgproc.cvtColor(is, greyIs, Imgproc.COLOR_BGR2GRAY);
                Mat changed = changed(greyWas, greyIs);
                Rect inLine = PointerFinder.clip(line, changed);
                int all = inLine.empty() ? 0 : Mats.countNonZero(changed, inLine);
                int reach = (int) Math.round(POINTER_LINES * line.height);
                Rect pointer = PointerFinder.clip(new Rect((int) now.x() - 4, (int) now.y() - 4, reach + 4, reach + 4), changed);
                Mats.fill(changed, pointer, new Scalar(0));
                int outside = inLine.empty() ? 0 : Mats.countNonZero(changed, inLine);
                came = all > 0 && outside <= all / 10;
                for (Mat mat : new Mat[] { greyWas, greyIs, changed }) {
                    mat.release();
                }
            }
        }
        was.release();
        is.release();
        return came;
    }

    /** Where two grey pictures differ by more than {@link #KEPT} grey levels. */
    private static Mat changed(Mat a, Mat b) {
        Mat difference = new Mat();
        Core.absdiff(a, b, difference);
        Imgproc.threshold(difference, difference, KEPT, 255, Imgproc.THRESH_BINARY);
        return difference;
    }

    /**
     * A line's picture lower than {@link #LEGIBLE} pixels (an editor's line of 13 pixels with its margins is 21; in a
     * video made 2/3 as large, 17) enlarged to about that, smoothly: letters 7 to 10 pixels high are read less well.
     */
    private static Mat legible(Mat grey) {
        if (grey.rows() >= LEGIBLE || grey.rows() == 0) {
            return grey;
        }
        int times = Math.min(4, Math.ceilDiv(LEGIBLE + 4, grey.rows()));
        Mat large = new Mat();
        Imgproc.resize(grey, large, new Size(grey.cols() * times, grey.rows() * times), 0, 0, Imgproc.INTER_CUBIC);
        grey.release();
        return large;
    }

    /**
     * The line as it is read: what is no letter painted over in the paper, the letters in their own greys (PP-OCR reads
     * the soft edges of small letters, which a black-and-white cut of them turns into blocks), dark on light.
     */
    private static BufferedImage plain(Mat grey) {
        Mat ink = inkMask(grey);
        Mat letters = ink.clone();
        Rect caret = removeBlockCaret(letters); // first: a solid caret is as tall as a border; a line has one caret
        if (caret == null) {
            caret = removeLineCaret(letters);
        }
        // a horizontal line half again as long as the line is high is no letter's stroke, broken by a pointer or not
        removeLines(letters, new Size(Math.max(3, Math.min(letters.cols() * BORDER, letters.rows() * 1.5)), 1));
        removeLines(letters, new Size(1, Math.max(3, letters.rows() * BORDER)));
        Mat noLetter = new Mat();
        Core.subtract(ink, letters, noLetter);
        // its blended edge, wider in an enlarged line, but not the edges of the letters beside it (a block caret stands
        // right after the last letter)
        Mat edge = Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(5, 5));
        Imgproc.dilate(noLetter, noLetter, edge);
        Mat letterEdges = new Mat();
        Imgproc.dilate(letters, letterEdges, new Mat());
        Core.subtract(noLetter, letterEdges, noLetter);
        if (caret != null) {
            Mats.fill(noLetter, caret, new Scalar(255)); // but a caret's own columns, even right against the last letter
        }
        letterEdges.release();
        int paper = paper(grey);
        Mat read = grey.clone();
        Mats.fill(read, new Scalar(paper), noLetter);
        if (Core.mean(grey, ink).val[0] > paper) {
            Core.bitwise_not(read, read); // light letters on dark paper: made dark on light
        }
        BufferedImage plain = new BufferedImage(read.cols(), read.rows(), BufferedImage.TYPE_BYTE_GRAY);
        read.get(0, 0, ((java.awt.image.DataBufferByte) plain.getRaster().getDataBuffer()).getData());
        for (Mat mat : new Mat[] { ink, letters, noLetter, edge, read }) {
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

    /**
     * Takes out a line caret: the last one or two columns of ink, one stroke each from above the small letters' tops to
     * below their baseline (a caret spans the whole line; an "l" ends on the baseline, a "g" starts at the small
     * letters' top). The tops and baselines are the medians of the other columns', so a line above that reaches into
     * the picture does not count. Its columns, or null.
     */
    private static Rect removeLineCaret(Mat ink) {
        Rect inked = Imgproc.boundingRect(ink);
        if (inked.width < 6 || inked.height < 8) {
            return null;
        }
        byte[] pixels = new byte[(int) ink.total()]; // read once: every column's strokes are looked at
        ink.get(0, 0, pixels);
        int right = inked.x + inked.width;
        while (right > inked.x && length(longestStroke(pixels, ink.cols(), right - 1)) < 3) {
            right--; // specks: the edge of a line above reaching into the picture
        }
        List<Integer> tops = new ArrayList<>();
        List<Integer> bottoms = new ArrayList<>();
        for (int column = inked.x; column < right - 2; column++) {
            int[] stroke = longestStroke(pixels, ink.cols(), column);
            if (length(stroke) >= 3) { // a letter's stroke, not a speck or a line's edge
                tops.add(stroke[0]);
                bottoms.add(stroke[1]);
            }
        }
        if (tops.size() < 4) {
            return null;
        }
        Collections.sort(tops);
        Collections.sort(bottoms);
        int top = tops.get(tops.size() / 2);
        int baseline = bottoms.get(bottoms.size() / 2);
        int left = right; // the last column is a letter's unless it spans the line, and then the one before it may too
        while (left > right - 2 && spansLine(longestStroke(pixels, ink.cols(), left - 1), top, baseline)) {
            left--;
        }
        if (left == right) {
            return null;
        }
        Rect caret = new Rect(left, 0, right - left, ink.rows());
        Mats.fill(ink, caret, new Scalar(0));
        return caret;
    }

    private static boolean spansLine(int[] stroke, int top, int baseline) {
        return stroke[0] <= top - 2 && stroke[1] >= baseline + 2;
    }

    private static int length(int[] stroke) {
        return stroke[1] - stroke[0];
    }

    /** The first and last row (exclusive) of the longest unbroken run of ink in a column of a mask {@code width} wide. */
    private static int[] longestStroke(byte[] pixels, int width, int column) {
        int rows = pixels.length / width;
        int[] best = { 0, 0 };
        int start = -1;
        for (int row = 0; row <= rows; row++) {
            boolean inked = row < rows && pixels[row * width + column] != 0;
            if (inked && start < 0) {
                start = row;
            } else if (!inked && start >= 0) {
                if (row - start > length(best)) {
                    best = new int[] { start, row };
                }
                start = -1;
            }
        }
        return best;
    }

    /** Otsu's ink of a picture, white in the mask whatever its colour on the screen (the lesser part is ink). */
    private static Mat inkMask(Mat grey) {
        Mat ink = new Mat();
        Imgproc.threshold(grey, ink, 0, 255, Imgproc.THRESH_BINARY | Imgproc.THRESH_OTSU);
        if (Core.countNonZero(ink) > ink.total() / 2) {
            Core.bitwise_not(ink, ink);
        }
        return ink;
    }

    /** Where a block caret stands on a {@code line} of a picture ({@link #removeBlockCaret}), its blurred edges with it; or null. */
    private static Rect blockCaret(Mat grey, Rect line) {
        Mat part = new Mat(grey, line);
        Mat ink = inkMask(part);
        Rect caret = removeBlockCaret(ink);
        part.release();
        ink.release();
        return caret == null ? null : PointerFinder.clip(new Rect(line.x + caret.x - 2, line.y, caret.width + 4, line.height), grey);
    }

    /**
     * Takes out a block caret: the columns at the right end of the ink that are solid over the whole height of the
     * ink, at least three of them and no wider than that height (a letter's strokes are thinner, or not that tall).
     * Its columns, or null.
     */
    private static Rect removeBlockCaret(Mat ink) {
        Rect inked = Imgproc.boundingRect(ink);
        if (inked.width == 0 || inked.height < 8) {
            return null;
        }
        int right = inked.x + inked.width;
        int left = right;
        while (left > inked.x && Mats.countNonZero(ink, new Rect(left - 1, inked.y, 1, inked.height)) >= SOLID * inked.height) {
            left--;
        }
        if (right - left >= 3 && right - left <= inked.height) {
            int from = Math.max(0, left - 2); // and its blurred edge
            Mats.fill(ink, new Rect(from, 0, right - from, ink.rows()), new Scalar(0));
            return new Rect(left, 0, right - left, ink.rows());
        }
        return null;
    }
}
