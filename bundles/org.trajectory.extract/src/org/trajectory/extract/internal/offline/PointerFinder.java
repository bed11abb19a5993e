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
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

/**
 * Finds the mouse pointer in a frame by OpenCV's masked template matching against the pointer images of the cursor
 * themes and of Windows (shipped in {@code cursors/}, made by {@code releng/cursors/harvest.sh}; a user adds others as
 * PNGs with their hotspots in {@code ~/.trajectory-workbench/cursors/cursors.properties}). Only the opaque pixels of a
 * pointer are compared, so it is found over any background. Each pointer is also tried at the sizes a scaled display
 * (125-200 %) or a resized video gives it ({@link #SCALES}), matched as the scaler blends it ({@link Blend}); once a
 * video's pointer has been found at one size ({@link Scale}), only that size is tried.
 */
final class PointerFinder {

    /** The mean squared difference per opaque pixel (grey levels scaled to 0..1) under which a template is taken as found. */
    static final double MATCH = 0.01;
    static final Path USER_FOLDER = Path.of(System.getProperty("user.home"), ".trajectory-workbench", "cursors");
    /** The sizes a pointer is tried at: a 1080p screen shown at 720p (2/3), ..., a 200 % display. */
    static final double[] SCALES = { 1, 1.25, 1.5, 2, 0.75, 2 / 3.0, 0.5 };
    /**
     * A shape is told from a screen's content only with enough pixels it covers: a pointer made much smaller keeps
     * too few.
     */
    private static final int LEAST_OPAQUE = 16;

    /**
     * A pointer shape as a resized video shows it: its grey times its coverage (premultiplied), and the part of each
     * pixel it leaves to what is under it, both averaged by area as a video scaler does. Its edges are blends, so it is
     * compared as such, over a background taken as even around it and found for each place ({@link #blended}).
     */
    record Blend(Mat premultiplied, Mat uncovered, Mat ones, double premultipliedSquared, double uncoveredSquared,
            double uncoveredPremultiplied, double covered) {
    }

    /** A pointer shape at one size; its blend where it was resized, null at its own size (its opaque pixels compared). */
    record Template(String name, double scale, Mat grey, Mat mask, int hotX, int hotY, double opaque, Mat alpha, Blend blend) {
        int width() {
            return grey.cols();
        }

