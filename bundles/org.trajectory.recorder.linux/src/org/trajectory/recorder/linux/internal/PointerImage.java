package org.trajectory.recorder.linux.internal;

import com.sun.jna.Pointer;

/** The pointer drawn into a screen grab, which X leaves it out of: the recorder's frames and a replay's grabs show it alike. */
final class PointerImage {

    private PointerImage() {
    }

    /** Blends the pointer, as the X server has it now, into the BGRA frame in shared memory. */
    static void draw(Pointer display, Pointer pixels, int stride, int width, int height) {
        Pointer cursorImage = Xlib.Xfixes.LIB.XFixesGetCursorImage(display);
        if (cursorImage == null) {
            return;
        }
        try {
            drawImage(cursorImage, pixels, stride, width, height);
        } finally {
            Xlib.X11.LIB.XFree(cursorImage);
        }
    }

    /**
     * Blends a pointer image from XFixesGetCursorImage (premultiplied ARGB, one C long a pixel) into the BGRA frame in
     * shared memory; the caller frees the image.
     */
    static void drawImage(Pointer cursorImage, Pointer pixels, int stride, int width, int height) {
        int cx = cursorImage.getShort(0) - (cursorImage.getShort(8) & 0xffff);
        int cy = cursorImage.getShort(2) - (cursorImage.getShort(10) & 0xffff);
        int w = cursorImage.getShort(4) & 0xffff;
        int h = cursorImage.getShort(6) & 0xffff;
        Pointer argb = cursorImage.getPointer(24);
        for (int row = 0; row < h; row++) {
            int y = cy + row;
            if (y < 0 || y >= height) {
                continue;
            }
            for (int col = 0; col < w; col++) {
                int xx = cx + col;
                if (xx < 0 || xx >= width) {
                    continue;
                }
                long pixel = argb.getLong((long) (row * w + col) * 8);
                int alpha = (int) (pixel >>> 24) & 0xff;
                if (alpha == 0) {
                    continue;
                }
                long at = (long) y * stride + xx * 4L;
                int under = pixels.getInt(at);
                int blended = 0xff000000;
                for (int channel = 0; channel < 3; channel++) { // B, G, R: premultiplied source over destination
                    int source = (int) (pixel >>> (8 * channel)) & 0xff;
                    int destination = under >>> (8 * channel) & 0xff;
                    blended |= Math.min(255, source + destination * (255 - alpha) / 255) << (8 * channel);
                }
                pixels.setInt(at, blended);
            }
        }
    }
}
