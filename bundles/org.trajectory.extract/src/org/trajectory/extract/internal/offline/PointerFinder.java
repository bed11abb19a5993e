package org.trajectory.extract.internal.offline;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import javax.imageio.ImageIO;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Point;
import org.opencv.core.Rect;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

import org.trajectory.model.Home;

/**
 * Finds the mouse pointer in a frame by OpenCV's masked template matching against the pointer images of the cursor
 * themes and of Windows (shipped in {@code cursors/}, made by {@code releng/cursors/harvest.sh}; a user adds others as
 * PNGs with their hotspots in {@code ~/.trajectory-workbench/cursors/cursors.properties}). Only the opaque pixels of a
 * pointer are compared, so it is found over any background. Each pointer is also tried at the sizes a scaled display
 * (125-200 %) or a resized video gives it ({@link #SCALES}), matched as the scaler blends it ({@link Blend}) at each
 * fraction of a pixel it may lie off the video's grid ({@link Phase}), over an even background or, where it has just
 * arrived, over what the frame before showed there; once a video's pointer has been found at one size ({@link Scale}),
 * only that size is tried.
 */
final class PointerFinder {

    /** The mean squared difference per opaque pixel (grey levels scaled to 0..1) under which a template is taken as found. */
    static final double MATCH = 0.01;
    /** The same for a resized pointer that has just arrived, whose place the frame before shows without it. */
    static final double ARRIVED = 0.04;
    /** The part of what changed where a pointer arrived that its shape must explain. */
    static final double EXPLAINED = 0.5;
    /** How much less a learned shape's differences count once it showed itself resized: what {@link #ARRIVED} allows. */
    static final double SLACK = ARRIVED / MATCH;
    static final Path USER_FOLDER = Home.folder("cursors");
    /** The sizes a pointer is tried at: a 1080p screen shown at 720p (2/3), ..., a 200 % display. */
    static final double[] SCALES = { 1, 1.25, 1.5, 2, 0.75, 2 / 3.0, 0.5 };
    /**
     * A shape is told from a screen's content only with enough pixels it covers: a pointer made much smaller keeps
     * too few.
     */
    private static final int LEAST_OPAQUE = 16;
    /** A stand-in's name, and its side (pixels): the pixels around a hotspot a pointer covers at any size. */
    private static final String STAND_IN = "stand-in";
    private static final int STAND_IN_SIDE = 11;
    /** The name of a shape learned from the video. */
    private static final String LEARNED = "learned";
    /** How many places a resized shape fits nearly as well at are refined to tell which it is at, if any. */
    private static final int CANDIDATES = 4;
    /** The pixels a resized shape must half cover to be compared by them alone (an arrow, a cross: not an I-beam). */
    private static final int SOLID_OPAQUE = 3 * LEAST_OPAQUE;
    /** The fractions of a pixel a learned shape is also made at, each way: within a sixth of a pixel of any lie. */
    private static final double[] LIES = { -1 / 3.0, 0, 1 / 3.0 };

    /**
     * A pointer shape as a resized video shows it: its grey times its coverage (premultiplied), and the part of each
     * pixel it leaves to what is under it, both averaged by area as a video scaler does. Its edges are blends, so it is
     * compared as such: over a background taken as even around it and found for each place ({@link #blended}), and
     * over what the frame before showed there ({@link #blendedOver}).
     */
    record Blend(Mat premultiplied, Mat uncovered, Mat ones, Mat uncoveredShape, Mat uncoveredSquares, double premultipliedSquared,
            double uncoveredSquared, double uncoveredPremultiplied, double covered) {
    }

    /**
     * A resized shape as it shows when it lies a fraction of a pixel this way or that on the video's grid: its blend, and
     * its hotspot in that blend.
     */
    record Phase(Blend blend, int hotX, int hotY) {
    }

