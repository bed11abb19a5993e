package org.trajectory.screentext.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.trajectory.screentext.ScreenText;
import org.trajectory.screentext.TextLine;
import org.trajectory.screentext.kit.ScreenTextContract;

class TesseractTest extends ScreenTextContract {

    private static final Tesseract READER = new Tesseract();

    @Override
    protected ScreenText reader() {
        return READER;
    }

    private static BufferedImage picture(String name) throws IOException {
        try (InputStream in = TesseractTest.class.getResourceAsStream("/testdata/" + name)) {
            return ImageIO.read(in);
        }
    }

    private static List<String> texts(String picture) throws Exception {
        return READER.read(List.of(picture(picture))).get(0).stream().map(TextLine::text).toList();
    }

    /**
     * Two lines typed into Python in LXTerminal (the offline extraction's pictures of them, made plain): read as print,
     * the half-empty cell of a narrow letter became a space ({@code sum(range(7) )}, {@code 'garden' .upper()}).
     */
    @Test
    void aMonospacedLineIsSpacedByItsCellsNotByTheRoomItsNarrowLettersLeave() throws Exception {
        assertEquals(List.of("sum(range(7))"), texts("typed-monospaced-parentheses.png"));
        List<String> quotes = texts("typed-monospaced-quotes.png");
        assertEquals(1, quotes.size(), quotes.toString());
        assertTrue(quotes.get(0).matches(".garden.\\.upper\\(\\)"), quotes.toString());
    }

    /**
     * A terminal's spaces where it has them, also where a video's compression left a smudge in one and where small
     * letters run together (lines typed in LXTerminal and in xterm, from copies of their recordings encoded as OBS does
     * at 2/3 size), and a proportional font's (a form in Chromium) as it sets them.
     */
    @Test
    void theSpacesOfMonospacedAndProportionalLinesStay() throws Exception {
        assertEquals(List.of("echo summer delta"), texts("typed-monospaced-smudged.png"));
        List<String> touching = texts("typed-monospaced-touching.png");
        assertTrue(touching.size() == 1 && touching.get(0).startsWith("echo garden river"), touching.toString());
        List<String> terminal = texts("terminal.png");
        for (String expected : List.of("$ echo alpha bravo", "alpha bravo")) {
            assertTrue(terminal.contains(expected), expected + " in " + terminal);
        }
        String form = String.join("\n", texts("form.png"));
        for (String expected : List.of("Shipping address", "Continue to payment", "Save for next time")) {
            assertTrue(form.contains(expected), expected + " in " + form);
        }
    }
}
