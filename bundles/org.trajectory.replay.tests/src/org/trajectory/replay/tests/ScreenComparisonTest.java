package org.trajectory.replay.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Point;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.trajectory.replay.internal.ScreenComparison;
import org.trajectory.replay.internal.ScreenComparison.Difference;

/** The screen comparison on drawn screens: what a codec does to a frame passes, a changed digit does not. */
class ScreenComparisonTest {

    private static BufferedImage screen(String display) {
        BufferedImage image = new BufferedImage(640, 400, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(new Color(0xf0f0f0));
        g.fillRect(0, 0, 640, 400);
        g.setColor(Color.WHITE);
        g.fillRect(40, 40, 560, 60);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 32));
        g.drawString(display, 520, 85);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        for (int row = 0; row < 4; row++) {
            g.drawString("7   8   9   /   sqrt", 60, 160 + row * 50);
        }
        g.dispose();
        return image;
    }

    /** Every channel of every pixel moved by up to {@code amount} levels, as a lossy codec moves them. */
    private static BufferedImage noisy(BufferedImage image, int amount) {
        Random random = new Random(7);
        BufferedImage copy = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y);
                int out = 0;
                for (int shift = 0; shift < 24; shift += 8) {
                    int channel = Math.clamp(((rgb >> shift) & 0xff) + random.nextInt(2 * amount + 1) - amount, 0, 255);
                    out |= channel << shift;
                }
                copy.setRGB(x, y, out);
            }
        }
        return copy;
    }

    @Test
    void theSameScreenMatchesAlsoThroughACodecsNoise() throws Exception {
        Difference same = ScreenComparison.compare(screen("5"), screen("5"), List.of());
        assertTrue(same.matched());
        assertEquals(1.0, same.similarity());
        assertTrue(ScreenComparison.compare(screen("5"), noisy(screen("5"), 20), List.of()).matched());
    }

    @Test
    void aChangedDigitDivergesWhereItIs() throws Exception {
        Difference changed = ScreenComparison.compare(screen("5"), noisy(screen("2"), 10), List.of());
        assertFalse(changed.matched());
        double[] region = changed.region();
        assertTrue(region[0] >= 500 / 640.0 && region[0] + region[2] <= 560 / 640.0, "x " + region[0] + "+" + region[2]);
        assertTrue(region[1] >= 40 / 400.0 && region[1] + region[3] <= 100 / 400.0, "y " + region[1] + "+" + region[3]);
        assertTrue(changed.similarity() > 0.99 && changed.similarity() < 1);
    }

    @Test
    void whatThePointerCoversIsLeftOut() throws Exception {
        BufferedImage withPointer = screen("5");
        Graphics2D g = withPointer.createGraphics();
        g.setColor(Color.BLACK);
        g.fillPolygon(new int[] { 300, 300, 312 }, new int[] { 250, 270, 262 }, 3);
        g.dispose();
        assertFalse(ScreenComparison.compare(screen("5"), withPointer, List.of()).matched());
        assertTrue(ScreenComparison.compare(screen("5"), withPointer, List.of(new Point(300, 250))).matched());
        assertFalse(ScreenComparison.compare(screen("5"), withPointer, List.of(new Point(100, 250))).matched());
    }

    @Test
    void aScreenOfAnotherSizeIsComparedScaled() throws Exception {
        BufferedImage large = new BufferedImage(1280, 800, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = large.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(screen("5"), 0, 0, 1280, 800, null);
        g.dispose();
        assertTrue(ScreenComparison.compare(screen("5"), large, List.of()).matched());
    }
}
