package org.trajectory.screentext.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.trajectory.screentext.ScreenText;
import org.trajectory.screentext.TextLine;
import org.trajectory.screentext.Word;

/**
 * The rules every screen text reader keeps: a reader's test class extends this and gives {@link #reader()}. The
 * pictures are drawn here (a line of sans-serif text at a screen's size, dark on light and light on dark); a reader's
 * own test adds real screenshots.
 */
public abstract class ScreenTextContract {

    /** The reader under test, able to work on this machine. */
    protected abstract ScreenText reader();

    private ScreenText reader;

    @BeforeEach
    void availableHere() {
        reader = reader();
        assertTrue(reader.available(), reader + " can work on this machine");
    }

    /** A picture of one line of text, 13 px sans-serif, antialiased as screens draw it. */
    protected static BufferedImage line(String text, Color ground, Color ink, int width, int height) {
        BufferedImage picture = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = picture.createGraphics();
        g.setColor(ground);
        g.fillRect(0, 0, width, height);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        g.setColor(ink);
        g.drawString(text, 10, height / 2 + 5);
        g.dispose();
        return picture;
    }

    @Test
    void readsALineOfTextWithItsWordsInOrderAndBoxesOnThem() throws Exception {
        BufferedImage picture = line("Save changes before closing", Color.WHITE, Color.BLACK, 320, 40);
        List<TextLine> lines = reader.read(picture);
        assertEquals(1, lines.size(), "one line: " + lines);
        assertEquals("Save changes before closing", lines.get(0).text());
        int right = -1;
        for (Word word : lines.get(0).words()) {
            assertTrue(word.x() >= 0 && word.y() >= 0 && word.x() + word.width() <= 320 + 4 && word.y() + word.height() <= 40 + 4,
                    "the box of '" + word.text() + "' lies on the picture: " + word);
            assertTrue(word.x() > right - 3, "words run left to right: " + lines.get(0).words());
            assertTrue(word.confidence() >= 0 && word.confidence() <= 1, "a confidence from 0 to 1: " + word);
            right = word.x() + word.width();
        }
    }

    @Test
    void readsLightTextOnADarkGround() throws Exception {
        List<TextLine> lines = reader.read(line("Open Terminal", new Color(0x20, 0x20, 0x28), new Color(0xdd, 0xdd, 0xdd), 200, 40));
        assertEquals("Open Terminal", TextLine.text(lines));
    }

    @Test
    void aPictureWithoutTextHasNoLinesAndEachPictureGetsItsOwnAnswer() throws Exception {
        BufferedImage empty = line("", new Color(0x33, 0x66, 0x99), Color.WHITE, 300, 200);
        List<List<TextLine>> read = reader.read(List.of(empty, line("Cancel", Color.WHITE, Color.BLACK, 120, 40), empty));
        assertEquals(3, read.size());
        assertEquals(List.of(), read.get(0));
        assertEquals("Cancel", TextLine.text(read.get(1)));
        assertEquals(List.of(), read.get(2));
        assertEquals(List.of(), reader.read(List.of()));
    }

    @Test
    void anInterruptedCallerIsStoppedWithAnInterruptedException() throws Exception {
        BufferedImage picture = line("Stop here", Color.WHITE, Color.BLACK, 200, 40);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread reading = new Thread(() -> {
            Thread.currentThread().interrupt();
            try {
                reader.read(List.of(picture, picture, picture));
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        reading.start();
        reading.join();
        assertTrue(thrown.get() instanceof InterruptedException, "interrupted before it began: " + thrown.get());
    }
}
