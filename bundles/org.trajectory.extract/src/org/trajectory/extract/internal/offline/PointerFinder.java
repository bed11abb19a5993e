package org.trajectory.extract.internal.offline;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import javax.imageio.ImageIO;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Rect;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

/**
 * Finds the mouse pointer in a frame by OpenCV's masked template matching against the pointer images of the cursor
 * themes and of Windows (shipped in {@code cursors/}, made by {@code releng/cursors/harvest.sh}; a user adds others as
 * PNGs with their hotspots in {@code ~/.trajectory-workbench/cursors/cursors.properties}). Only the opaque pixels of a
 * pointer are compared, so it is found over any background. Each pointer is also tried at the sizes a scaled display
 * (125-200 %) or a resized video gives it ({@link #SCALES}); once a video's pointer has been found at one size a few
 * times ({@link Scale}), only that size is tried.
 */
final class PointerFinder {

    /** The mean squared difference per opaque pixel (grey levels scaled to 0..1) under which a template is taken as found. */
    static final double MATCH = 0.01;
    static final Path USER_FOLDER = Path.of(System.getProperty("user.home"), ".trajectory-workbench", "cursors");
    /** The sizes a pointer is tried at: a 1080p screen shown at 720p (2/3), ..., a 200 % display. */
    static final double[] SCALES = { 1, 1.25, 1.5, 2, 0.75, 2 / 3.0, 0.5 };
    /** Fewer opaque pixels than this and a shape matches too much of a screen's content to tell a pointer by. */
    private static final int LEAST_OPAQUE = 40;

    record Template(String name, double scale, Mat grey, Mat mask, int hotX, int hotY, double opaque) {
        int width() {
            return grey.cols();
        }

        /** This shape at another size: pixels averaged by area as a video scaler does, only the still solid ones compared. */
        Template scaled(double factor) {
            Size size = new Size(Math.max(1, Math.round(width() * factor)), Math.max(1, Math.round(height() * factor)));
            Mat pixels = new Mat();
            Imgproc.resize(grey, pixels, size, 0, 0, factor < 1 ? Imgproc.INTER_AREA : Imgproc.INTER_LINEAR);
            Mat solid = new Mat();
            Mat full = new Mat();
            mask.convertTo(full, CvType.CV_8U, 255);
            Imgproc.resize(full, solid, size, 0, 0, Imgproc.INTER_AREA);
            full.release();
            Imgproc.threshold(solid, solid, 250, 1, Imgproc.THRESH_BINARY); // a pixel wholly inside the shape
            return new Template(name, factor, pixels, solid, (int) Math.round(hotX * factor), (int) Math.round(hotY * factor),
                    Core.countNonZero(solid));
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
        List<Template> sized = new ArrayList<>();
        for (double scale : SCALES) {
            all.stream().map(t -> scale == 1 ? t : t.scaled(scale)).filter(t -> t.opaque() >= LEAST_OPAQUE).forEach(sized::add);
        }
        this.templates = List.copyOf(sized);
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
        return new Template(name, 1, pixels, weights, hotX, hotY, opaque);
    }

    /**
     * The pointer inside {@code region} of {@code frame} (grey) at a size {@code scale} allows, trying {@code likely}
     * first (the template found last time: a pointer keeps its shape most of the time), or null when no template
     * matches there.
     */
    Found find(Mat frame, Rect region, Template likely, Scale scale) {
        Rect area = clip(region, frame);
        Found best = null;
        if (likely != null) {
            best = match(frame, area, likely);
            if (best != null && best.score() < MATCH / 4) {
                return best;
            }
        }
        for (Template template : templates) {
            if (template == likely || !scale.allows(template.scale())) {
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

    /**
     * The size of one video's pointer: any until the pointer was found at one size {@link #SURE} times, then that
     * size alone (fewer shapes to try, none of a wrong size to mistake for it).
     */
    static final class Scale {
        static final int SURE = 3;
        /** The pointers' own size only: a whole screen is searched at one size, as all of them cost seconds. */
        static final Scale NATIVE = new Scale(1.0);
        private final Map<Double, Integer> seen = new HashMap<>();
        private Double known;

        Scale() {
        }

        private Scale(double fixed) {
            this.known = fixed;
        }

        boolean allows(double scale) {
            return known == null || known == scale;
        }

        void saw(Found found) {
            if (known == null && seen.merge(found.template().scale(), 1, Integer::sum) >= SURE) {
                known = found.template().scale();
            }
        }

        boolean known() {
            return known != null;
        }
    }

    private static Found match(Mat frame, Rect area, Template template) {
        if (area.width == 0 || area.height == 0) {
            return null;
        }
        // at the screen's edge the pointer may be partly off it: the frame is widened there by the template's size
        // (its pixels past the edge are transparent ones, or few)
        int left = area.x == 0 ? template.width() - 1 : 0;
        int top = area.y == 0 ? template.height() - 1 : 0;
        int right = area.x + area.width == frame.cols() ? template.width() - 1 : 0;
        int bottom = area.y + area.height == frame.rows() ? template.height() - 1 : 0;
        if (area.width + left + right < template.width() || area.height + top + bottom < template.height()) {
            return null;
        }
        Mat part = frame.submat(area);
        Mat searched = part;
        if (left + top + right + bottom > 0) {
            searched = new Mat();
            Core.copyMakeBorder(part, searched, top, bottom, left, right, Core.BORDER_REPLICATE);
        }
        Mat result = new Mat();
        Imgproc.matchTemplate(searched, template.grey(), result, Imgproc.TM_SQDIFF, template.mask());
        Core.MinMaxLocResult extremes = Core.minMaxLoc(result);
        result.release();
        part.release();
        searched.release();
        double score = extremes.minVal / (template.opaque() * 255.0 * 255.0);
        return new Found(area.x - left + (int) extremes.minLoc.x + template.hotX(), area.y - top + (int) extremes.minLoc.y + template.hotY(),
                template, score);
    }

    static Rect clip(Rect region, Mat frame) {
        int x = Math.max(0, region.x);
        int y = Math.max(0, region.y);
        int right = Math.min(frame.cols(), region.x + region.width);
        int bottom = Math.min(frame.rows(), region.y + region.height);
        return new Rect(x, y, Math.max(0, right - x), Math.max(0, bottom - y));
    }
}
