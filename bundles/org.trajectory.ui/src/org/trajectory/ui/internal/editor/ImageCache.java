package org.trajectory.ui.internal.editor;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

import org.eclipse.swt.SWTException;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.widgets.Display;
import org.trajectory.dataset.ImageStore;

/**
 * Decodes screenshots off the UI thread and keeps the recent ones (the current step and its neighbours) and small
 * thumbnails for the step strip. Results arrive on the UI thread.
 */
final class ImageCache {

    static final int THUMB_WIDTH = 160;
    private static final int FULL_IMAGES = 9;
    private static final int THUMBNAILS = 600;

    private final ImageStore images;
    private final Display display;
    private final ExecutorService decoder = Executors.newSingleThreadExecutor(r -> {
        Thread thread = new Thread(r, "Screenshot decoder");
        thread.setDaemon(true);
        return thread;
    });
    /** Screenshots ready to draw, made on the UI thread when they arrive, not when the step is shown; least recently used first. */
    private final Map<String, Image> full = new LinkedHashMap<>(16, 0.75f, true);
    /**
     * The screenshot last asked for to be shown: never disposed to make room. (Thumbnails decoded after it arrive as
     * full images too; the least recently used is not always another than the one on the canvas.)
     */
    private String shown;
    private final Map<String, ImageData> thumbs = lru(THUMBNAILS);
    /** Each full screenshot's copy fitted to the canvas, made with it in the decoder's thread. */
    private final Map<Image, Image> fitted = new HashMap<>();
    /** The canvas's size, which the decoder fits copies to. */
    private volatile int fitWidth;
    private volatile int fitHeight;
    /** Images being decoded, with everyone waiting for each. */
    private final Map<String, List<Consumer<ImageData>>> pending = new HashMap<>();

    ImageCache(ImageStore images, Display display) {
        this.images = images;
        this.display = display;
    }

