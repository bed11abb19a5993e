package org.trajectory.screentext.internal;

import java.util.ArrayList;
import java.util.List;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.imgproc.Imgproc;
import org.trajectory.screentext.TextLine;
import org.trajectory.screentext.Word;

/**
 * A line set in a monospaced font (a terminal, a code editor, a console) spaced as its cells say. A reader made for
 * print takes the half-empty cell a narrow letter leaves for a space ({@code sum(range(7) )}, {@code 'garden' .upper()})
 * and may miss a real one; in such a font every character fills one cell and a space is a cell without ink. The line
 * is taken as monospaced when the middles of its runs of inked columns fall on a lattice: over at least
 * {@value #LETTERS} runs, most letters a run of their own (at least {@value #APART} as many runs as letters: small
 * letters blurred together show no lattice), the mean of their phases on the lattice (circular statistics) is at least
 * {@value #PERIODIC} long (a proportional font's letters come out near 0.6 at best). Its letters are then placed on its
 * inked cells in order, and a space is wherever a cell between two is empty. The line across its words' boxes is looked
 * at, not each word's box: the reader's boxes of a word may take in the next one's first letter.
 */
final class Monospaced {

    /** The fewest runs of ink a line has for its lattice to be trusted. */
    static final int LETTERS = 5;
    /** The share of a line's letters that stand apart, each a run of its own, for its runs to show its lattice. */
    static final double APART = 0.75;
    /** How strongly the runs' middles agree on a lattice for the line to be monospaced (1: exactly). */
    static final double PERIODIC = 0.8;
    /** Of a cell's width either side of its middle, where ink makes it a letter's (a neighbour's overhang stays out). */
    private static final double CORE = 0.35;
    /** Of a cell's width, how far inside a word's box its first and last cells' middles are looked for. */
    private static final double INSIDE = 0.15;
    /** The lattice's pitches are tried in steps of this share of a pitch (over 50 cells, a tenth of a cell). */
    private static final double STEP = 0.002;

    private Monospaced() {
    }

    /** The line spaced by its cells where it is monospaced, else as it was read; {@code grey} is the picture it was read in. */
    static TextLine respaced(Mat grey, TextLine line) {
        int[] box = line.box();
        int pad = box[3] / 2;
        int x0 = Math.max(0, box[0] - pad);
        int x1 = Math.min(grey.cols(), box[0] + box[2] + pad);
        int y0 = Math.max(0, box[1]);
        int y1 = Math.min(grey.rows(), box[1] + box[3]);
        if (x1 - x0 < 2 || y1 - y0 < 2) {
            return line;
        }
        Mat region = grey.submat(y0, y1, x0, x1);
        boolean[] ink = inkColumns(region);
        region.release();
        List<int[]> runs = runs(ink);
        int letters = line.words().stream().mapToInt(w -> w.text().codePointCount(0, w.text().length())).sum();
        if (letters < LETTERS || runs.size() < LETTERS || runs.size() < APART * letters) {
            return line; // too few letters, or letters run together (small text blurred): no lattice to trust
        }
        Lattice lattice = Lattice.fitted(runs, letters);
        if (lattice == null || lattice.strength() < PERIODIC) {
            return line;
        }
        return lattice.respaced(line, ink, x0);
    }

    /**
     * The columns of a grey picture of a line that hold ink: the side of its Otsu threshold with fewer pixels (dark on
     * light or light on dark).
     */
    static boolean[] inkColumns(Mat region) {
        Mat binary = new Mat();
        Imgproc.threshold(region, binary, 0, 255, Imgproc.THRESH_BINARY | Imgproc.THRESH_OTSU);
        boolean lightInk = Core.countNonZero(binary) < binary.total() / 2;
        byte[] pixels = new byte[(int) binary.total()];
        binary.get(0, 0, pixels);
        boolean[] ink = new boolean[binary.cols()];
        for (int i = 0; i < pixels.length; i++) {
            ink[i % binary.cols()] |= (pixels[i] != 0) == lightInk;
        }
        binary.release();
        return ink;
    }