    /**
     * A pointer shape at one size; where it was resized, its blend averaged over where it may lie on the video's pixel
     * grid (what a place is found with) and its blend at each such lie (what the place is refined with); at its own size
     * neither (its opaque pixels compared). {@code slack} divides its differences: 1 but for a learned shape that
     * showed itself resized ({@link #slackened}); {@code lies}, none but where such a shape is confirmed ({@link
     * #atEveryLie}).
     */
    record Template(String name, double scale, Mat grey, Mat mask, int hotX, int hotY, double opaque, Mat alpha, Blend blend,
            List<Phase> phases, List<Mat> lies, double slack) {
        Template(String name, double scale, Mat grey, Mat mask, int hotX, int hotY, double opaque, Mat alpha, Blend blend,
                List<Phase> phases) {
            this(name, scale, grey, mask, hotX, hotY, opaque, alpha, blend, phases, List.of(), 1);
        }

        /**
         * This learned shape with its differences counted a {@link PointerFinder#SLACK}th: cut from a resized video, it
         * differs from itself where it lies a fraction of a pixel otherwise (the blend a resized template is made at
         * every lie for, {@link #scaled}, which a shape cut from the video has no original to make).
         */
        Template slackened() {
            return new Template(name, scale, grey, mask, hotX, hotY, opaque, alpha, blend, phases, List.of(), SLACK);
        }

        /**
         * This learned shape slackened and also made at each third of a pixel off the grid it was cut on, by interpolating
         * its pixels ({@link #LIES}), compared at whichever lie fits best: an I-beam's stem is two pixels of 180 where it
         * was cut and three of 40, 240 and 120 a third of a pixel over. Only to confirm a shape where it came from (the
         * detector a second witness): followed so, it fits more look-alikes than the pointer (a stripe where a frame's
         * edge is widened).
         */
        Template atEveryLie() {
            List<Mat> shifted = new ArrayList<>();
            for (double dy : LIES) {
                for (double dx : LIES) {
                    if (dx != 0 || dy != 0) {
                        shifted.add(shifted(grey, dx, dy));
                    }
                }
            }
            return new Template(name, scale, grey, mask, hotX, hotY, opaque, alpha, blend, phases, List.copyOf(shifted), SLACK);
        }

        int width() {
            return grey.cols();
        }

        /**
         * This shape at another size, as a video scaler makes it (an area average when made smaller), at each of the
         * places it may lie on the scaled grid: a shape a third of a pixel off differs from the one on it as much as from
         * another shape. The shape is drawn shifted by 0..q-1 of its own pixels on a canvas q-1 pixels larger, q being
         * how many of its pixels make a whole number of scaled ones.
         */
        Template scaled(double factor) {
            int q = 1;
            while (q < 8 && Math.abs(factor * q - Math.round(factor * q)) > 1e-6) {
                q++;
            }
            Size size = new Size(Math.max(1, Math.round((width() + q - 1) * factor)), Math.max(1, Math.round((height() + q - 1) * factor)));
            int interpolation = factor < 1 ? Imgproc.INTER_AREA : Imgproc.INTER_LINEAR;
            Mat product = new Mat();
            grey.convertTo(product, CvType.CV_32F);
            Core.multiply(product, alpha, product);
            List<Mat[]> lies = new ArrayList<>();
            Mat premultipliedSum = Mat.zeros(size, CvType.CV_32F);
            Mat coverageSum = Mat.zeros(size, CvType.CV_32F);
            Mat greySum = Mat.zeros(size, CvType.CV_32F);
            for (int dy = 0; dy < q; dy++) {
                for (int dx = 0; dx < q; dx++) {
                    Mat premultiplied = shiftedResized(product, dx, dy, q, size, interpolation);
                    Mat coverage = shiftedResized(alpha, dx, dy, q, size, interpolation);
                    Mat pixels = shiftedResized(grey, dx, dy, q, size, interpolation);
                    Core.add(premultipliedSum, premultiplied, premultipliedSum);
                    Core.add(coverageSum, coverage, coverageSum);
                    Core.add(greySum, pixels, greySum);
                    lies.add(new Mat[] { premultiplied, coverage });
                }
            }
            product.release();
            double n = q * q;
            Core.multiply(premultipliedSum, new Scalar(1 / n), premultipliedSum);
            Core.multiply(coverageSum, new Scalar(1 / n), coverageSum);
            Mat pixels = new Mat();
            greySum.convertTo(pixels, CvType.CV_8U, 1 / n);
            greySum.release();
            Mat solid = new Mat();
            Imgproc.threshold(coverageSum, solid, 0.5, 1, Imgproc.THRESH_BINARY);
            solid.convertTo(solid, CvType.CV_8U);
            int opaque = Core.countNonZero(solid);
            boolean bySolid = opaque >= SOLID_OPAQUE;
            List<Phase> phases = new ArrayList<>();
            for (int lie = 0; lie < lies.size(); lie++) {
                phases.add(new Phase(blend(lies.get(lie)[0], lies.get(lie)[1], bySolid), (int) Math.round((hotX + lie % q) * factor),
                        (int) Math.round((hotY + lie / q) * factor)));
                lies.get(lie)[0].release();
                lies.get(lie)[1].release();
            }
            Blend blend = blend(premultipliedSum, coverageSum, bySolid);
            premultipliedSum.release();
            return new Template(name, factor, pixels, solid, (int) Math.round((hotX + (q - 1) / 2.0) * factor),
                    (int) Math.round((hotY + (q - 1) / 2.0) * factor), opaque, coverageSum, blend, List.copyOf(phases));
        }

        private static Mat shiftedResized(Mat source, int dx, int dy, int q, Size size, int interpolation) {
            Mat canvas = Mat.zeros(source.rows() + q - 1, source.cols() + q - 1, CvType.CV_32F);
            Mat real = new Mat();
            source.convertTo(real, CvType.CV_32F);
            real.copyTo(canvas.submat(new Rect(dx, dy, source.cols(), source.rows())));
            Mat resized = new Mat();
            Imgproc.resize(canvas, resized, size, 0, 0, interpolation);
            canvas.release();
            real.release();
            return resized;
        }

        /**
         * The blend where the shape covers at least half of a pixel, for a shape with many such pixels ({@link #bySolid}):
         * where it covers less, what lies under it decides the pixel (a table's line, a cell's border drawn with the
         * click), which neither an even background nor the frame before stands for. A thin shape (an I-beam) is compared
         * whole: it is told from a stroke of text or a caret by the even background around it.
         */
        private static Blend blend(Mat premultiplied, Mat coverage, boolean bySolid) {
            Mat compared = Mat.ones(coverage.size(), CvType.CV_32F);
            if (bySolid) {
                Imgproc.threshold(coverage, compared, 0.5, 1, Imgproc.THRESH_BINARY);
            }
            Mat uncovered = new Mat();
            Core.subtract(compared, coverage, uncovered);
            Core.max(uncovered, new Scalar(0), uncovered);
            Mat shape = premultiplied.mul(compared);
            return new Blend(shape, uncovered, compared, uncovered.mul(shape), uncovered.mul(uncovered), shape.dot(shape),
                    Math.max(1e-6, uncovered.dot(uncovered)), uncovered.dot(shape), coverage.dot(compared));
        }

        int height() {
            return grey.rows();
        }

        /**
         * How much larger than its theme draws it the screen shows this shape, or 0 where that is not known (a shape
         * learned from the video, a stand-in): a pointer resized shows how the whole screen was.
         */
        double screenScale() {
            return name.equals(LEARNED) || standIn() ? 0 : scale;
        }

        /** Whether this stands in for a shape not known ({@link PointerFinder#standIn}). */
        boolean standIn() {
            return name.equals(STAND_IN);
        }

        /** Whether this is a resized shape compared by the pixels it covers at least half of (an arrow, a cross). */
        boolean bySolid() {
            return blend != null && opaque >= SOLID_OPAQUE;
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
            // a resized shape is told from a stroke of text only with more pixels, its edges being blends (an I-beam at 2/3
            // keeps 30, at 1/2 about 20, too few)
            all.stream().map(t -> scale == 1 ? t : t.scaled(scale)).filter(t -> t.opaque() >= (scale == 1 ? 1 : 1.5) * LEAST_OPAQUE)
                    .forEach(sized::add);
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
            into.add(template(name, cropped(image, Integer.parseInt(hot[0].strip()), Integer.parseInt(hot[1].strip()))));
        }
    }

