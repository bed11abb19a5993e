package org.trajectory.extract.internal.offline;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.MatOfPoint;
import org.opencv.core.Point;
import org.opencv.core.Rect;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

/**
 * Learns, from the video itself, a pointer shape no template has (a theme, a size, a colour never harvested): where the
 * learned pointer detector sees a pointer in a small changed region that the frame before showed without one, the
 * pixels that changed there are the pointer's (its outline filled), cut with the detector's hotspot. The cut shape is
 * kept once the motion of a pointer confirms it: found again where the screen changed, away from where it was and not
 * in the same change (a line of text redrawn), while its old place changed too (it left), or, in the frame it was cut
 * from, shown by the frame before in another changed region (it jumped there from that place); and the detector sees a
 * pointer at the other place too (a caret it took for an I-beam, blinking off as a clock's digit like it turned
 * elsewhere, did the rest). Text being typed never does both, so a glyph the detector takes for an I-beam is not kept.
 * Every place the detector sees a pointer in is tried, likeliest first, for such a jump: a caret blinking on as the
 * pointer jumps is seen as surely as the pointer, and only the likeliest place waits where none jumped.
 * A shape that came as the pointer left another change (where it was last known, the detector seeing it there in the
 * frame before) takes the place of one waiting (one waits at a time), and is kept too where it is left in place while
 * the screen changes under it, its own pixels unchanged (a field's text selected around it): drawn over the screen, it
 * is the pointer, where a glyph would have changed with the rest. A shape cut from a resized video differs from itself
 * a fraction of a pixel along: found only loosely, it is kept where the detector sees a pointer too. Where a kept shape
 * was seen while it waited is given too ({@link #waited}): the observer tells the frames it held meanwhile with the
 * pointer there.
 * <p>
 * Where no shape can be cut (the pointer came with a change larger than itself), the observer asks it for the
 * detector's place alone ({@link #sight}), held by a stand-in. A pointer never seen that came so is learned from the
 * place it left: the detector sees it in the frame before, its shape is cut there and found where it came; where it
 * came in another shape, the one it left in is still learned ({@link #leftIn}).
 */
final class PointerLearner {

    /**
     * How often (per second of video) one place is looked at while the pointer is lost: the detector costs milliseconds
     * a region. A new place is looked at at once, so that a clock ticking elsewhere never spends the look a pointer's
     * arrival needs.
     */
    private static final double TRIES_PER_SECOND = 4;
    /** The most shapes one video teaches (an arrow, an I-beam, a hand, a busy pointer). */
    private static final int MOST_SHAPES = 4;
    /** A cut shape not confirmed within this many seconds was not a pointer (a scripted pointer may rest for long). */
    private static final double CONFIRM_WITHIN = 30;
    /** The largest side (pixels) of a pointer: a 64 px HiDPI pointer, and what a video shown larger makes of a 48 px one. */
    private static final int LARGEST = 80;
    private static final int SMALLEST_OPAQUE = 12;
    /** How far (pixels) the shape must have moved for the move to confirm it. */
    private static final int MOVED = 8;
    /** Pixels around a cut shape that its footprint takes in but no match compares (its shadow). */
    private static final int MARGIN = 3;
    /**
     * How far (pixels) outside the change it cuts a shape from the detector's hit may lie: it places a hotspot within
     * 3 px on the families it was trained on, 1-2 px further on others (its model card).
     */
    private static final int HIT_OFF = 5;
    /**
     * The share of a waiting shape's box around it that must change under it, and of its own pixels that must stay, for
     * that to confirm it.
     */
    private static final double UNDER = 0.1;
    private static final double OWN = 0.8;
    /** How sure the detector must be of a pointer it saw where no shape could be cut, the motion confirming nothing. */
    private static final double SURE = 0.9;
    private final PointerDetector detector;
    /** How many shapes this video taught so far. */
    private int learned;
    /** The places the detector was asked about lately, and when. */
    private final List<Tried> tried = new ArrayList<>();
    /** The same for the places a pointer was looked for without a shape to cut ({@link #sight}). */
    private final List<Tried> sighted = new ArrayList<>();
    /** Set when the detector failed or a frame could not be given to it: it is not asked again. */
    private boolean broken;

