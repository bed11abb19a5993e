package org.trajectory.extract.internal.offline;

import java.util.List;

import org.opencv.core.Rect;
import org.trajectory.extract.ExtractedAction;

/**
 * Typing in progress: the band it changes, its time span, and its frames; its first change, whether it began where
 * text is entered (at a caret, on the line the pointer clicked), the click that gave it focus where none showed, and
 * whether text was only expected there (no caret or click seen, not under the resting pointer); its latest change, and
 * how many changes in a row began further right than the one before (letters arriving one after another).
 */
record Typing(Rect band, double start, double end, int firstFrame, int lastFrame, int intervals, Rect first, boolean atEntry,
        ExtractedAction focus, boolean guessedEntry, Rect latest, int marched) {

    /** Changes in a row, each beginning further right than the one before, that are letters typed one after another. */
    private static final int MARCHED = 3;

    Typing(Rect band, double start, double end, int firstFrame, int lastFrame, int intervals, Rect first, boolean atEntry,
            ExtractedAction focus, boolean guessedEntry) {
        this(band, start, end, firstFrame, lastFrame, intervals, first, atEntry, focus, guessedEntry, first, 0);
    }

    /**
     * The most text (in line heights a second) anyone types: about 130 letters a second, several times a fast typist's
     * rate and a script's.
     */
    private static final double FASTEST = 80;

    Typing grown(Rect change, double time, int frame) {
        if (intervals == 1 && band.width > 3 * band.height && change.x >= band.x + band.width - 4) {
            // the first change was a piece of text drawn at once (a shell's prompt, a field's old value), typing
            // follows it: what was typed is read from there on
            return new Typing(change, start, time, lastFrame, frame, 2, first, atEntry, focus, guessedEntry, change, 0);
        }
        // a clock's or a counter's digits turn where they stand or further left; letters typed over a selection stay within
        // what was selected, but each begins right of the one before
        int inRow = change.x > latest.x ? marched + 1 : 0;
        return new Typing(Observation.union(List.of(band, change)), start, time, firstFrame, frame, intervals + 1, first, atEntry,
                focus, guessedEntry, change, inRow);
    }

    /**
     * Whether this is typing one can state: it began where text is entered, or it grew to the right as characters do,
     * past its first change or letter after letter within it. A box changing in place (a clock, a counter) is neither;
     * nor a line drawn at once where text is only expected, not seen entered, away from the resting pointer (a tooltip
     * beside it, a shell's answer on the line after an Enter); what is drawn at once under it is its click's doing.
     */
    boolean typed() {
        boolean guessedLine = guessedEntry && drawnAtOnce() && band.width > 3 * band.height;
        return !blinked() && (atEntry && !guessedLine && !tooFast() || grewOn() || marched >= MARCHED);
    }

    /**
     * Whether it only ever changed its first box again, a box no wider than high: a caret blinking (too blurred, in a
     * video shown smaller, to be told as thin), not letters, which leave ink beside the last.
     */
    boolean blinked() {
        return intervals >= 2 && first.width <= first.height && band.x >= first.x - 1 && band.y >= first.y - 1
                && band.x + band.width <= first.x + first.width + 1 && band.y + band.height <= first.y + first.height + 1;
    }

    /**
     * Whether more text came in one frame, and nothing after, than anyone types in that time: a tooltip beside the
     * pointer that clicked, a line redrawn. (Letters replacing a selection change its width first, and then again.)
     */
    boolean tooFast() {
        return intervals == 1 && first.width > FASTEST * first.height * (end - start);
    }

    /** Whether it grew to the right of its first change, as characters typed do (a clock's digits turn in place). */
    boolean grewOn() {
        return pastFirst(band);
    }

    /** Whether {@code change} reaches right of its first change, as the next characters typed do. */
    boolean pastFirst(Rect change) {
        return change.x + change.width > first.x + first.width + 2;
    }

    /** Whether it never grew past its first change: drawn at once, perhaps over a few frames (a notification sliding in). */
    boolean drawnAtOnce() {
        return band.x >= first.x - 2 && band.x + band.width <= first.x + first.width + 2;
    }

    /**
     * Whether it is a line of text drawn at once, not typing one can state: a shell's prompt coming back, a
     * notification, a title's mark; not letters arriving one by one.
     */
    boolean lineDrawnAtOnce() {
        return !typed() && drawnAtOnce() && band.width > 3 * band.height;
    }
}