    /** A pointer image and its hotspot in it. */
    private record Shape(BufferedImage image, int hotX, int hotY) {
    }

    /**
     * The image cut to its shape (and hotspot): a cursor image is a fixed size (24, 32 pixels) with the shape somewhere
     * in it, and a shape is compared with an even background where it is clear; a fat cross in a 32-pixel image would
     * otherwise take in a spreadsheet's grid lines around it.
     */
    private static Shape cropped(BufferedImage image, int hotX, int hotY) {
        int left = hotX;
        int top = hotY;
        int right = hotX;
        int bottom = hotY;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if (image.getRGB(x, y) >>> 24 != 0) {
                    left = Math.min(left, x);
                    top = Math.min(top, y);
                    right = Math.max(right, x);
                    bottom = Math.max(bottom, y);
                }
            }
        }
        left = Math.max(0, left);
        top = Math.max(0, top);
        right = Math.min(image.getWidth() - 1, right);
        bottom = Math.min(image.getHeight() - 1, bottom);
        return new Shape(image.getSubimage(left, top, right - left + 1, bottom - top + 1), hotX - left, hotY - top);
    }

    private static Template template(String name, Shape shape) {
        BufferedImage image = shape.image();
        int hotX = shape.hotX();
        int hotY = shape.hotY();
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
        return new Template(name, 1, pixels, weights, hotX, hotY, opaque, alpha, null, List.of());
    }

    /**
     * A stand-in for a pointer whose shape is not known, seen where no shape could be cut from what changed (the detector
     * saw it over a menu its click opened): the frame's pixels around its hotspot, compared whole. It holds the pointer's
     * place while they stay as they are, and is never taken for the video's pointer shape.
     */
    static Found standIn(Mat frame, int x, int y) {
        Rect box = clip(new Rect(x - STAND_IN_SIDE / 2, y - STAND_IN_SIDE / 2, STAND_IN_SIDE, STAND_IN_SIDE), frame);
        Mat grey = frame.submat(box).clone();
        Template template = new Template(STAND_IN, 1, grey, Mat.ones(grey.size(), CvType.CV_8UC1), x - box.x, y - box.y, box.area(),
                Mat.ones(grey.size(), CvType.CV_32F), null, List.of());
        return new Found(x, y, template, 0);
    }

    /**
     * A shape learned from the video ({@link PointerLearner}): its grey pixels as the video shows them, the filled
     * outline of what changed where it arrived, its hotspot. Its edge pixels are blends with what was under it then,
     * so only its inside is compared (all of it where the inside is too thin to keep {@code fewest} pixels); null when
     * even that is fewer.
     */
    static Template learned(Mat grey, Mat outline, int hotX, int hotY, int fewest) {
        Mat inside = new Mat();
        Imgproc.erode(outline, inside, Imgproc.getStructuringElement(Imgproc.MORPH_CROSS, new Size(3, 3)));
        Mat mask = Core.countNonZero(inside) >= fewest ? inside : outline.clone();
        if (mask != inside) {
            inside.release();
        }
        int opaque = Core.countNonZero(mask);
        if (opaque < fewest) {
            mask.release();
            return null;
        }
        Mat alpha = new Mat();
        outline.convertTo(alpha, CvType.CV_32F);
        return new Template(LEARNED, 1, grey, mask, hotX, hotY, opaque, alpha, null, List.of());
    }

    /** A picture moved by a fraction of a pixel, its pixels interpolated (those it moves in from its edge repeated). */
    private static Mat shifted(Mat grey, double dx, double dy) {
        Mat move = new Mat(2, 3, CvType.CV_64F);
        move.put(0, 0, 1, 0, dx, 0, 1, dy);
        Mat out = new Mat();
        Imgproc.warpAffine(grey, out, move, grey.size(), Imgproc.INTER_LINEAR, Core.BORDER_REPLICATE);
        move.release();
        return out;
    }

    /**
     * The pointer inside {@code region} of {@code frame} (grey) at a size {@code scale} allows: in the shape it had
     * last ({@code likely}), then in the shapes this video's pointer had lately, then in any; a sure match ends the
     * search. {@code before} is the frame before (or null): where the pointer has just arrived, it shows what is under
     * it. Null when no shape matches there.
     */
    Found find(Mat frame, Mat before, Rect region, Template likely, Scale scale) {
        return find(frame, before, region, likely, scale, true);
    }

    /**
     * The pointer inside a large {@code region}, in the shape it had last or lately only: every shape over a window's
     * worth of pixels costs a frame's time many times over.
     */
    Found findFamiliar(Mat frame, Mat before, Rect region, Template likely, Scale scale) {
        return find(frame, before, region, likely, scale, false);
    }

    private Found find(Mat frame, Mat before, Rect region, Template likely, Scale scale, boolean everyShape) {
        Rect area = clip(region, frame);
        List<Template> first = new ArrayList<>();
        if (likely != null) {
            first.add(likely);
        }
        scale.recent.stream().filter(t -> t != likely).forEach(first::add);
        Found closest = null;
        for (Template template : first) {
            Found found = match(frame, before, area, template, !scale.known());
            if (found != null && found.score() < MATCH / 4) {
                return found;
            }
            closest = closer(closest, found);
        }
        // size by size, the pointers' own first (matched pixel for pixel, sure): a shape made smaller also fits inside a
        // larger one; while the video's size is not known, the resized size that fits best (an I-beam at 3/4 passes for
        // one at 2/3, less well). Only a shape that fits better than the ones this video's pointer had lately ends it:
        // one that merely passes is a look-alike beside the pointer (a crosshair in a learned arrow's outline)
        for (double size : SCALES) {
            Found best = everyShape && scale.allows(size) ? bestAtSize(frame, before, area, size, !scale.known()) : null;
            closest = closer(closest, best);
            if (best != null && closest == best && best.score() < (scale.known() || size == 1 ? MATCH : MATCH / 4)) {
                return best;
            }
        }
        return closest != null && closest.score() < MATCH ? closest : null;
    }

    /** The best match of the shapes of one size, the first sure one ending the search; null when none fits the area. */
    private Found bestAtSize(Mat frame, Mat before, Rect area, double size, boolean lookAlikes) {
        Found best = null;
        for (Template template : templates) {
            if (template.scale() == size) {
                Found found = match(frame, before, area, template, lookAlikes);
                if (found != null && found.score() < MATCH / 4) {
                    return found;
                }
                best = closer(best, found);
            }
        }
        return best;
    }

    /** Of two matches (either may be null), the one that fits better; the first on a tie. */
    private static Found closer(Found first, Found second) {
        return second != null && (first == null || second.score() < first.score()) ? second : first;
    }

    /** The pointer of that one shape inside {@code region}, or null. */
    Found findOnly(Mat frame, Mat before, Rect region, Template template) {
        Found found = match(frame, before, clip(region, frame), template, false);
        return found != null && found.score() < MATCH ? found : null;
    }

    /** The place inside {@code region} that one shape fits best, however well (its score tells), or null when none fits there. */
    Found closestOnly(Mat frame, Rect region, Template template) {
        return match(frame, null, clip(region, frame), template, false);
    }

    /**
     * The pointer where it was last found, when the pixels it wholly covers are still its own there: what changed under
     * a resting pointer (a button pressed, a word selected) leaves it in place. Null otherwise.
     */
    Found stillThere(Mat frame, Found last) {
        Template template = last.template();
        Rect footprint = last.footprint();
        if (!footprint.equals(clip(footprint, frame))) {
            return null;
        }
        Mat core = new Mat();
        Imgproc.threshold(template.alpha(), core, 0.9, 1, Imgproc.THRESH_BINARY);
        core.convertTo(core, CvType.CV_8U);
        int covered = Core.countNonZero(core);
        Mat result = new Mat();
        Mat under = frame.submat(footprint);
        Imgproc.matchTemplate(under, template.grey(), result, Imgproc.TM_SQDIFF, core);
        under.release();
        double score = result.get(0, 0)[0] / (covered * 255.0 * 255.0 * template.slack());
        core.release();
        result.release();
        // looked at in one place only, so held to less than a search is: a resized pointer's core is blended at its edges
        return covered >= LEAST_OPAQUE / 2 && score < 2 * MATCH ? new Found(last.x(), last.y(), template, score) : null;
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

    /**
     * The best place of one shape inside {@code area}, with its score; {@code lookAlikes}: where a resized arrow or cross
     * fits nearly as well at a few places, they are refined to tell which it is at (done only while the video's pointer
     * size is not known: it costs a refinement a place).
     */
    private static Found match(Mat frame, Mat before, Rect area, Template template, boolean lookAlikes) {
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
        Mat part = widened(frame, area, top, bottom, left, right);
        Mat under = before == null || template.blend() == null ? null : widened(before, area, top, bottom, left, right);
        Searched searched = template.blend() == null ? null : Searched.of(part, under);
        Mat result = template.blend() == null ? masked(part, template) : blendedScores(searched, template.blend());
        onScreenOnly(result, frame, area.x - left + template.hotX(), area.y - top + template.hotY());
        Core.MinMaxLocResult extremes = Core.minMaxLoc(result);
        Point at = extremes.minLoc;
        Found found = new Found((int) at.x + template.hotX(), (int) at.y + template.hotY(), template, extremes.minVal);
        if (template.blend() != null && extremes.minVal < 5 * MATCH) { // (far off even averaged, no lie of it fits)
            if (!ambiguous(result, at, extremes.minVal)) {
                found = refined(searched, template, (int) at.x, (int) at.y);
            } else if (template.bySolid() && lookAlikes && extremes.minVal < 2 * MATCH) {
                found = clearest(result, searched, template, at, extremes.minVal);
            } else {
                found = new Found(found.x(), found.y(), template, Float.MAX_VALUE);
            }
        }
        result.release();
        part.release();
        if (under != null) {
            under.release();
        }
        if (searched != null) {
            searched.release();
        }
        int x = area.x - left + found.x();
        int y = area.y - top + found.y();
        return x >= 0 && y >= 0 && x < frame.cols() && y < frame.rows() ? new Found(x, y, template, found.score()) : null;
    }

    /**
     * Whether a thin resized shape fits nearly as well three pixels or more away from its best place: an I-beam made
     * small slides along a stroke of text or a caret, where no pointer is told from another.
     */
    private static boolean ambiguous(Mat result, Point at, double best) {
        ruleOut(result, at);
        return Core.minMaxLoc(result).minVal < 2 * best;
    }

    /** Takes the places within two pixels of {@code at} out of {@code result}. */
    private static void ruleOut(Mat result, Point at) {
        Rect near = new Rect((int) at.x - 2, (int) at.y - 2, 5, 5);
        Rect inside = new Rect(Math.max(0, near.x), Math.max(0, near.y), 0, 0);
        inside.width = Math.min(result.cols(), near.x + near.width) - inside.x;
        inside.height = Math.min(result.rows(), near.y + near.height) - inside.y;
        Mats.fill(result, inside, new Scalar(Float.MAX_VALUE));
    }

    /**
     * Of the best place of a shape found ambiguous ({@code at}, already ruled out of {@code result}) and the few others
     * where it fits nearly as well averaged over its lies on the grid, three pixels apart or more, the one that fits best
     * once refined at each lie; a score past any threshold where another fits nearly as well refined too. A cross or a
     * bar made small slides along a line of a table or a panel's edge, where no pointer is told from another; a line of
     * text may look like a small arrow averaged over its lies, but not once refined (the arrow arriving over a list
     * drawn as it opened).
     */
    private static Found clearest(Mat result, Searched searched, Template template, Point at, double best) {
        List<Found> places = new ArrayList<>();
        places.add(refined(searched, template, (int) at.x, (int) at.y));
        for (int i = 1; i < CANDIDATES; i++) {
            Core.MinMaxLocResult low = Core.minMaxLoc(result);
            if (low.minVal >= 2 * best) {
                break;
            }
            places.add(refined(searched, template, (int) low.minLoc.x, (int) low.minLoc.y));
            ruleOut(result, low.minLoc);
        }
        Found first = places.stream().min(Comparator.comparingDouble(Found::score)).orElseThrow();
        boolean alone = places.stream().allMatch(other -> other.score() >= 2 * first.score()
                || Math.abs(other.x() - first.x()) < 3 && Math.abs(other.y() - first.y()) < 3);
        return alone ? first : new Found(first.x(), first.y(), template, Float.MAX_VALUE);
    }

    /**
     * A resized shape found at {@code x, y} of {@code searched} averaged over its lies on the grid: the lie that fits
     * best within two pixels of there, with its hotspot in {@code searched}.
     */
    private static Found refined(Searched searched, Template template, int x, int y) {
        int x0 = Math.max(0, x - 2);
        int y0 = Math.max(0, y - 2);
        Rect window = new Rect(x0, y0, Math.min(searched.v().cols() - template.width(), x + 2) - x0 + template.width(),
                Math.min(searched.v().rows() - template.height(), y + 2) - y0 + template.height());
        Searched near = searched.window(window);
        Found found = null;
        for (Phase phase : template.phases()) {
            Mat scores = blendedScores(near, phase.blend());
            Core.MinMaxLocResult best = Core.minMaxLoc(scores);
            scores.release();
            if (found == null || best.minVal < found.score()) {
                found = new Found(window.x + (int) best.minLoc.x + phase.hotX(), window.y + (int) best.minLoc.y + phase.hotY(), template,
                        best.minVal);
            }
        }
        near.release();
        return found;
    }

    /**
     * The squared difference over the shape's opaque pixels at each place, per opaque pixel (at the lie that fits there
     * best, where it has lies).
     */
    private static Mat masked(Mat searched, Template template) {
        Mat result = new Mat();
        Imgproc.matchTemplate(searched, template.grey(), result, Imgproc.TM_SQDIFF, template.mask());
        Mat atLie = new Mat();
        for (Mat lie : template.lies()) {
            Imgproc.matchTemplate(searched, lie, atLie, Imgproc.TM_SQDIFF, template.mask());
            Core.min(result, atLie, result);
        }
        atLie.release();
        Core.multiply(result, new Scalar(1 / (template.opaque() * 255.0 * 255.0 * template.slack())), result);
        return result;
    }

    /**
     * A blended shape's score at each place (its mean squared difference per covered pixel): over the background that
     * fits best, or over what the frame before showed ({@code under}, when given), whichever is lower.
     */
    private static Mat blendedScores(Searched searched, Blend blend) {
        Mat withShape = new Mat();
        Mat differences = new Mat();
        Imgproc.matchTemplate(searched.v(), blend.premultiplied(), withShape, Imgproc.TM_CCORR);
        Imgproc.matchTemplate(searched.squares(), blend.ones(), differences, Imgproc.TM_CCORR);
        Core.addWeighted(differences, 1, withShape, -2, blend.premultipliedSquared(), differences); // Σ(V - P)², both share it
        withShape.release();
        Mat result = blended(searched, blend, differences);
        Core.multiply(result, new Scalar(1 / (blend.covered() * 255.0 * 255.0)), result);
        if (searched.b() != null) {
            Mat over = arrived(searched, blend, differences);
            Core.min(result, over, result);
            over.release();
        }
        differences.release();
        return result;
    }

    /**
     * What a resized shape is compared with, made once for every shape and lie tried there: the frame's part (V) and
     * its squares, and where the frame before is given (B), V·B, B² and (V - B)².
     */
    private record Searched(Mat v, Mat squares, Mat b, Mat products, Mat backgroundSquares, Mat changes) {
        static Searched of(Mat part, Mat under) {
            Mat v = new Mat();
            part.convertTo(v, CvType.CV_32F);
            if (under == null) {
                return new Searched(v, v.mul(v), null, null, null, null);
            }
            Mat b = new Mat();
            under.convertTo(b, CvType.CV_32F);
            Mat changes = new Mat();
            Core.subtract(v, b, changes);
            Core.multiply(changes, changes, changes);
            return new Searched(v, v.mul(v), b, v.mul(b), b.mul(b), changes);
        }

        Searched window(Rect window) {
            return new Searched(v.submat(window), squares.submat(window), b == null ? null : b.submat(window),
                    products == null ? null : products.submat(window), backgroundSquares == null ? null : backgroundSquares.submat(window),
                    changes == null ? null : changes.submat(window));
        }

        void release() {
            for (Mat mat : new Mat[] { v, squares, b, products, backgroundSquares, changes }) {
                if (mat != null) {
                    mat.release();
                }
            }
        }
    }

    /**
     * Rules out the places of {@code result} (whose first one puts the hotspot at {@code x0, y0}) that put the hotspot
     * off the screen: a pointer may reach past the screen's edge, its hotspot never does.
     */
    private static void onScreenOnly(Mat result, Mat frame, int x0, int y0) {
        Scalar never = new Scalar(Float.MAX_VALUE);
        int left = Math.clamp(-x0, 0, result.cols());
        int top = Math.clamp(-y0, 0, result.rows());
        int right = Math.clamp(x0 + result.cols() - frame.cols(), 0, result.cols());
        int bottom = Math.clamp(y0 + result.rows() - frame.rows(), 0, result.rows());
        for (Rect off : List.of(new Rect(0, 0, left, result.rows()), new Rect(0, 0, result.cols(), top),
                new Rect(result.cols() - right, 0, right, result.rows()), new Rect(0, result.rows() - bottom, result.cols(), bottom))) {
            if (off.area() > 0) {
                Mats.fill(result, off, never);
            }
        }
    }

    /** {@code area} of {@code frame}, widened past the screen's edges by repeating its edge pixels. */
    private static Mat widened(Mat frame, Rect area, int top, int bottom, int left, int right) {
        Mat part = frame.submat(area);
        if (top + bottom + left + right == 0) {
            return part;
        }
        Mat searched = new Mat();
        Core.copyMakeBorder(part, searched, top, bottom, left, right, Core.BORDER_REPLICATE);
        part.release();
        return searched;
    }

    /**
     * The squared difference of a blended shape over the background that fits it best at each place: a pixel shows
     * P + u·B (P the shape's premultiplied grey, u what it leaves uncovered, B the background), and the B that makes
     * Σ(V - P - u·B)² least is Σu(V - P) / Σu², leaving Σ(V - P)² - (Σu(V - P))² / Σu², all of it correlations
     * ({@code differences}: Σ(V - P)²).
     */
    private static Mat blended(Searched searched, Blend blend, Mat differences) {
        Mat withUncovered = new Mat();
        Imgproc.matchTemplate(searched.v(), blend.uncovered(), withUncovered, Imgproc.TM_CCORR);
        Core.subtract(withUncovered, new Scalar(blend.uncoveredPremultiplied()), withUncovered); // Σu(V - P)
        Core.multiply(withUncovered, withUncovered, withUncovered, 1 / blend.uncoveredSquared());
        Mat cost = new Mat();
        Core.subtract(differences, withUncovered, cost);
        withUncovered.release();
        return cost;
    }

    /**
     * The score of a blended shape that has just arrived, over what the frame before showed under it: where it explains
     * nearly all of what changed there ({@link #EXPLAINED}), its difference is held to {@link #ARRIVED} rather than
     * {@link #MATCH} (a resized, re-encoded pointer over text or controls differs from its template by more than over an
     * even background, while what merely changed is explained by no pointer), scaled so that one threshold serves both.
     */
    private static Mat arrived(Searched searched, Blend blend, Mat differences) {
        Mat over = blendedOver(searched, blend, differences);
        Mat changed = new Mat();
        Imgproc.matchTemplate(searched.changes(), blend.ones(), changed, Imgproc.TM_CCORR); // Σ(V - B)²: the pointer absent
        Mat explained = new Mat();
        Core.multiply(changed, new Scalar(EXPLAINED), changed);
        Core.compare(over, changed, explained, Core.CMP_LT);
        Core.multiply(over, new Scalar(MATCH / (ARRIVED * blend.covered() * 255.0 * 255.0)), over);
        Core.bitwise_not(explained, explained);
        Mats.fill(over, new Scalar(Float.MAX_VALUE), explained);
        changed.release();
        explained.release();
        return over;
    }

    /**
     * The squared difference of a blended shape over what the frame before showed at each place (B): Σ(V - P - u·B)² =
     * Σ(V - P)² - 2Σu·VB + 2Σ(uP)·B + Σu²·B², all of it correlations ({@code differences}: Σ(V - P)²).
     */
    private static Mat blendedOver(Searched searched, Blend blend, Mat differences) {
        Mat cost = differences.clone();
        Mat term = new Mat();
        Imgproc.matchTemplate(searched.products(), blend.uncovered(), term, Imgproc.TM_CCORR);
        Core.addWeighted(cost, 1, term, -2, 0, cost);
        Imgproc.matchTemplate(searched.b(), blend.uncoveredShape(), term, Imgproc.TM_CCORR);
        Core.addWeighted(cost, 1, term, 2, 0, cost);
        Imgproc.matchTemplate(searched.backgroundSquares(), blend.uncoveredSquares(), term, Imgproc.TM_CCORR);
        Core.add(cost, term, cost);
        term.release();
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