    /** The cut shape waiting for its confirmation, or null. */
    private Candidate candidate;
    /** Where the shape confirmed last waited for that, or none (it was confirmed in the frame it was cut from). */
    private List<Seen> waited = List.of();
    /** The shape a pointer left in as it came elsewhere in another, where it left, until the observer asks. */
    private PointerFinder.Found leftIn;

    /**
     * A cut shape waiting for its confirmation: where it was seen since it was cut (as found there), whether it was cut
     * as another change of a pointer's size came with it (the place it may have come from), or alone, in place (what a
     * text caret blinking on shows), and whether such another change is where the pointer was last known, the detector
     * seeing it there in the frame before (it left there as this shape came).
     */
    private record Candidate(List<Seen> seen, boolean withAnother, boolean fromThePointer) {

        PointerFinder.Found last() {
            return seen.get(seen.size() - 1).at();
        }

        double since() {
            return seen.get(0).time();
        }

        Candidate seenAgain(PointerFinder.Found at, double time) {
            List<Seen> more = new ArrayList<>(seen);
            more.add(new Seen(time, at));
            return new Candidate(List.copyOf(more), withAnother, fromThePointer);
        }
    }

    /** A waiting shape found at a time of the video. */
    record Seen(double time, PointerFinder.Found at) {
    }

    private record Tried(Rect region, double time) {
    }

    PointerLearner(PointerDetector detector) {
        this.detector = detector;
    }

    /**
     * The pointer in a frame where no known shape was found: a learned shape confirmed by this frame, else null (a shape
     * cut from this frame waits for a later one). {@code current} and {@code previous} are the grey frames;
     * {@code colour} gives this frame in BGR when the detector asks; {@code lastSeen} is the footprint the observer last
     * knew the pointer by, or null.
     */
    PointerFinder.Found learn(PointerFinder finder, Mat current, Mat previous, List<Rect> changed, double time, Colour colour,
            Rect lastSeen) {
        if (candidate != null) {
            PointerFinder.Found confirmed = confirm(finder, current, previous, changed, time, colour);
            if (confirmed != null) {
                return confirmed;
            }
        }
        if (learned >= MOST_SHAPES || broken) {
            return null;
        }
        tried.removeIf(t -> time - t.time() >= 1 / TRIES_PER_SECOND);
        List<Rect> small = changed.stream().filter(r -> r.width <= LARGEST && r.height <= LARGEST)
                .filter(r -> tried.stream().noneMatch(t -> ScreenObserver.overlap(t.region(), r))).limit(4).toList();
        if (small.isEmpty()) {
            return null;
        }
        small.forEach(r -> tried.add(new Tried(r, time)));
        List<PointerDetector.Hit> hits = hits(small, current, colour.now());
        if (hits.isEmpty()) {
            return departed(finder, current, previous, changed, small, time, colour);
        }
        // the likeliest place that a jump confirms, else the likeliest waits: the detector takes a blinking caret for
        // an I-beam as surely as it sees a pointer that jumped in the same frame
        PointerFinder.Found waits = null;
        boolean waitsFromThePointer = false;
        for (PointerDetector.Hit hit : hits) {
            PointerFinder.Template cut = cut(current, previous, hit);
            if (cut == null) {
                continue;
            }
            PointerFinder.Found arrived = at(hit, cut);
            boolean fromThePointer = cameFromThePointer(current, small, arrived, colour, lastSeen);
            if (candidate != null && candidate.withAnother() && !fromThePointer) {
                continue; // one that may have come from elsewhere waits for its motion (a caret jumping a line down reads as one)
            }
            PointerFinder.Found left = leftFrom(finder, previous, small, arrived, colour);
            if (left != null) {
                // kept with the slack it took to be found where it left, if any: the video blurs it so wherever it goes
                return kept(left.template().slack() == 1 ? arrived
                        : new PointerFinder.Found(arrived.x(), arrived.y(), arrived.template().slackened(), arrived.score()), List.of());
            }
            if (waits == null) {
                waits = arrived;
                waitsFromThePointer = fromThePointer;
            }
        }
        if (waits != null) {
            PointerFinder.Found cutAt = waits;
            boolean withAnother = small.stream().anyMatch(r -> !ScreenObserver.overlap(r, cutAt.footprint()));
            candidate = new Candidate(List.of(new Seen(time, waits)), withAnother, waitsFromThePointer);
        }
        return null;
    }