    /** The runs of inked columns: {start, end} each. */
    private static List<int[]> runs(boolean[] ink) {
        List<int[]> runs = new ArrayList<>();
        int start = -1;
        for (int x = 0; x <= ink.length; x++) {
            boolean inked = x < ink.length && ink[x];
            if (inked && start < 0) {
                start = x;
            } else if (!inked && start >= 0) {
                runs.add(new int[] { start, x });
                start = -1;
            }
        }
        return runs;
    }

    /** The cells of a line: the middle of cell 0 ({@code origin}), their width, and how well the letters sit on them. */
    private record Lattice(double origin, double pitch, double strength) {

        /**
         * The lattice the runs' middles fit best, its pitch between what the line's {@code letters} fill with no space
         * and with a space for every second letter (which leaves out the lattices of half and twice the pitch).
         */
        static Lattice fitted(List<int[]> runs, int letters) {
            double span = runs.get(runs.size() - 1)[1] - runs.get(0)[0];
            Lattice best = null;
            for (double pitch = span / (1.5 * letters + 1); pitch <= span / (letters - 1); pitch *= 1 + STEP) {
                double cos = 0;
                double sin = 0;
                for (int[] run : runs) {
                    double phase = 2 * Math.PI * (run[0] + run[1]) / 2.0 / pitch;
                    cos += Math.cos(phase);
                    sin += Math.sin(phase);
                }
                double strength = Math.hypot(cos, sin) / runs.size();
                if (best == null || strength > best.strength()) {
                    best = new Lattice(Math.atan2(sin, cos) / (2 * Math.PI) * pitch, pitch, strength);
                }
            }
            return best;
        }

        int cell(double x) {
            return (int) Math.floor((x - origin) / pitch + 0.5);
        }

        boolean inked(int cell, boolean[] ink) {
            double middle = origin + cell * pitch;
            int from = Math.max(0, (int) Math.ceil(middle - CORE * pitch));
            int to = Math.min(ink.length - 1, (int) Math.floor(middle + CORE * pitch));
            for (int x = from; x <= to; x++) {
                if (ink[x]) {
                    return true;
                }
            }
            return false;
        }

        /**
         * The line's letters placed on its inked cells in order, a space wherever a cell between two is empty; the line as
         * read where its letters are not as many as those cells (a misread, two letters read as one, a smudge of a
         * compressed video taken for ink).
         */
        TextLine respaced(TextLine line, boolean[] ink, int left) {
            List<Word> read = line.words();
            Word last = read.get(read.size() - 1);
            List<Integer> cells = new ArrayList<>();
            for (int k = cell(read.get(0).x() - left + INSIDE * pitch); k <= cell(last.x() + last.width() - left - INSIDE * pitch); k++) {
                if (inked(k, ink)) {
                    cells.add(k);
                }
            }
            List<int[]> letters = new ArrayList<>(); // each letter's code point and the word it was read in
            for (int w = 0; w < read.size(); w++) {
                int word = w;
                read.get(w).text().codePoints().forEach(letter -> letters.add(new int[] { letter, word }));
            }
            if (cells.size() != letters.size()) {
                return line;
            }
            int[] box = line.box();
            List<Word> words = new ArrayList<>();
            int from = 0;
            for (int i = 1; i <= cells.size(); i++) {
                if (i == cells.size() || cells.get(i) > cells.get(i - 1) + 1) {
                    StringBuilder text = new StringBuilder();
                    double sure = 1;
                    for (int j = from; j < i; j++) {
                        text.appendCodePoint(letters.get(j)[0]);
                        sure = Math.min(sure, read.get(letters.get(j)[1]).confidence());
                    }
                    int x = (int) Math.floor(left + origin + (cells.get(from) - 0.5) * pitch);
                    int right = (int) Math.ceil(left + origin + (cells.get(i - 1) + 0.5) * pitch);
                    words.add(new Word(text.toString(), x, box[1], right - x, box[3], sure));
                    from = i;
                }
            }
            return words.stream().map(Word::text).toList().equals(read.stream().map(Word::text).toList()) ? line : new TextLine(words);
        }
    }
}