        /** This shape at another size, as a video scaler makes it. */
        Template scaled(double factor) {
            Size size = new Size(Math.max(1, Math.round(width() * factor)), Math.max(1, Math.round(height() * factor)));
            int interpolation = factor < 1 ? Imgproc.INTER_AREA : Imgproc.INTER_LINEAR;
            Mat product = new Mat();
            grey.convertTo(product, CvType.CV_32F);
            Core.multiply(product, alpha, product);
            Mat premultiplied = new Mat();
            Imgproc.resize(product, premultiplied, size, 0, 0, interpolation);
            Mat coverage = new Mat();
            Imgproc.resize(alpha, coverage, size, 0, 0, interpolation);
            Mat ones = Mat.ones(coverage.size(), CvType.CV_32F);
            Mat uncovered = new Mat();
            Core.subtract(ones, coverage, uncovered);
            Blend blend = new Blend(premultiplied, uncovered, ones, premultiplied.dot(premultiplied), uncovered.dot(uncovered),
                    uncovered.dot(premultiplied), Core.sumElems(coverage).val[0]);
            Mat solid = new Mat();
            Imgproc.threshold(coverage, solid, 0.5, 1, Imgproc.THRESH_BINARY);
            solid.convertTo(solid, CvType.CV_8U);
            product.release();
            Mat pixels = new Mat();
            Imgproc.resize(grey, pixels, size, 0, 0, interpolation);
            return new Template(name, factor, pixels, solid, (int) Math.round(hotX * factor), (int) Math.round(hotY * factor),
                    Core.countNonZero(solid), coverage, blend);
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
        float[] coverage = new float[w * h];
        int opaque = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int argb = image.getRGB(x, y);
                int at = y * w + x;
                // grey as OpenCV and ffmpeg weigh it (ITU-R BT.601)
                grey[at] = (byte) Math.round(0.299 * (argb >> 16 & 0xff) + 0.587 * (argb >> 8 & 0xff) + 0.114 * (argb & 0xff));
                boolean solid = (argb >>> 24) >= 230; // edges blended with the background are not compared
                mask[at] = (byte) (solid ? 1 : 0);
                coverage[at] = (argb >>> 24) / 255f;
                opaque += solid ? 1 : 0;
            }
        }
        Mat pixels = new Mat(h, w, CvType.CV_8UC1);
        pixels.put(0, 0, grey);
        Mat weights = new Mat(h, w, CvType.CV_8UC1);
        weights.put(0, 0, mask);
        Mat alpha = new Mat(h, w, CvType.CV_32F);
        alpha.put(0, 0, coverage);
        return new Template(name, 1, pixels, weights, hotX, hotY, opaque, alpha, null);
    }

    /**
     * The pointer inside {@code region} of {@code frame} (grey) at a size {@code scale} allows: in the shape it had
     * last ({@code likely}), then in the shapes this video's pointer had lately, then in any; a sure match ends the
     * search. Null when no shape matches there.
     */
    Found find(Mat frame, Rect region, Template likely, Scale scale) {
        return find(frame, region, likely, scale, true);
    }

    /**
     * The pointer inside a large {@code region}, in the shape it had last or lately only: every shape over a window's
     * worth of pixels costs a frame's time many times over.
     */
    Found findFamiliar(Mat frame, Rect region, Template likely, Scale scale) {
        return find(frame, region, likely, scale, false);
    }

    private Found find(Mat frame, Rect region, Template likely, Scale scale, boolean everyShape) {
        Rect area = clip(region, frame);
        List<Template> first = new ArrayList<>();
        if (likely != null) {
            first.add(likely);
        }
        scale.recent.stream().filter(t -> t != likely).forEach(first::add);
        Found familiar = null;
        for (Template template : first) {
            Found found = match(frame, area, template);
            if (found != null && found.score() < MATCH / 4) {
                return found;
            }
            familiar = found != null && (familiar == null || found.score() < familiar.score()) ? found : familiar;
        }
        // size by size, the pointers' own first: a shape made smaller also fits inside a larger one
        for (double size : SCALES) {
            Found best = everyShape && scale.allows(size) ? bestAtSize(frame, area, size) : null;
            if (best != null && best.score() < MATCH) {
                return best;
            }
        }
        return familiar != null && familiar.score() < MATCH ? familiar : null;
    }

    /** The best match of the shapes of one size, the first sure one ending the search; null when none fits the area. */
    private Found bestAtSize(Mat frame, Rect area, double size) {
        Found best = null;
        for (Template template : templates) {
            if (template.scale() == size) {
                Found found = match(frame, area, template);
                if (found != null && found.score() < MATCH / 4) {
                    return found;
                }
                best = found != null && (best == null || found.score() < best.score()) ? found : best;
            }
        }
        return best;
    }

    /** The pointer of that one shape inside {@code region}, or null. */
    Found findOnly(Mat frame, Rect region, Template template) {
        Found found = match(frame, clip(region, frame), template);
        return found != null && found.score() < MATCH ? found : null;
    }

    /**
     * The size of one video's pointer: any until the pointer was found at its own size once, or at another size
     * {@link #SURE} times, then that size alone (fewer shapes to try, none of a wrong size to mistake for it).
     */
    static final class Scale {
        static final int SURE = 3;
        /** The pointers' own size only: a whole screen is searched at one size, as all of them cost seconds. */
        static final Scale NATIVE = new Scale(1.0);
        /** How many shapes found lately are tried first: an application's pointer takes few. */
        private static final int RECENT = 4;
        private final Map<Double, Integer> seen = new HashMap<>();
        private final List<Template> recent = new ArrayList<>();
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
            // a shape at its own size, matched pixel for pixel, is sure at once; a resized one, a blend, after SURE times
            if (known == null && (found.template().blend() == null || seen.merge(found.template().scale(), 1, Integer::sum) >= SURE)) {
                known = found.template().scale();
            }
            if (this != NATIVE) { // shared: it keeps no shapes
                recent.remove(found.template());
                recent.add(0, found.template());
                if (recent.size() > RECENT) {
                    recent.remove(RECENT);
                }
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
        Mat result = template.blend() == null ? masked(searched, template) : blended(searched, template.blend());
        Core.MinMaxLocResult extremes = Core.minMaxLoc(result);
        result.release();
        part.release();
        searched.release();
        double score = extremes.minVal / ((template.blend() == null ? template.opaque() : template.blend().covered()) * 255.0 * 255.0);
        return new Found(area.x - left + (int) extremes.minLoc.x + template.hotX(), area.y - top + (int) extremes.minLoc.y + template.hotY(),
                template, score);
    }

    /** The squared difference over the shape's opaque pixels, at each place. */
    private static Mat masked(Mat searched, Template template) {
        Mat result = new Mat();
        Imgproc.matchTemplate(searched, template.grey(), result, Imgproc.TM_SQDIFF, template.mask());
        return result;
    }

    /**
     * The squared difference of a blended shape over the background that fits it best at each place: a pixel shows
     * P + u·B (P the shape's premultiplied grey, u what it leaves uncovered, B the background), and the B that makes
     * Σ(V - P - u·B)² least is Σu(V - P) / Σu², leaving Σ(V - P)² - (Σu(V - P))² / Σu², all of it correlations.
     */
    private static Mat blended(Mat searched, Blend blend) {
        Mat v = new Mat();
        searched.convertTo(v, CvType.CV_32F);
        Mat squares = v.mul(v);
        Mat withShape = new Mat();
        Mat withUncovered = new Mat();
        Mat cost = new Mat();
        Imgproc.matchTemplate(v, blend.premultiplied(), withShape, Imgproc.TM_CCORR);
        Imgproc.matchTemplate(v, blend.uncovered(), withUncovered, Imgproc.TM_CCORR);
        Imgproc.matchTemplate(squares, blend.ones(), cost, Imgproc.TM_CCORR);
        Core.addWeighted(cost, 1, withShape, -2, blend.premultipliedSquared(), cost); // Σ(V - P)²
        Core.subtract(withUncovered, new Scalar(blend.uncoveredPremultiplied()), withUncovered); // Σu(V - P)
        Core.multiply(withUncovered, withUncovered, withUncovered, 1 / blend.uncoveredSquared());
        Core.subtract(cost, withUncovered, cost);
        for (Mat mat : List.of(v, squares, withShape, withUncovered)) {
            mat.release();
        }
        return cost;
    }

    static Rect clip(Rect region, Mat frame) {
        int x = Math.max(0, region.x);
        int y = Math.max(0, region.y);
        int right = Math.min(frame.cols(), region.x + region.width);
        int bottom = Math.min(frame.rows(), region.y + region.height);
        return new Rect(x, y, Math.max(0, right - x), Math.max(0, bottom - y));
    }
}
