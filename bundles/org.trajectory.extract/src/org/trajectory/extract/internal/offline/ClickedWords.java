package org.trajectory.extract.internal.offline;

import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

import org.opencv.core.Rect;
import org.trajectory.screentext.TextLine;
import org.trajectory.screentext.Word;

/**
 * The words a click was on, from what the screen text reader read around its point: a click's sentence names them
 * (`Click "New Task..."`). Only words the reader is sure of and that hold two letters or digits count, so that an icon,
 * a separator or a frame's edge read as letters names nothing, and only the words next to the point, so that a tab
 * names itself and not the tab row and the menu bar above it.
 */
final class ClickedWords {

    /** The reader's own least confidence for text worth stating (PP-OCR drops readings below it by default). */
    private static final double SURE = 0.5;

    private ClickedWords() {
    }

    /**
     * In the line nearest {@code point} (both in one picture's pixels), the word nearest it and the words next to it,
     * each no further from the one before than half the line's height (a space between words is about a third of it;
     * menu items and tabs stand further apart); null when no line holds a word.
     */
    static String under(List<TextLine> lines, Rect point) {
        List<Word> line = lines.stream().map(TextLine::words).filter(words -> words.stream().anyMatch(ClickedWords::wordlike))
                .min(Comparator.comparingInt(words -> apart(words.stream().filter(ClickedWords::wordlike).toList(), point.y, true))).orElse(null);
        if (line == null) {
            return null;
        }
        int nearest = IntStream.range(0, line.size()).filter(i -> wordlike(line.get(i))).boxed()
                .min(Comparator.comparingInt(i -> apart(List.of(line.get(i)), point.x, false))).orElseThrow();
        int height = line.stream().mapToInt(Word::height).max().orElseThrow();
        int from = nearest;
        while (from > 0 && adjacent(line.get(from - 1), line.get(from), height)) {
            from--;
        }
        int to = nearest;
        while (to + 1 < line.size() && adjacent(line.get(to), line.get(to + 1), height)) {
            to++;
        }
        return String.join(" ", line.subList(from, to + 1).stream().map(Word::text).toList());
    }

    private static boolean wordlike(Word word) {
        return word.confidence() >= SURE && word.text().codePoints().filter(Character::isLetterOrDigit).count() >= 2;
    }

    /** Whether two words of a line, left and right, are words of one name: both words, a space apart. */
    private static boolean adjacent(Word left, Word right, int height) {
        return wordlike(left) && wordlike(right) && right.x() - (left.x() + left.width()) <= height / 2;
    }

    /** How far a coordinate lies outside the words' span across (x) or down (y): 0 within it. */
    private static int apart(List<Word> words, int at, boolean down) {
        int low = words.stream().mapToInt(w -> down ? w.y() : w.x()).min().orElseThrow();
        int high = words.stream().mapToInt(w -> down ? w.y() + w.height() : w.x() + w.width()).max().orElseThrow();
        return at < low ? low - at : at > high ? at - high : 0;
    }
}