    private static <K, V> Map<K, V> lru(int size) {
        return new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > size;
            }
        };
    }

    /**
     * The screenshot now if it is here (else null, and {@code ready} gets it later on the UI thread, or null when it
     * cannot be read). The cache owns the images it gives out.
     */
    Image full(String sha, Consumer<Image> ready) {
        shown = sha;
        Image cached = full.get(sha);
        if (cached != null || sha == null) {
            return cached;
        }
        Decoded ahead = FirstScreens.take(sha);
        if (ahead != null) { // read while the reviewer chose the task: only made ready to draw here
            keep(sha, new Image(display, ahead.full()), ahead.fitted() == null ? null : new Image(display, ahead.fitted()), thumbnailOf(ahead.full()));
            return full.get(sha);
        }
        load(sha, data -> ready.accept(full.get(sha)));
        return null;
    }

    /** Screenshots decoded from now on also come fitted to an area of this size (the canvas's). */
    void fitTo(int width, int height) {
        fitWidth = width;
        fitHeight = height;
        FirstScreens.fitTo(width, height);
    }

    /** The copy of {@code full} fitted to {@code width} x {@code height}, if one was made that size; the cache owns it. */
    Image fitted(Image full, int width, int height) {
        Image copy = fitted.get(full);
        return copy != null && copy.getBounds().width == width && copy.getBounds().height == height ? copy : null;
    }

    /** Whether {@code sha} is decoded and kept, ready to show. */
    boolean has(String sha) {
        return full.containsKey(sha);
    }

    /** Decodes {@code sha} ahead of need. */
    void prefetch(String sha) {
        if (sha != null && !full.containsKey(sha)) {
            load(sha, data -> { });
        }
    }

    ImageData thumbnail(String sha, Consumer<ImageData> ready) {
        ImageData cached = thumbs.get(sha);
        if (cached != null || sha == null) {
            return cached;
        }
        load(sha, data -> ready.accept(thumbs.get(sha)));
        return null;
    }

    private void load(String sha, Consumer<ImageData> ready) {
        List<Consumer<ImageData>> waiting = pending.get(sha);
        if (waiting != null) {
            waiting.add(ready); // already on its way
            return;
        }
        pending.put(sha, new ArrayList<>(List.of(ready)));
        decoder.execute(() -> {
            Decoded decoded = decode(sha, fitWidth, fitHeight);
            ImageData data = decoded == null ? null : decoded.full();
            ImageData thumb = data == null ? null : thumbnailOf(data);
            // Made here, not on the UI thread: turning a 1920x1080 screenshot into an image ready to draw converts every
            // pixel (tens of milliseconds). An image is a graphics resource, not a widget: SWT lets any thread make one.
            Image image = data == null || display.isDisposed() ? null : new Image(display, data);
            Image fit = decoded == null || decoded.fitted() == null || display.isDisposed() ? null : new Image(display, decoded.fitted());
            if (display.isDisposed()) {
                return;
            }
            display.asyncExec(() -> {
                if (image != null && !full.containsKey(sha)) {
                    keep(sha, image, fit, thumb);
                } else {
                    disposeAll(image, fit);
                }
                pending.remove(sha).forEach(consumer -> consumer.accept(data));
            });
        });
    }

    private void keep(String sha, Image image, Image fit, ImageData thumb) {
        full.put(sha, image);
        if (fit != null) {
            fitted.put(image, fit);
        }
        trim();
        thumbs.put(sha, thumb);
    }

    private static ImageData thumbnailOf(ImageData data) {
        return data.scaledTo(THUMB_WIDTH, Math.max(1, data.height * THUMB_WIDTH / Math.max(1, data.width)));
    }

    /** A screenshot's pixels, and a copy fitted to the canvas when it is smaller than the screenshot (else null). */
    record Decoded(ImageData full, ImageData fitted) {
    }

    /**
     * Decodes with Java's ImageIO, which also scales the copy for the canvas (bilinear): scaling with SWT would draw
     * the full image, and SWT 3.135 reads back every pixel of an image it draws, on the UI thread
     * (eclipse.platform.swt#3507). Formats ImageIO cannot read are decoded by SWT, without a fitted copy.
     */
    private Decoded decode(String sha, int areaWidth, int areaHeight) {
        try {
            return decode(images.read(sha), areaWidth, areaHeight);
        } catch (java.io.IOException e) {
            return null;
        }
    }

    /** {@code bytes} decoded, with a copy fitted to {@code areaWidth} x {@code areaHeight} when that is smaller; null when no decoder reads them. */
    static Decoded decode(byte[] bytes, int areaWidth, int areaHeight) {
        try {
            java.awt.image.BufferedImage read = javax.imageio.ImageIO.read(new ByteArrayInputStream(bytes));
            if (read == null) {
                ImageData[] frames = new ImageLoader().load(new ByteArrayInputStream(bytes));
                return frames.length == 0 ? null : new Decoded(frames[0], null);
            }
            int width = read.getWidth();
            int height = read.getHeight();
            double scale = Math.min((double) areaWidth / width, (double) areaHeight / height);
            ImageData fit = null;
            if (areaWidth > 0 && areaHeight > 0 && scale < 1) {
                java.awt.image.BufferedImage small = new java.awt.image.BufferedImage(Math.max(1, (int) (width * scale)),
                        Math.max(1, (int) (height * scale)), java.awt.image.BufferedImage.TYPE_INT_RGB);
                java.awt.Graphics2D g = small.createGraphics();
                g.setRenderingHint(java.awt.RenderingHints.KEY_INTERPOLATION, java.awt.RenderingHints.VALUE_INTERPOLATION_BILINEAR);
                g.setRenderingHint(java.awt.RenderingHints.KEY_RENDERING, java.awt.RenderingHints.VALUE_RENDER_QUALITY);
                g.drawImage(read, 0, 0, small.getWidth(), small.getHeight(), null);
                g.dispose();
                fit = rgb(small);
            }
            return new Decoded(rgb(read), fit);
        } catch (java.io.IOException | SWTException e) {
            return null;
        }
    }

    /** An AWT image's pixels as SWT image data: 24-bit RGB, row by row (screenshots are opaque). */
    private static ImageData rgb(java.awt.image.BufferedImage image) {
        int width = image.getWidth();
        int height = image.getHeight();
        ImageData data = new ImageData(width, height, 24, new org.eclipse.swt.graphics.PaletteData(0xFF0000, 0xFF00, 0xFF));
        int[] row = new int[width];
        for (int y = 0; y < height; y++) {
            image.getRGB(0, y, width, 1, row, 0, width);
            data.setPixels(0, y, width, row, 0);
        }
        return data;
    }

    private static void disposeAll(Image... images) {
        for (Image image : images) {
            if (image != null) {
                image.dispose();
            }
        }
    }

    /** Disposes the least recently used screenshots beyond {@value #FULL_IMAGES}, but the shown one. */
    private void trim() {
        java.util.Iterator<Map.Entry<String, Image>> eldest = full.entrySet().iterator();
        while (full.size() > FULL_IMAGES && eldest.hasNext()) {
            Map.Entry<String, Image> entry = eldest.next();
            if (!entry.getKey().equals(shown)) {
                disposeAll(entry.getValue(), fitted.remove(entry.getValue()));
                eldest.remove();
            }
        }
    }

    void dispose() {
        decoder.shutdownNow();
        full.values().forEach(Image::dispose);
        full.clear();
        fitted.values().forEach(Image::dispose);
        fitted.clear();
    }

}