    /**
     * A pointer the detector is sure of inside a change too large to cut its shape from (a menu its click opened under it,
     * the pointer taking the menu's own shape there): its place, held by a stand-in ({@link PointerFinder#standIn}).
     * Null when none is that sure, or no change is the size of a menu.
     */
    PointerFinder.Found sight(Mat current, List<Rect> changed, double time, Colour colour) {
        return sight(current, changed, time, colour, SURE);
    }

    private PointerFinder.Found sight(Mat current, List<Rect> changed, double time, Colour colour, double sure) {
        if (broken) {
            return null;
        }
        sighted.removeIf(t -> time - t.time() >= 1 / TRIES_PER_SECOND);
        List<Rect> large = changed.stream().filter(r -> (r.width > LARGEST || r.height > LARGEST) && r.area() <= current.total() / 8)
                .filter(r -> sighted.stream().noneMatch(t -> t.region().equals(r))).limit(2).toList();
        if (large.isEmpty()) {
            return null;
        }
        large.forEach(r -> sighted.add(new Tried(r, time)));
        PointerDetector.Hit hit = best(large, current, colour.now());
        return hit == null || hit.probability() < sure ? null
                : PointerFinder.standIn(current, (int) Math.round(hit.x()), (int) Math.round(hit.y()));
    }

    /**
     * Whether another of the small changes this shape came with is where the pointer was last known, and the frame
     * before shows a pointer there, the detector sees: the pointer left there as this shape came, so a waiting one was
     * not the pointer then (an icon that came as a folder opened), and this one takes its place. The detector alone
     * takes an icon for a pointer now and then.
     */
    private boolean cameFromThePointer(Mat current, List<Rect> small, PointerFinder.Found arrived, Colour colour, Rect lastSeen) {
        List<Rect> others = lastSeen == null ? List.of() : small.stream().filter(r -> ScreenObserver.overlap(r, lastSeen)
                && !ScreenObserver.overlap(r, arrived.footprint())
                && (candidate == null || !ScreenObserver.overlap(r, candidate.last().footprint()))).toList();
        return !others.isEmpty() && best(others, current, colour.before()) != null;
    }

    /**
     * Where the frame before shows the cut shape in another changed region, all of whose change it explains, or null: the
     * pointer jumped (a tablet, a script, a fast hand) and its old place changed as it left, the motion that confirms it
     * in one frame. As in a later frame ({@link #confirm}), it may be found there as a resized pointer is, where the
     * detector saw a pointer in the frame before too.
     */
    private PointerFinder.Found leftFrom(PointerFinder finder, Mat previous, List<Rect> regions, PointerFinder.Found arrived, Colour colour) {
        for (Rect region : regions) {
            if (ScreenObserver.overlap(region, arrived.footprint())) {
                continue;
            }
            PointerFinder.Found there = fitted(finder, previous, region, arrived.template(), colour.before());
            // and what changed there is what the shape changes leaving: not an icon or a line of text holding a glyph like
            // it; and the detector saw a pointer there, as it sees one where the shape came (a caret blinking as a clock's
            // digit turns elsewhere, both glyphs, is no pointer jumping)
            if (there != null && ScreenObserver.covered(region, ScreenObserver.grown(there.footprint(), MARGIN - 2))
                    && seenAt(there, region, previous, colour.before())) {
                return there;
            }
        }
        return null;
    }

