package org.trajectory.extract.internal.offline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.opencv.core.Rect;
import org.trajectory.screentext.TextLine;
import org.trajectory.screentext.Word;

/** What a click's sentence names, from the lines read around its point. */
class ClickedWordsTest {

    private static Word word(String text, int x, int y, int width, double confidence) {
        return new Word(text, x, y, width, 14, confidence);
    }

    @Test
    void aTabNamesItselfNotTheTabRowOrTheMenuBarAboveIt() {
        TextLine menu = new TextLine(List.of(word("File", 0, 0, 30, 0.95), word("Options", 40, 0, 50, 0.95), word("View", 100, 0, 35, 0.95)));
        TextLine tabs = new TextLine(List.of(word("|", 0, 18, 3, 0.7), word("Applications", 10, 18, 80, 0.95), word("|", 95, 18, 3, 0.7),
                word("Processes", 105, 18, 60, 0.93), word("|", 170, 18, 3, 0.7), word("Per", 178, 18, 20, 0.8)));

        assertEquals("Processes", ClickedWords.under(List.of(menu, tabs), new Rect(130, 25, 1, 1)));
        assertEquals("Options", ClickedWords.under(List.of(menu, tabs), new Rect(60, 4, 1, 1)));
    }

    @Test
    void aButtonsWordsNextToEachOtherAreOneName() {
        TextLine button = new TextLine(List.of(word("New", 0, 0, 28, 0.9), word("Task...", 33, 0, 45, 0.9), word("Cancel", 140, 0, 45, 0.9)));

        assertEquals("New Task...", ClickedWords.under(List.of(button), new Rect(20, 7, 1, 1)));
    }

    @Test
    void anIconReadAsSymbolsOrUnsureLettersNamesNothing() {
        TextLine icon = new TextLine(List.of(word("|", 0, 0, 4, 0.9), word("(™", 8, 0, 10, 0.9), word("@v", 22, 0, 12, 0.31), word("«", 40, 0, 6, 0.8)));

        assertNull(ClickedWords.under(List.of(icon), new Rect(20, 7, 1, 1)));
        assertNull(ClickedWords.under(List.of(), new Rect(20, 7, 1, 1)));
    }
}
