package org.trajectory.scrub.internal;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.imgcodecs.Imgcodecs;
import org.trajectory.extract.opencv.OpenCvLibrary;
import org.trajectory.screentext.ScreenText;
import org.trajectory.screentext.Word;

/**
 * The lines of text a stored screenshot shows, each word with its box, as the screen text reader reads them (see
 * {@link org.trajectory.screentext.ScreenTexts}), and each line's variants as the detectors are given them.
 */
public final class ScreenLines {

    /**
     * A line of words, and where each word begins in its text. OCR puts spaces where a monospaced or small font leaves
     * room ("alice. smith@company .co.uk", "sk-proj -aRBK5 17Uv"), so a line is also read {@link #variants() joined}.
     */
    public record Line(List<Word> words, String text, int[] starts) {

        /** Characters beside which OCR's spaces are dropped in the tight variant. */
        private static final String STICKY = ".@:/-_?=&#+";

        static Line of(List<Word> words) {
            return of(words, 1);
        }

        /** {@code joining}: 1 a space between words, -1 none beside punctuation, 0 none at all. */
        private static Line of(List<Word> words, int joining) {
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
            return new Line(List.copyOf(words), text.toString(), starts);
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
                add(variants, of(words, joining));
            }
            for (Line variant : List.copyOf(variants)) {
                add(variants, new Line(words, lettersForZeros(variant.text), variant.starts));
            }
            return variants;
        }

        private static void add(List<Line> variants, Line variant) {
            if (variants.stream().noneMatch(v -> v.text.equals(variant.text))) {
                variants.add(variant);
            }
        }

        /** A word of letters and no digit but zeros ("Portland, 0R", "0rder"): OCR read O as 0. */
        private static final java.util.regex.Pattern ZERO_FOR_O = java.util.regex.Pattern.compile("[\\p{L}\\p{N}]*\\p{L}[\\p{L}\\p{N}]*");

        /**
         * The text with the zeros of such words read as O, letter for letter (a state code "0R", a key's "B0J" too: a
         * variant only adds what the detectors may find, the line as read is given them as well).
         */
        static String lettersForZeros(String text) {
            return ZERO_FOR_O.matcher(text).replaceAll(word -> word.group().chars().allMatch(c -> c == '0' || !Character.isDigit(c))
                    ? word.group().replace('0', 'O') : java.util.regex.Matcher.quoteReplacement(word.group()));
        }

        /** The box around the words that characters {@code start} to {@code end} of the text fall in. */
        public int[] box(int start, int end) {
            Rectangle box = null;
            for (int i = 0; i < words.size(); i++) {
                int wordEnd = starts[i] + words.get(i).text().length();
                if (starts[i] < end && start < wordEnd) {
                    Word w = words.get(i);
                    Rectangle r = new Rectangle(w.x(), w.y(), w.width(), w.height());
                    box = box == null ? r : box.union(r);
                }
            }
            return box == null ? null : new int[] { box.x, box.y, box.width, box.height };
        }
    }

    /** A stored screenshot that is no picture: it cannot be read. */
    public static final class NoPicture extends IOException {
        private static final long serialVersionUID = 1L;

        NoPicture() {
            super("the screenshot is no picture OpenCV reads");
        }
    }

    private ScreenLines() {
    }

    /** Reads a screenshot as it is stored (any format OpenCV decodes: PNG, JPEG, WebP). */
    public static List<Line> read(byte[] stored, ScreenText reader) throws IOException, InterruptedException {
        OpenCvLibrary.load();
        Mat bgr = Imgcodecs.imdecode(new MatOfByte(stored), Imgcodecs.IMREAD_COLOR);
        if (bgr.empty()) {
            throw new NoPicture();
        }
        BufferedImage screen = new BufferedImage(bgr.cols(), bgr.rows(), BufferedImage.TYPE_3BYTE_BGR);
        bgr.get(0, 0, ((DataBufferByte) screen.getRaster().getDataBuffer()).getData());
        bgr.release();
        List<Line> lines = new ArrayList<>();
        reader.read(screen).forEach(line -> lines.add(Line.of(line.words())));
        return lines;
    }
}
