package org.trajectory.ui.internal.editor;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The first screenshot of the task a reviewer has selected in the table, decoded while they decide to open it, so the
 * editor shows it at once rather than seconds after its window (decoding a 1920x1080 PNG and fitting it to the canvas
 * is the slowest part of opening a task). Kept for the last few tasks selected; an editor takes its copy.
 */
public final class FirstScreens {

    private static final int KEPT = 3;
    private static final Map<String, ImageCache.Decoded> DECODED = new LinkedHashMap<>();
    /** The size the last editor's screenshot was fitted to, which the next one most likely has. */
    private static volatile int fitWidth;
    private static volatile int fitHeight;

    private FirstScreens() {
    }

    /** Decodes screenshot {@code sha} of {@code bytes} ahead of an editor (off the UI thread: this takes a while). */
    public static void decode(String sha, byte[] bytes) {
        synchronized (DECODED) {
            if (DECODED.containsKey(sha)) {
                return;
            }
        }
        ImageCache.Decoded decoded = ImageCache.decode(bytes, fitWidth, fitHeight);
        if (decoded != null) {
            synchronized (DECODED) {
                DECODED.put(sha, decoded);
                while (DECODED.size() > KEPT) {
                    DECODED.remove(DECODED.keySet().iterator().next());
                }
            }
        }
    }

    /** Whether {@code sha} is decoded and waiting for its editor. */
    public static boolean has(String sha) {
        synchronized (DECODED) {
            return DECODED.containsKey(sha);
        }
    }

    /** The decoded screenshot {@code sha}, handed over once (null when it was not read ahead). */
    static ImageCache.Decoded take(String sha) {
        synchronized (DECODED) {
            return DECODED.remove(sha);
        }
    }

    static void fitTo(int width, int height) {
        fitWidth = width;
        fitHeight = height;
    }
}
