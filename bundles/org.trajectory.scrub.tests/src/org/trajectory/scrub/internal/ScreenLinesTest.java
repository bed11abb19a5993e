package org.trajectory.scrub.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.trajectory.screentext.Word;

class ScreenLinesTest {

    @Test
    void zerosInWordsOfLettersAreAlsoReadAsOAndNumbersAreLeftAlone() {
        assertEquals("Portland, OR 97205", ScreenLines.Line.lettersForZeros("Portland, 0R 97205"));
        assertEquals("Order #317375, 2,040 KB", ScreenLines.Line.lettersForZeros("0rder #317375, 2,040 KB"));
        assertEquals("AKIA0Y9NT8", ScreenLines.Line.lettersForZeros("AKIA0Y9NT8"), "a key with other digits is left as read");
    }

    @Test
    void aLineIsGivenToTheDetectorsAsReadJoinedAndWithItsZerosAsLetters() {
        ScreenLines.Line line = ScreenLines.Line.of(List.of(new Word("Portland,", 10, 5, 70, 14, 0.9), new Word("0R", 84, 5, 18, 14, 0.8),
                new Word("97205", 106, 5, 40, 14, 0.9)));
        List<String> texts = line.variants().stream().map(ScreenLines.Line::text).toList();
        assertTrue(texts.containsAll(List.of("Portland, 0R 97205", "Portland,0R97205", "Portland, OR 97205")), texts.toString());
        ScreenLines.Line folded = line.variants().stream().filter(v -> v.text().equals("Portland, OR 97205")).findFirst().orElseThrow();
        assertEquals(List.of(84, 5, 62, 14), List.of(folded.box(10, 18)[0], folded.box(10, 18)[1], folded.box(10, 18)[2], folded.box(10, 18)[3]),
                "the state and the code boxed where they stand");
    }
}
