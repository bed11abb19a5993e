package org.trajectory.screentext;

/**
 * A word read on a screen: its text, its box in the picture's own pixels, and how sure the reader is of it, from 0 to
 * 1 (a reader's own scale mapped there: PP-OCR's mean character probability, Tesseract's confidence / 100).
 *
 * @since 0.1
 */
public record Word(String text, int x, int y, int width, int height, double confidence) {

    public Word {
        if (text == null || text.isEmpty()) {
            throw new IllegalArgumentException("a word has text");
        }
    }

    /** The same word, its box moved by (dx, dy): a word read in a crop, placed on the screen the crop came from. */
    public Word moved(int dx, int dy) {
        return new Word(text, x + dx, y + dy, width, height, confidence);
    }
}