    /**
     * A pointer no change showed arriving that left one of its size for a larger one: the detector sees it in the frame
     * before, in a small change it has gone from; its shape is cut there (this frame shows what was under it) and
     * found in this frame inside a change larger than itself, where the frame before did not show it (it came with what
     * its click did there: an icon highlighted under it). Both places changing is the motion that confirms it. Null
     * otherwise. A caret jumping a line shows no larger change where it comes.
     */
    private PointerFinder.Found departed(PointerFinder finder, Mat current, Mat previous, List<Rect> changed, List<Rect> small,
            double time, Colour colour) {
        PointerDetector.Hit gone = best(small, previous, colour.before());
        PointerFinder.Template shape = gone == null ? null : cut(previous, current, gone);
        if (shape == null) {
            return null;
        }
        Rect left = at(gone, shape).footprint();
        for (Rect region : changed) {
            if (region.width <= LARGEST && region.height <= LARGEST || region.area() > current.total() / 8
                    || ScreenObserver.overlap(region, left)) {
                continue;
            }
            PointerFinder.Found came = finder.findOnly(current, null, around(region), shape);
            if (came != null && ScreenObserver.overlap(came.footprint(), region)
                    && finder.findOnly(previous, null, ScreenObserver.grown(came.footprint(), 1), shape) == null) {
                return kept(came, List.of());
            }
        }
        // it took another shape where it came (an I-beam left for an arrow): the detector's place, its leaving the evidence;
        // and the shape it left in is one of this video's pointers
        PointerFinder.Found standIn = sight(current, changed, time, colour, detector.threshold());
        if (standIn != null) {
            learned++;
            leftIn = at(gone, shape);
        }
        return standIn;
    }

    /** The shape cut at the detector's hit, placed there. */
    private static PointerFinder.Found at(PointerDetector.Hit hit, PointerFinder.Template shape) {
        return new PointerFinder.Found((int) Math.round(hit.x()), (int) Math.round(hit.y()), shape, 0);
    }

    /** The likeliest pointer the detector sees in the regions, or null (also when it fails: then it is not asked again). */
    private PointerDetector.Hit best(List<Rect> regions, Mat current, Supplier<Mat> colour) {
        List<PointerDetector.Hit> hits = hits(regions, current, colour);
        return hits.isEmpty() ? null : hits.get(0);
    }

    /** The pointer the detector sees in each region where it sees one, likeliest first (none when it fails: then it is not asked again). */
    private List<PointerDetector.Hit> hits(List<Rect> regions, Mat current, Supplier<Mat> colour) {
        Mat bgr = colour.get();
        if (bgr == null) { // a frame of odd size has no BGR picture: not asked again
            broken = true;
            return List.of();
        }
        List<PointerDetector.Hit> hits = new ArrayList<>();
        try {
            for (Rect region : regions) {
                PointerDetector.Hit hit = detector.find(bgr, PointerFinder.clip(around(region), current));
                if (hit != null) {
                    hits.add(hit);
                }
            }
        } catch (IOException e) {
            broken = true;
            return List.of();
        } finally {
            bgr.release();
        }
        hits.sort(Comparator.comparingDouble(PointerDetector.Hit::probability).reversed());
        return hits;
    }

