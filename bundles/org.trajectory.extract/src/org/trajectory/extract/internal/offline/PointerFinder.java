package org.trajectory.extract.internal.offline;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import javax.imageio.ImageIO;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Rect;
import org.opencv.imgproc.Imgproc;

/**
 * Finds the mouse pointer in a frame by OpenCV's masked template matching against the pointer images of the cursor
 * themes (shipped in {@code cursors/}, made by {@code releng/cursors/harvest.sh}; a user adds others as PNGs with
 * their hotspots in {@code ~/.trajectory-workbench/cursors/cursors.properties}). Only the opaque pixels of a pointer
 * are compared, so it is found over any background.
 */
final class PointerFinder {

    /** The mean squared difference per opaque pixel (grey levels scaled to 0..1) under which a template is taken as found. */
    static final double MATCH = 0.01;
    static final Path USER_FOLDER = Path.of(System.getProperty("user.home"), ".trajectory-workbench", "cursors");

    record Template(String name, Mat grey, Mat mask, int hotX, int hotY, double opaque) {
        int width() {
            return grey.cols();
        }

        int height() {
            return grey.rows();
        }
    }

    /** Where the pointer is: its hotspot, the template that matched, and the pixels it covers. */
    record Found(int x, int y, Template template, double score) {
        Rect footprint() {
            return new Rect(x - template.hotX(), y - template.hotY(), template.width(), template.height());
        }
    }

    private final List<Template> templates;

    PointerFinder() throws IOException {
        List<Template> all = new ArrayList<>();
        read(all, name -> PointerFinder.class.getResourceAsStream("/cursors/" + name));
        if (Files.isRegularFile(USER_FOLDER.resolve("cursors.properties"))) {
            read(all, name -> Files.newInputStream(USER_FOLDER.resolve(name)));
        }
        this.templates = List.copyOf(all);
    }

    private interface Opener {
        InputStream open(String name) throws IOException;
    }

    private static void read(List<Template> into, Opener opener) throws IOException {
        Properties hotspots = new Properties();
        try (InputStream in = opener.open("cursors.properties")) {
            if (in == null) {
                throw new IOException("the pointer templates (cursors/cursors.properties) are missing from the bundle");
            }
            hotspots.load(in);
        }
        for (String name : hotspots.stringPropertyNames().stream().sorted().toList()) {
            String[] hot = hotspots.getProperty(name).split(",");
            BufferedImage image;
            try (InputStream in = opener.open(name + ".png")) {
                image = in == null ? null : ImageIO.read(in);
            }
            if (image == null || hot.length != 2) {
                throw new IOException("pointer template " + name + ": no readable " + name + ".png, or its hotspot is not 'x,y'");
            }
            into.add(template(name, image, Integer.parseInt(hot[0].strip()), Integer.parseInt(hot[1].strip())));
        }
    }

    private static Template template(String name, BufferedImage image, int hotX, int hotY) {
        int w = image.getWidth();
        int h = image.getHeight();
        byte[] grey = new byte[w * h];
        byte[] mask = new byte[w * h];
        int opaque = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int argb = image.getRGB(x, y);
                int at = y * w + x;
                // grey as OpenCV and ffmpeg weigh it (ITU-R BT.601)
                grey[at] = (byte) Math.round(0.299 * (argb >> 16 & 0xff) + 0.587 * (argb >> 8 & 0xff) + 0.114 * (argb & 0xff));
                boolean solid = (argb >>> 24) >= 230; // edges blended with the background are not compared
                mask[at] = (byte) (solid ? 1 : 0);
                opaque += solid ? 1 : 0;
            }
        }
        Mat pixels = new Mat(h, w, CvType.CV_8UC1);
        pixels.put(0, 0, grey);
        Mat weights = new Mat(h, w, CvType.CV_8UC1);
        weights.put(0, 0, mask);
        return new Template(name, pixels, weights, hotX, hotY, opaque);
    }

    /**
     * The pointer inside {@code region} of {@code frame} (grey), trying {@code likely} first (the template found last
     * time: a pointer keeps its shape most of the time), or null when no template matches there.
     */
    Found find(Mat frame, Rect region, Template likely) {
        Rect area = clip(region, frame);
        Found best = null;
        if (likely != null) {
            best = match(frame, area, likely);
            if (best != null && best.score() < MATCH / 4) {
                return best;
            }
        }
        for (Template template : templates) {
            if (template == likely) {
                continue;
            }
            Found found = match(frame, area, template);
            if (found != null && (best == null || found.score() < best.score())) {
                best = found;
            }
        }
        return best != null && best.score() < MATCH ? best : null;
    }

    /** The pointer of that one shape inside {@code region}, or null. */
    Found findOnly(Mat frame, Rect region, Template template) {
        Found found = match(frame, clip(region, frame), template);
        return found != null && found.score() < MATCH ? found : null;
    }

    private static Found match(Mat frame, Rect area, Template template) {
        if (area.width < template.width() || area.height < template.height()) {
            return null;
        }
        Mat result = new Mat();
        Mat part = frame.submat(area);
        Imgproc.matchTemplate(part, template.grey(), result, Imgproc.TM_SQDIFF, template.mask());
        Core.MinMaxLocResult extremes = Core.minMaxLoc(result);
        result.release();
        part.release();
        double score = extremes.minVal / (template.opaque() * 255.0 * 255.0);
        return new Found(area.x + (int) extremes.minLoc.x + template.hotX(), area.y + (int) extremes.minLoc.y + template.hotY(), template, score);
    }

    static Rect clip(Rect region, Mat frame) {
        int x = Math.max(0, region.x);
        int y = Math.max(0, region.y);
        int right = Math.min(frame.cols(), region.x + region.width);
        int bottom = Math.min(frame.rows(), region.y + region.height);
        return new Rect(x, y, Math.max(0, right - x), Math.max(0, bottom - y));
    }
}
