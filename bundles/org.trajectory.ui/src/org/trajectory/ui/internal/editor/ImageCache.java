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
        load(sha, data -> ready.accept(full.get(sha)));
        return null;
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
            ImageData data = decode(sha);
            ImageData thumb = data == null ? null
                    : data.scaledTo(THUMB_WIDTH, Math.max(1, data.height * THUMB_WIDTH / Math.max(1, data.width)));
            // Made here, not on the UI thread: turning a 1920x1080 screenshot into an image ready to draw converts every
            // pixel (tens of milliseconds). An image is a graphics resource, not a widget: SWT lets any thread make one.
            Image image = data == null || display.isDisposed() ? null : new Image(display, data);
            if (display.isDisposed()) {
                return;
            }
            display.asyncExec(() -> {
                if (image != null && !full.containsKey(sha)) {
                    full.put(sha, image);
                    trim();
                    thumbs.put(sha, thumb);
                } else if (image != null) {
                    image.dispose();
                }
                pending.remove(sha).forEach(consumer -> consumer.accept(data));
            });
        });
    }

    private ImageData decode(String sha) {
        try {
            ImageData[] frames = new ImageLoader().load(new ByteArrayInputStream(images.read(sha)));
            return frames.length == 0 ? null : frames[0];
        } catch (java.io.IOException | SWTException e) {
            return null;
        }
    }

    /** Disposes the least recently used screenshots beyond {@value #FULL_IMAGES}, but the shown one. */
    private void trim() {
        java.util.Iterator<Map.Entry<String, Image>> eldest = full.entrySet().iterator();
        while (full.size() > FULL_IMAGES && eldest.hasNext()) {
            Map.Entry<String, Image> entry = eldest.next();
            if (!entry.getKey().equals(shown)) {
                entry.getValue().dispose();
                eldest.remove();
            }
        }
    }

    void dispose() {
        decoder.shutdownNow();
        full.values().forEach(Image::dispose);
        full.clear();
    }

}