    /**
     * The candidate found again, away from its last place, which changed too: then it is learned. Found only as a
     * resized pointer is where it arrived, where the detector sees a pointer too, it is learned with that slack. One that
     * came as the pointer left elsewhere, left in place as the screen changed under it, is learned there
     * ({@link #drawnOver}): an icon in a list whose row is highlighted stays as it was too, but came with no pointer.
     */
    private PointerFinder.Found confirm(PointerFinder finder, Mat current, Mat previous, List<Rect> changed, double time, Colour colour) {
        if (time - candidate.since() > CONFIRM_WITHIN) {
            candidate = null;
            return null;
        }
        PointerFinder.Found last = candidate.last();
        PointerFinder.Found over = candidate.fromThePointer() ? drawnOver(current, previous, changed, last) : null;
        if (over != null) {
            return kept(over, candidate.seen());
        }
        boolean left = changed.stream().anyMatch(r -> ScreenObserver.overlap(r, last.footprint()));
        for (Rect region : changed) {
            if (region.width > 2 * LARGEST || region.height > 2 * LARGEST) {
                continue;
            }
            PointerFinder.Found found = fitted(finder, current, region, last.template(), colour.now());
            if (found == null) {
                continue;
            }
            // a pointer that moved clear of its old place leaves two changes; one change over both places is something
            // else redrawn (a line of text whose glyph was taken for the shape)
            boolean oneChange = ScreenObserver.overlap(region, last.footprint()) && !ScreenObserver.overlap(found.footprint(), last.footprint());
            // and what changed there is what the shape changes coming (or passing from its last place): not a longer line
            // of text holding a glyph like it
            Rect passed = ScreenObserver.overlap(region, last.footprint()) ? Observation.union(List.of(found.footprint(), last.footprint()))
                    : found.footprint();
            if (!ScreenObserver.covered(region, ScreenObserver.grown(passed, MARGIN - 2))) {
                continue;
            }
            // the detector seeing a pointer where it came, as where it was cut (a caret blinking off as a clock's digit
            // turns elsewhere, both glyphs, is no pointer moving)
            if (left && !oneChange && Math.hypot(found.x() - last.x(), found.y() - last.y()) >= MOVED
                    && seenAt(found, region, current, colour.now())) {
                return kept(found, candidate.seen());
            }
            candidate = candidate.seenAgain(found, time);
        }
        return null;
    }

    /**
     * The waiting shape where it was, when the screen changed under it, past it and through its box around its own
     * pixels, while nearly all of those stayed as it was cut: it is drawn over what the application redrew (a field's
     * text selected around a pointer that changed its shape on the way there and never moved again), as only the
     * pointer is. What the application draws itself changes with what it redraws there (a glyph selected turns white).
     * Null otherwise. Its own pixels are counted, not matched: the cut may hold a few of what lay under it.
     */
    private static PointerFinder.Found drawnOver(Mat current, Mat previous, List<Rect> changed, PointerFinder.Found last) {
        Rect foot = last.footprint();
        if (!foot.equals(PointerFinder.clip(foot, current))
                || changed.stream().noneMatch(r -> ScreenObserver.overlap(r, foot) && !ScreenObserver.covered(r, foot))) {
            return null;
        }
        PointerFinder.Template shape = last.template();
        Mat now = current.submat(foot);
        Mat before = previous.submat(foot);
        Mat same = new Mat();
        Mat moved = new Mat();
        Mat around = new Mat();
        try {
            Core.absdiff(now, shape.grey(), same);
            Imgproc.threshold(same, same, ScreenObserver.CHANGED, 255, Imgproc.THRESH_BINARY_INV);
            Core.bitwise_and(same, shape.mask(), same);
            Core.absdiff(now, before, moved);
            Imgproc.threshold(moved, moved, ScreenObserver.CHANGED, 255, Imgproc.THRESH_BINARY);
            Imgproc.threshold(shape.alpha(), around, 0, 255, Imgproc.THRESH_BINARY_INV);
            around.convertTo(around, CvType.CV_8U);
            int room = Core.countNonZero(around);
            Core.bitwise_and(moved, around, moved);
            return Core.countNonZero(same) >= OWN * shape.opaque() && Core.countNonZero(moved) >= UNDER * room ? last : null;
        } finally {
            for (Mat mat : List.of(now, before, same, moved, around)) {
                mat.release();
            }
        }
    }

    /**
     * Where a shape fits in a region of {@code frame} as a template does, or else as a resized pointer does
     * ({@link #resized}; {@code colour} is that frame); null where neither.
     */
    private PointerFinder.Found fitted(PointerFinder finder, Mat frame, Rect region, PointerFinder.Template shape, Supplier<Mat> colour) {
        PointerFinder.Found closest = finder.closestOnly(frame, around(region), shape);
        return closest != null && closest.score() < PointerFinder.MATCH ? closest : resized(finder, frame, region, shape, colour);
    }

