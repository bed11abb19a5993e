import java.awt.image.BufferedImage;
import java.io.File;
import java.util.List;

import javax.imageio.ImageIO;

import org.trajectory.extract.ChangeLocalizer;
import org.trajectory.extract.Frame;

/**
 * Our Frame Difference Localizer over the same PNG pairs as localizer_recipe.py, one JSON line per pair: its boxes and
 * milliseconds (decoding the PNGs aside, as in the Python run). Run by localizer-benchmark.sh with the product's jars.
 */
public class LocalizerRun {
    public static void main(String[] args) throws Exception {
        ChangeLocalizer localizer = new ChangeLocalizer(new ChangeLocalizer.Settings(2, Double.parseDouble(args[0]), 10, 100));
        for (int i = 1; i + 1 < args.length; i += 2) {
            Frame before = frame(args[i]);
            Frame after = frame(args[i + 1]);
            localizer.changes(before, after); // warm
            long start = System.nanoTime();
            List<ChangeLocalizer.Box> boxes = localizer.changes(before, after);
            double ms = (System.nanoTime() - start) / 1e6;
            StringBuilder json = new StringBuilder("{\"pair\": \"" + args[i] + "\", \"boxes\": [");
            for (int b = 0; b < boxes.size(); b++) {
                ChangeLocalizer.Box box = boxes.get(b);
                json.append(b == 0 ? "" : ", ").append("[" + box.x() + ", " + box.y() + ", " + box.width() + ", " + box.height() + "]");
            }
            System.out.println(json.append("], \"ms\": ").append(ms).append("}"));
        }
    }

    private static Frame frame(String file) throws Exception {
        BufferedImage image = ImageIO.read(new File(file));
        byte[] rgb = new byte[image.getWidth() * image.getHeight() * 3];
        for (int y = 0, i = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++, i += 3) {
                int p = image.getRGB(x, y);
                rgb[i] = (byte) (p >> 16);
                rgb[i + 1] = (byte) (p >> 8);
                rgb[i + 2] = (byte) p;
            }
        }
        return new Frame(0, image.getWidth(), image.getHeight(), rgb);
    }
}
