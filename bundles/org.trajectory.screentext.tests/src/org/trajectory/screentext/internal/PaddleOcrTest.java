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
import org.trajectory.screentext.ScreenTexts;
import org.trajectory.screentext.TextLine;
import org.trajectory.screentext.Word;
import org.trajectory.screentext.kit.ScreenTextContract;

/**
 * PP-OCR, the real models, on real screenshots taken under Xvfb (testdata/): xterm, Mousepad in its light and its
 * dark theme (Adwaita:dark), and a form in Chromium.
 */
class PaddleOcrTest extends ScreenTextContract {

    @Override
    protected ScreenText reader() {
        return ScreenTexts.get().reader("ppocr");
    }

    private static BufferedImage screenshot(String name) throws IOException {
        try (InputStream in = PaddleOcrTest.class.getResourceAsStream("/testdata/" + name)) {
            return ImageIO.read(in);
        }
    }

    private static List<String> texts(String screenshot) throws Exception {
        return new PaddleOcr().read(screenshot(screenshot)).stream().map(TextLine::text).toList();
    }

    @Test
    void theCatalogueHoldsBothReadersAndChoosesTesseractUnlessThePreferenceSaysOtherwise() {
        assertEquals("tesseract", ScreenTexts.chosenId());
        assertTrue(ScreenTexts.get().chosen() instanceof Tesseract);
        assertTrue(ScreenTexts.get().reader("ppocr") instanceof PaddleOcr);
    }

    @Test
    void aTerminalIsReadLineByLineWithItsPunctuation() throws Exception {
        List<String> lines = texts("terminal.png");
        for (String expected : List.of("$ echo alpha bravo", "alpha bravo", "$ seq 1 4 | paste -sd+ | bc", "10", "$ ls /srv/backup")) {
            assertTrue(lines.contains(expected), expected + " in " + lines);
        }
        assertTrue(String.join(" ", lines).contains("report-2026.pdf"), lines.toString());
    }

    @Test
    void anEditorsTextAndMenusAreReadInReadingOrder() throws Exception {
        List<String> lines = texts("editor.png");
        int meeting = lines.indexOf("Meeting notes 2026-11-27");
        int call = lines.indexOf("Call Hiro Tanaka at +44 20 7946 0958");
        int invoice = lines.indexOf("Invoice total: 1250 EUR");
        assertTrue(meeting >= 0 && meeting < call && call < invoice, lines.toString());
        assertTrue(String.join(" ", lines).contains("File"), lines.toString());
    }

    @Test
    void aDarkThemeReadsAsWellAsTheLightOne() throws Exception {
        List<String> lines = texts("dark.png");
        for (String expected : List.of("Meeting notes 2026-11-27", "Call Hiro Tanaka at +44 20 7946 0958", "Invoice total: 1250 EUR")) {
            assertTrue(lines.contains(expected), expected + " in " + lines);
        }
    }

    @Test
    void aFormsLabelsFieldsAndButtonAreReadEachWordBoxedWhereItIs() throws Exception {
        List<TextLine> lines = new PaddleOcr().read(screenshot("form.png"));
        String all = String.join("\n", lines.stream().map(TextLine::text).toList());
        for (String expected : List.of("Shipping address", "Carla Rossi", "carla.rossi@mail.de", "Continue to payment", "Save for next time")) {
            assertTrue(all.contains(expected), expected + " in " + all);
        }
        Word email = lines.stream().flatMap(l -> l.words().stream()).filter(w -> w.text().equals("carla.rossi@mail.de")).findFirst().orElseThrow();
        // the field's text begins at x 62 and ends near 179 on the screenshot, on the row y 160 to 177
        assertTrue(Math.abs(email.x() - 62) <= 6 && Math.abs(email.x() + email.width() - 179) <= 8, email.toString());
        assertTrue(email.y() <= 162 && email.y() + email.height() >= 175, email.toString());
        assertTrue(email.confidence() > 0.8, email.toString());
    }
}
