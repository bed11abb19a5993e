package org.trajectory.vlm.prompt;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

import javax.imageio.ImageIO;

import org.trajectory.model.action.Action;

/**
 * What the generator is shown, as the field does it: the screenshot with a red circle (40 px across) at the action's
 * point, and a 300 px crop around that point; and a cheap measure of how much two screenshots differ.
 *
 * @since 0.1
 */
public final class Markers {

    /**
     * When a step counts as having changed the screen: this many changed pixels in the square of {@link #AROUND} px
     * about its point (a caret moved near a click), or this many anywhere (two typed characters change a few hundred).
     */
    public static final int AROUND = 200;
    public static final long CHANGED_NEAR = 20;
    public static final long CHANGED_ANYWHERE = 40;
    public static final int CIRCLE = 40;
    static final int CROP = 300;

    private Markers() {
    }

    public static BufferedImage read(byte[] bytes) throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
        if (image == null) {
            throw new IOException("not an image the JDK can read");
        }
        return image;
    }

    public static byte[] png(BufferedImage image) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }

    /** The screenshot with the marker drawn at the normalized {@code point}. */
    public static BufferedImage marked(BufferedImage screen, Action.Point point) {
        BufferedImage copy = new BufferedImage(screen.getWidth(), screen.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = copy.createGraphics();
        try {
            g.drawImage(screen, 0, 0, null);
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setColor(Color.RED);
            g.setStroke(new BasicStroke(3));
            int x = (int) Math.round(point.x() * screen.getWidth());
            int y = (int) Math.round(point.y() * screen.getHeight());
            g.drawOval(x - CIRCLE / 2, y - CIRCLE / 2, CIRCLE, CIRCLE);
        } finally {
            g.dispose();
        }
        return copy;
    }

    /** The {@value #CROP} px square around the normalized {@code point}, kept inside the image. */
    public static BufferedImage crop(BufferedImage screen, Action.Point point) {
        int size = Math.min(CROP, Math.min(screen.getWidth(), screen.getHeight()));
        int x = clamp((int) Math.round(point.x() * screen.getWidth()) - size / 2, 0, screen.getWidth() - size);
        int y = clamp((int) Math.round(point.y() * screen.getHeight()) - size / 2, 0, screen.getHeight() - size);
        return screen.getSubimage(x, y, size, size);
    }

    /**
     * The number of pixels that differ between two screenshots of one size (by more than a little, to ignore encoding
     * noise), within the square of side {@code side} px around the normalized {@code point}, or on the whole screen
     * when {@code point} is null. Counted, not a share: two typed characters change a few hundred pixels of a
     * megapixel screen. {@link Long#MAX_VALUE} when the sizes differ.
     */
    public static long changed(BufferedImage before, BufferedImage after, Action.Point point, int side) {
        if (before.getWidth() != after.getWidth() || before.getHeight() != after.getHeight()) {
            return Long.MAX_VALUE;
        }
        int x0 = 0;
        int y0 = 0;
        int x1 = before.getWidth();
        int y1 = before.getHeight();
        if (point != null) {
            int cx = (int) Math.round(point.x() * before.getWidth());
            int cy = (int) Math.round(point.y() * before.getHeight());
            x0 = clamp(cx - side / 2, 0, before.getWidth());
            y0 = clamp(cy - side / 2, 0, before.getHeight());
            x1 = clamp(cx + side / 2, 0, before.getWidth());
            y1 = clamp(cy + side / 2, 0, before.getHeight());
        }
        long differing = 0;
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                int a = before.getRGB(x, y);
                int b = after.getRGB(x, y);
                int d = Math.abs((a >> 16 & 0xff) - (b >> 16 & 0xff)) + Math.abs((a >> 8 & 0xff) - (b >> 8 & 0xff))
                        + Math.abs((a & 0xff) - (b & 0xff));
                if (d > 48) {
                    differing++;
                }
            }
        }
        return differing;
    }

    private static int clamp(int value, int min, int max) {
        return Math.max(min, Math.min(max, value));
    }
}
