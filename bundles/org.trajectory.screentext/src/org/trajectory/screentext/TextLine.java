package org.trajectory.screentext;

import java.util.List;

/**
 * A line of text read on a screen: its words from left to right. A reader gives a screen's lines in reading order, top
 * to bottom and then left to right; two lines may lie side by side (two columns, a label and its field).
 *
 * @since 0.1
 */
public record TextLine(List<Word> words) {

    public TextLine {
        if (words.isEmpty()) {
            throw new IllegalArgumentException("a line has words");
        }
        words = List.copyOf(words);
    }

    /** The words, a space between each two. */
    public String text() {
        return String.join(" ", words.stream().map(Word::text).toList());
    }

    /** The least sure of its words' confidences. */
    public double confidence() {
        return words.stream().mapToDouble(Word::confidence).min().orElse(0);
    }

    /** The box around every word: x, y, width, height. */
    public int[] box() {
        int x0 = Integer.MAX_VALUE;
        int y0 = Integer.MAX_VALUE;
        int x1 = Integer.MIN_VALUE;
        int y1 = Integer.MIN_VALUE;
        for (Word w : words) {
            x0 = Math.min(x0, w.x());
            y0 = Math.min(y0, w.y());
            x1 = Math.max(x1, w.x() + w.width());
            y1 = Math.max(y1, w.y() + w.height());
        }
        return new int[] { x0, y0, x1 - x0, y1 - y0 };
    }

    /** The text of a picture's lines, one line a line of text. */
    public static String text(List<TextLine> lines) {
        return String.join("\n", lines.stream().map(TextLine::text).toList());
    }
}