    /**
     * A learned shape cut from a resized video, at its closest place in a region as such a video shows it (at its best
     * lie on the grid, with the slack a resized pointer that has just arrived is given: {@link
     * PointerFinder.Template#atEveryLie}), where it fits so and the detector sees a pointer too (within {@link #HIT_OFF})
     * in {@code colour}, the same frame: found there, slackened ({@link PointerFinder.Template#slackened}). Null
     * otherwise.
     */
    private PointerFinder.Found resized(PointerFinder finder, Mat frame, Rect region, PointerFinder.Template shape, Supplier<Mat> colour) {
        if (shape.slack() != 1 || broken) {
            return null;
        }
        PointerFinder.Template lied = shape.atEveryLie();
        PointerFinder.Found closest = finder.closestOnly(frame, around(region), lied);
        lied.lies().forEach(Mat::release); // made for this look only: the shape is kept as cut
        return closest != null && closest.score() < PointerFinder.MATCH && seenAt(closest, region, frame, colour)
                ? new PointerFinder.Found(closest.x(), closest.y(), shape.slackened(), closest.score())
                : null;
    }

    /**
     * The pointer, known in the frame before and found nowhere now, in its last {@code shape} at the closest place inside
     * a change where the shape fits as loosely as a pointer that has just arrived and the detector sees a pointer too: a
     * shape cut from the video carries at its edge the ground it was cut over, and fits another ground only so (where
     * its click redrew the window under it). The closest such place first; null where none is.
     */
    PointerFinder.Found lostIn(PointerFinder finder, Mat current, List<Rect> changed, PointerFinder.Template shape, Colour colour) {
        if (broken || shape == null || shape.standIn()) {
            return null;
        }
        List<PointerFinder.Found> closest = new ArrayList<>();
        for (Rect region : changed) {
            PointerFinder.Found found = finder.closestOnly(current, around(region), shape);
            if (found != null && found.score() < PointerFinder.ARRIVED) {
                closest.add(found);
            }
        }
        closest.sort(Comparator.comparingDouble(PointerFinder.Found::score));
        // found so once, not slackened for the rest of the video: a shape fitting that loosely elsewhere is a look-alike
        return closest.stream().filter(found -> seenAt(found, found.footprint(), current, colour.now())).findFirst().orElse(null);
    }

    /**
     * Whether the detector sees the pointer a template found where it was not known: a letter typed in a blurred,
     * resized copy fits an I-beam as well as a pointer does, and the detector tells letters from pointers. True where
     * it cannot be asked (it failed on this video).
     */
    boolean confirms(PointerFinder.Found found, Mat current, Colour colour) {
        return broken || seenAt(found, found.footprint(), current, colour.now());
    }

    /** Whether the detector sees a pointer in a region of {@code frame} ({@code colour} is that frame) where one was found. */
    private boolean seenAt(PointerFinder.Found found, Rect region, Mat frame, Supplier<Mat> colour) {
        PointerDetector.Hit hit = best(List.of(region), frame, colour);
        return hit != null && Math.hypot(hit.x() - found.x(), hit.y() - found.y()) <= HIT_OFF;
    }

    /** A shape confirmed as the video's pointer, where it {@code waited} for that: one more learned, none waiting. */
    private PointerFinder.Found kept(PointerFinder.Found pointer, List<Seen> waited) {
        learned++;
        candidate = null;
        this.waited = waited;
        return pointer;
    }

    /**
     * Whether a shape cut as another change came with it waits for its confirmation: the pointer may have come with a
     * click there, and what the frames since show is told once the shape is kept ({@link #waited}) or given up.
     */
    boolean waiting() {
        return candidate != null && candidate.withAnother();
    }

    /**
     * The shape the pointer left in, where it rested in it, when {@link #learn} last placed a stand-in where it came in
     * another (an I-beam left a field for a highlighted icon): for the observer to know it by when it comes back in it.
     * Null otherwise; given once.
     */
    PointerFinder.Found leftIn() {
        PointerFinder.Found shape = leftIn;
        leftIn = null;
        return shape;
    }

