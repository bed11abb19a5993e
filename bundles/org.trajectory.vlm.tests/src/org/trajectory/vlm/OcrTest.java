package org.trajectory.vlm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Many crops read in one batch come back each with its own text, in order, a blank one empty; strokes give no words. */
class OcrTest {

    @Test
    void aBatchOfCropsIsReadInOrder() throws Exception {
        assertTrue(Ocr.available(), "tesseract is installed (apt install tesseract-ocr)");
        List<String> words = List.of("Alpha", "Bravo", "", "Delta", "Echo", "Foxtrot", "Golf");
        List<BufferedImage> crops = new ArrayList<>();
        for (String word : words) {
            BufferedImage crop = new BufferedImage(120, 28, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = crop.createGraphics();
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, crop.getWidth(), crop.getHeight());
            g.setColor(Color.BLACK);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 15));
            g.drawString(word, 8, 19);
            g.dispose();
            crops.add(crop);
        }
        assertEquals(words, Ocr.readScreens(crops));
        assertEquals(words, Ocr.readWords(crops), "real words are sure words");
    }

    @Test
    void strokesThatAreNoTextGiveNoWords() throws Exception {
        java.util.Random random = new java.util.Random(7);
        BufferedImage strokes = new BufferedImage(240, 60, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = strokes.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, strokes.getWidth(), strokes.getHeight());
        g.setColor(Color.BLACK);
        for (int i = 0; i < 400; i++) { // short dashes, as borders, icons and a pointer leave in a crop
            int x = random.nextInt(240);
            int y = random.nextInt(60);
            g.drawLine(x, y, x + 1 + random.nextInt(8), y);
        }
        g.dispose();
        assertTrue(!Ocr.readScreens(List.of(strokes)).get(0).isBlank(), "read as text, the strokes give fragments");
        assertEquals(List.of(""), Ocr.readWords(List.of(strokes)), "but none of them is a sure word");
    }
}
