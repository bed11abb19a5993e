package org.trajectory.ui.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;

/** Grabs the whole display into target/screenshots (the pom sets the folder); a blank image fails the test. */
public final class Screenshots {

    private Screenshots() {
    }

    public static void take(Display display, String name) throws Exception {
        Rectangle bounds = display.getBounds();
        Image image = new Image(display, bounds.width, bounds.height);
        GC gc = new GC(display);
        try {
            gc.copyArea(image, 0, 0);
            ImageData data = image.getImageData();
            Set<Integer> colours = new HashSet<>();
            for (int y = 0; y < data.height; y += 7) {
                for (int x = 0; x < data.width; x += 7) {
                    colours.add(data.getPixel(x, y));
                }
            }
            assertTrue(colours.size() > 8, "the screenshot shows a painted window, not a blank screen");
            Path dir = Path.of(System.getProperty("trajectory.screenshots", "target/screenshots"));
            Files.createDirectories(dir);
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[] { data };
            loader.save(dir.resolve(name).toString(), SWT.IMAGE_PNG);
        } finally {
            gc.dispose();
            image.dispose();
        }
    }
}
