package org.trajectory.extract.internal.offline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.opencv.core.Rect;
import org.trajectory.screentext.ScreenTexts;
import org.trajectory.screentext.TextLine;

/**
 * A typed line made plain for OCR: an editor's thin caret after the last letter goes (Tesseract read "bravo|" as
 * "bravol" in Wine's Notepad), an "l" that ends a word stays.
 */
class TypedTextTest {

    private static final Font FONT = new Font(Font.MONOSPACED, Font.PLAIN, 14);

    @Test
    void aThinCaretAfterTheLastLetterIsTakenOut() throws Exception {
        BufferedImage line = line("bravo", true);
        int letters = letterEnd(line, "bravo");
        BufferedImage plain = plain(line);
        int ink = inkRight(plain) / (plain.getWidth() / line.getWidth()); // a small line is enlarged to be read
        assertTrue(ink <= letters + 1, "no ink right of the letters, which end at " + letters + ": ink up to " + ink);
    }

    /**
     * A caret drawn right against the last letter (a GTK entry's after an "s") goes whole: its pixels beside the letter
     * were kept as the letter's blended edge, a stub that OCR read as a full stop after every path typed.
     */
    @Test
    void aCaretTouchingTheLastLetterIsTakenOutWhole() throws Exception {
        BufferedImage line = line("paths", false);
        int letters = inkRight(line);
        Graphics2D g = line.createGraphics();
        g.setColor(Color.BLACK);
        g.fillRect(letters + 1, 4, 1, 14);
        g.dispose();
        BufferedImage plain = plain(line);
        int ink = inkRight(plain) / (plain.getWidth() / line.getWidth());
        assertTrue(ink <= letters, "no ink right of the letters, which end at " + letters + ": ink up to " + ink);
    }

    @Test
    void anLThatEndsAWordIsALetterNotACaret() throws Exception {
        BufferedImage line = line("cool", false);
        int letters = letterEnd(line, "cool");
        BufferedImage plain = plain(line);
        int ink = inkRight(plain) / (plain.getWidth() / line.getWidth());
        assertTrue(ink >= letters - 3, "the l kept: the letters end at " + letters + ", ink at " + ink);
    }

