package org.trajectory.recorder;

import java.nio.ByteBuffer;

/**
 * A small picture of the screen while recording, for the recorder's window to show: kept in memory, never written.
 * RGB, three bytes a pixel, row after row. Made by backends that grab frames themselves, a few times a second, in
 * their own thread, so no window copies the screen on its UI thread.
 *
 * @since 0.1
 */
public record Preview(int width, int height, byte[] rgb) {

    /** The width of every preview; the height keeps the screen's proportions. */
    public static final int WIDTH = 320;
    /** How many previews a second a backend makes at most. */
    public static final int PER_SECOND = 5;

    /** Whether a frame taken at {@code now} also becomes a preview, the last one made at {@code last} (seconds). */
    public static boolean due(double last, double now) {
        return now - last >= 1.0 / PER_SECOND;
    }

    /**
     * The preview of a BGRA (or BGRX) frame of {@code width} x {@code height} whose rows are {@code stride} bytes apart.
     * Nearest-pixel sampling: a thumbnail needs no filtering, and it costs 320 x 200 reads a preview.
     */
    public static Preview ofBgra(ByteBuffer pixels, int width, int height, int stride) {
        int targetHeight = Math.max(1, (int) Math.round((double) WIDTH * height / width));
        byte[] rgb = new byte[WIDTH * targetHeight * 3];
        int out = 0;
        for (int y = 0; y < targetHeight; y++) {
            int row = (int) ((long) y * height / targetHeight) * stride;
            for (int x = 0; x < WIDTH; x++) {
                int at = row + (int) ((long) x * width / WIDTH) * 4;
                rgb[out++] = pixels.get(at + 2);
                rgb[out++] = pixels.get(at + 1);
                rgb[out++] = pixels.get(at);
            }
        }
        return new Preview(WIDTH, targetHeight, rgb);
    }

    /** The same size, black: shown while a private window is in front or the recording is paused. */
    public Preview blanked() {
        return new Preview(width, height, new byte[rgb.length]);
    }
}