    /**
     * Where the shape {@link #learn} last confirmed was seen from the frame it was cut in, each time it was found again
     * until the frame that confirmed it; none where that frame cut it.
     */
    List<Seen> waited() {
        return waited;
    }

    /**
     * The shape at the detector's hit: the connected change around it (the frame before shows what is under it), its
     * outline filled, cut to its box; null when no change holds the hit or the change is no pointer's size.
     */
    static PointerFinder.Template cut(Mat current, Mat previous, PointerDetector.Hit hit) {
        int hotX = (int) Math.round(hit.x());
        int hotY = (int) Math.round(hit.y());
        Rect area = PointerFinder.clip(new Rect(hotX - LARGEST, hotY - LARGEST, 2 * LARGEST, 2 * LARGEST), current);
        Mat now = current.submat(area);
        Mat before = previous.submat(area);
        Mat difference = new Mat();
        Mat mask = new Mat();
        Mat kernel = Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(3, 3));
        Mat hierarchy = new Mat();
        List<MatOfPoint> outlines = new ArrayList<>();
        try {
            Core.absdiff(now, before, difference);
            Imgproc.threshold(difference, mask, ScreenObserver.CHANGED, 255, Imgproc.THRESH_BINARY);
            Imgproc.morphologyEx(mask, mask, Imgproc.MORPH_CLOSE, kernel);
            Imgproc.findContours(mask, outlines, hierarchy, Imgproc.RETR_EXTERNAL, Imgproc.CHAIN_APPROX_SIMPLE);
            Point hot = new Point(hotX - area.x, hotY - area.y);
            MatOfPoint holding = null;
            for (MatOfPoint outline : outlines) {
                Rect box = Imgproc.boundingRect(outline);
                if (ScreenObserver.grown(box, HIT_OFF).contains(hot)) {
                    holding = outline;
                }
            }
            if (holding == null) {
                return null;
            }
            Rect box = Imgproc.boundingRect(holding);
            if (box.width > LARGEST || box.height > LARGEST || box.x == 0 || box.y == 0 || box.x + box.width >= area.width
                    || box.y + box.height >= area.height) {
                return null; // larger than a pointer, or running on past the area looked at: a hover highlight, a menu
            }
            Mat filled = Mat.zeros(mask.size(), CvType.CV_8UC1);
            Imgproc.drawContours(filled, List.of(holding), 0, new Scalar(1), -1);
            Mat shape = filled.submat(box).clone();
            filled.release();
            // a margin of pixels never compared around the shape: its footprint then takes in the faint shadow many themes
            // draw, which changes the screen where the pointer goes as the shape itself does
            Mat outline = new Mat();
            Core.copyMakeBorder(shape, outline, MARGIN, MARGIN, MARGIN, MARGIN, Core.BORDER_CONSTANT, new Scalar(0));
            shape.release();
            Rect inFrame = new Rect(area.x + box.x - MARGIN, area.y + box.y - MARGIN, box.width + 2 * MARGIN, box.height + 2 * MARGIN);
            if (!PointerFinder.clip(inFrame, current).equals(inFrame)) {
                outline.release();
                return null; // at the screen's edge: cut where it shows whole
            }
            Mat part = current.submat(inFrame);
            Mat grey = part.clone();
            part.release();
            return PointerFinder.learned(grey, outline, Math.min(Math.max(hotX - area.x - box.x, 0), box.width - 1) + MARGIN,
                    Math.min(Math.max(hotY - area.y - box.y, 0), box.height - 1) + MARGIN, SMALLEST_OPAQUE);
        } finally {
            for (Mat mat : List.of(now, before, difference, mask, kernel, hierarchy)) {
                mat.release();
            }
            outlines.forEach(Mat::release);
        }
    }

    /** A changed region with the pixels around it a pointer whose hotspot lies at its edge still covers. */
    private static Rect around(Rect region) {
        return ScreenObserver.grown(region, 8);
    }

    /** This frame and the one before in BGR (each null when it cannot be converted), made only when the detector asks. */
    record Colour(Supplier<Mat> now, Supplier<Mat> before) {
    }
}