    /**
     * A line of Notepad in a video made 2/3 as large (OBS's downscale): 15 pixels high, its letters 7. Tesseract read such
     * lines as nothing, so the typing was dropped; enlarged first, the word is read.
     */
    @Test
    void aLineOfAVideoMadeSmallerIsEnlargedAndRead() throws Exception {
        BufferedImage line = line("garden", false);
        BufferedImage small = new BufferedImage(line.getWidth() * 2 / 3, line.getHeight() * 2 / 3, BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D g = small.createGraphics();
        g.drawImage(line.getScaledInstance(small.getWidth(), small.getHeight(), java.awt.Image.SCALE_AREA_AVERAGING), 0, 0, null);
        g.dispose();
        BufferedImage plain = plain(small);
        assertTrue(plain.getHeight() >= 20, "enlarged to " + plain.getHeight() + " px");
        assertEquals("garden", TextLine.text(ScreenTexts.get().chosen().read(plain)));
    }

    /**
     * A line is read in its letters' own greys, dark on light: a terminal's light letters on dark paper come out dark on
     * light with their soft edges kept (cut to black and white, a terminal's small `7` and `/` were read as `?` and `;`).
     */
    @Test
    void aLineIsReadInItsLettersOwnGreysDarkOnLight() throws Exception {
        BufferedImage line = line("bravo", false);
        BufferedImage lightOnDark = new BufferedImage(line.getWidth(), line.getHeight(), BufferedImage.TYPE_3BYTE_BGR);
        for (int y = 0; y < line.getHeight(); y++) {
            for (int x = 0; x < line.getWidth(); x++) {
                lightOnDark.setRGB(x, y, ~line.getRGB(x, y));
            }
        }
        BufferedImage plain = plain(lightOnDark);
        Set<Integer> greys = new HashSet<>();
        int light = 0;
        for (int y = 0; y < plain.getHeight(); y++) {
            for (int x = 0; x < plain.getWidth(); x++) {
                int grey = plain.getRGB(x, y) & 0xff;
                greys.add(grey);
                light += grey >= 128 ? 1 : 0;
            }
        }
        assertTrue(light > plain.getWidth() * plain.getHeight() * 3 / 4, "light paper");
        assertTrue(greys.size() > 2, "the letters' edges in their greys: " + greys.size() + " grey levels");
    }

    /**
     * What is typed stays. A caret that showed and went (NEdit's, five pixels wide, read as an "I" typed) was not typed;
     * a word typed stays while its caret blinks after it; a line that went blank as the screen was cleared around it (an
     * Enter running `clear`) was typed.
     */
    @Test
    void aLineThatShowsAgainWhatItShowedBeforeWhileTheLinesAroundStayWasNotTyped() throws Exception {
        Rect line = new Rect(4, 44, 112, 22);
        BufferedImage before = page("", false);
        assertTrue(TypedText.undone(before, page("", true), List.of(before), line), "a caret blinked on and off");
        BufferedImage typed = page("garden", true);
        assertFalse(TypedText.undone(before, typed, List.of(page("garden", false)), line), "a word typed stays");
        BufferedImage cleared = new BufferedImage(120, 110, BufferedImage.TYPE_3BYTE_BGR);
        paper(cleared).dispose();
        assertFalse(TypedText.undone(before, typed, List.of(cleared), line), "the screen was cleared around it");
    }

    /**
     * A typed line is read from the moment after it where its caret blinked off: the same letters, no stroke beside the
     * last to be read as one. Not where something else changed first (a letter more: the line may show more than was
     * typed; a short word going is no caret), nor where the caret came on, nor where a thin letter went with none in
     * front of it (a cell's "1" moving on as it is entered).
     */
    @Test
    void aTypedLineIsReadWhereItsCaretBlinkedOffAndNotPastAnotherChange() throws Exception {
        Rect whole = new Rect(0, 0, 60, 22);
        BufferedImage last = line("garden", true);
        BufferedImage off = line("garden", false);
        assertSame(off, TypedText.settled(last, List.of(line("garden", true), off), whole), "the caret blinked off");
        assertSame(last, TypedText.settled(last, List.of(line("gardens", true), line("gardens", false)), whole), "a letter came first");
        assertSame(off, TypedText.settled(off, List.of(last), whole), "the caret came on");
        assertSame(last, TypedText.settled(last, List.of(), whole), "nothing later");
        BufferedImage word = page("garden ab", false);
        Rect middle = new Rect(4, 44, 112, 22);
        assertSame(word, TypedText.settled(word, List.of(page("garden", false)), middle), "a short word went");
        BufferedImage letter = page("l", false);
        assertSame(letter, TypedText.settled(letter, List.of(page("", false)), middle), "the only letter went");
    }

    /**
     * The crop of a typing's line reaches a few pixels past where the typing changed it: there it cuts the edges of the
     * letters beside it and of the line above (a console's prompt ">" cut was read as a quote before the typed text,
     * the line above's descenders as a row of e's). What the margins show the same before and after is not read.
     */
    @Test
    void theEdgesOfTheLettersAndTheLineBesideATypingCutByItsCropAreNotRead() throws Exception {
        BufferedImage before = console("");
        BufferedImage after = console("set");
        Rect typed = changedBetween(before, after);
        Rect crop = new Rect(typed.x - 4, typed.y - 4, typed.width + 8, typed.height + 8);
        Rect inCrop = new Rect(4, 4, typed.width, typed.height);
        BufferedImage was = cropped(before, crop);
        BufferedImage is = cropped(after, crop);
        assertTrue(darkOutside(was, inCrop) > 0 && darkOutside(is, inCrop) > 0, "the crop cuts the prompt and the line above");
        List<BufferedImage> plain = TypedText.plain(was, is, inCrop);
        int times = plain.get(0).getWidth() / crop.width; // a line this small is enlarged to be read
        Rect enlarged = new Rect(inCrop.x * times, inCrop.y * times, inCrop.width * times, inCrop.height * times);
        assertEquals(0, darkOutside(plain.get(0), enlarged), "nothing left of the prompt and the line above before");
        assertEquals(0, darkOutside(plain.get(1), enlarged), "nothing left of the prompt and the line above after");
        assertTrue(darkOutside(plain.get(1), new Rect(0, 0, 0, 0)) > 20, "the typed letters kept");
    }

    /**
     * A pointer the finder lost, coming over a line of an editor, changes the line as letters would (NEdit's arrow was
     * read as "h" and "eS" typed): the pointer detector sees it there after and not before, and all that changed is in
     * its reach, so it is no typing. Letters typed as the pointer arrives beside them, or while it rests on the line, are.
     */
    @Test
    void aPointerThatCameOverALineIsNoTypingButLettersTypedBesideAPointerAre() throws Exception {
        PointerDetector detector = PointerDetector.shared();
        Rect line = new Rect(4, 44, 112, 22);
        BufferedImage arrow;
        try (java.io.InputStream in = TypedTextTest.class.getResourceAsStream("/cursors/adwaita-left_ptr.png")) {
            arrow = javax.imageio.ImageIO.read(in);
        }
        BufferedImage bare = page("bravo", false);
        assertTrue(TypedText.pointerCame(bare, withPointer(page("bravo", false), arrow, 60), line, detector), "the arrow came over the line");
        assertFalse(TypedText.pointerCame(page("", false), withPointer(page("bravo", false), arrow, 84), line, detector),
                "letters typed as the arrow came beside them");
        assertFalse(TypedText.pointerCame(withPointer(page("", false), arrow, 84), withPointer(page("bravo", false), arrow, 84), line, detector),
                "letters typed while the arrow rests on the line");
    }

    /**
     * An I-beam the finder never told, hidden from a line as the keys begin (a terminal hides its pointer), changes the
     * line as a letter would (an encoded copy's LXTerminal was read as "i" typed): what changed went, so it is no
     * typing. Figures redrawn in place (a process list's memory column, a counter) take away about as much ink as they
     * add (the dev Windows corpus read eighteen of them as typing): no typing either. Letters typed, and letters typed
     * where the I-beam was, add ink.
     */
    @Test
    void inkThatWentOrWasRedrawnIsNoTypingButLettersTypedThereAre() throws Exception {
        Rect line = new Rect(4, 44, 112, 22);
        BufferedImage beam;
        try (java.io.InputStream in = TypedTextTest.class.getResourceAsStream("/cursors/dmz-white-xterm.png")) {
            beam = javax.imageio.ImageIO.read(in);
        }
        assertFalse(TypedText.inkCame(withPointer(page("", false), beam, 60), page("", false), line), "the I-beam went from the line");
        assertFalse(TypedText.inkCame(page("4938 K", false), page("5120 K", false), line), "figures redrawn in place");
        assertFalse(TypedText.inkCame(page("81 %", false), page("80 %", false), line), "a figure turned");
        assertTrue(TypedText.inkCame(page("", false), page("bravo", false), line), "letters typed");
        assertTrue(TypedText.inkCame(page("brav", false), page("bravo", false), line), "a letter typed after others");
        assertTrue(TypedText.inkCame(withPointer(page("", false), beam, 20), page("bravo", false), line), "letters typed where the I-beam was");
    }

    /**
     * A terminal's block caret moves on with a command typed in one frame (typed fast, at ten frames a second): its box
     * before and after took away as much ink as it added, and the letters read as figures redrawn in place (an encoded
     * copy's `ls /` was lost so).
     */
    @Test
    void lettersTypedInOneFrameBeforeABlockCaretAreInkThatCame() throws Exception {
        Rect line = new Rect(0, 3, 70, 18);
        assertTrue(TypedText.inkCame(terminal(""), terminal("ls /"), line), "the command typed before the caret");
        assertFalse(TypedText.inkCame(terminal("81 %"), terminal("80 %"), line), "a figure turned before the caret");
    }

    /** A terminal's line: light letters on black, and the block caret after them. */
    private static BufferedImage terminal(String typed) {
        BufferedImage image = new BufferedImage(80, 24, BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.BLACK);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        g.setColor(Color.LIGHT_GRAY);
        g.drawString(typed, 4, 16);
        g.fillRect(4 + g.getFontMetrics().stringWidth(typed), 4, 7, 15);
        g.dispose();
        return image;
    }

    private static BufferedImage withPointer(BufferedImage page, BufferedImage pointer, int x) {
        Graphics2D g = page.createGraphics();
        g.drawImage(pointer, x, 46, null);
        g.dispose();
        return page;
    }

    /** A console: a line of output with descenders, and under it a prompt with what is typed after it. */
    private static BufferedImage console(String typed) {
        BufferedImage image = new BufferedImage(120, 44, BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D g = paper(image);
        g.drawString("gappy jpg", 4, 17);
        g.drawString("C:\\>" + typed, 4, 34);
        g.dispose();
        return image;
    }

    private static BufferedImage cropped(BufferedImage image, Rect crop) {
        BufferedImage part = new BufferedImage(crop.width, crop.height, BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D g = part.createGraphics();
        g.drawImage(image.getSubimage(crop.x, crop.y, crop.width, crop.height), 0, 0, null);
        g.dispose();
        return part;
    }

    private static Rect changedBetween(BufferedImage a, BufferedImage b) {
        int left = a.getWidth(), top = a.getHeight(), right = -1, bottom = -1;
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                if (a.getRGB(x, y) != b.getRGB(x, y)) {
                    left = Math.min(left, x);
                    top = Math.min(top, y);
                    right = Math.max(right, x);
                    bottom = Math.max(bottom, y);
                }
            }
        }
        return new Rect(left, top, right - left + 1, bottom - top + 1);
    }

    /** How many dark pixels a picture has outside a rectangle. */
    private static int darkOutside(BufferedImage image, Rect inside) {
        int dark = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                boolean within = x >= inside.x && x < inside.x + inside.width && y >= inside.y && y < inside.y + inside.height;
                if (!within && (image.getRGB(x, y) & 0xff) < 128) {
                    dark++;
                }
            }
        }
        return dark;
    }

    /** A line made plain as the typing's picture after a blank one: nothing in it was there before. */
    private static BufferedImage plain(BufferedImage line) throws Exception {
        BufferedImage blank = new BufferedImage(line.getWidth(), line.getHeight(), BufferedImage.TYPE_3BYTE_BGR);
        paper(blank).dispose();
        return TypedText.plain(blank, line, new Rect(0, 0, line.getWidth(), line.getHeight())).get(1);
    }

    /** Five lines of an editor, the middle one (44 to 66) typed on: its text and an I-beam caret with serifs after it. */
    private static BufferedImage page(String typed, boolean caret) {
        BufferedImage image = new BufferedImage(120, 110, BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D g = paper(image);
        g.drawString("report", 4, 15);
        g.drawString("alpha river", 4, 37);
        g.drawString(typed, 4, 59);
        g.drawString("window", 4, 81);
        g.drawString("delta", 4, 103);
        if (caret) {
            int x = 5 + g.getFontMetrics().stringWidth(typed);
            g.fillRect(x + 2, 46, 1, 17);
            g.fillRect(x, 46, 5, 1);
            g.fillRect(x, 62, 5, 1);
        }
        g.dispose();
        return image;
    }

    /** A line of an editor: dark text on white, a line above reaching into the picture, and the caret after the text. */
    private static BufferedImage line(String text, boolean caret) {
        BufferedImage image = new BufferedImage(60, 22, BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D g = paper(image);
        g.drawString(text, 4, 15);
        g.fillRect(4, 0, 40, 1); // the descenders of the line above
        if (caret) {
            g.fillRect(letterEnd(image, text) + 2, 4, 1, 14); // from above the small letters to below their baseline, shorter than a border
        }
        g.dispose();
        return image;
    }

    /** The picture made white, and a pen to write on it in black. */
    private static Graphics2D paper(BufferedImage image) {
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        g.setColor(Color.BLACK);
        g.setFont(FONT);
        return g;
    }

    private static int letterEnd(BufferedImage image, String text) {
        Graphics2D g = image.createGraphics();
        int end = 4 + g.getFontMetrics(FONT).stringWidth(text);
        g.dispose();
        return end;
    }

    /** The rightmost column with ink (dark) below the picture's first row. */
    private static int inkRight(BufferedImage plain) {
        for (int x = plain.getWidth() - 1; x >= 0; x--) {
            for (int y = 1; y < plain.getHeight(); y++) {
                if ((plain.getRGB(x, y) & 0xff) < 128) {
                    return x;
                }
            }
        }
        return -1;
    }
}
