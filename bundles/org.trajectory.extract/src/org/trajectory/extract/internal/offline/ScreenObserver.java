package org.trajectory.extract.internal.offline;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Stream;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.MatOfDouble;
import org.opencv.core.Point;
import org.opencv.core.Rect;
import org.opencv.core.Scalar;
import org.opencv.imgproc.Imgproc;

import org.trajectory.extract.Frame;
import org.trajectory.extract.FrameSampler;
import org.trajectory.extract.Video;
import org.trajectory.model.operation.Progress;

/**
 * The offline method's look at the video: reads its frames one at a time (memory holds two) and notes, for each frame,
 * where the pointer is and what changed since the frame before ({@link Observation}). Frames equal to the one before
 * cost a comparison; the pointer is looked for near where it was, then where the screen changed, and on the
 * whole screen only while it has not been seen. While a shape cut from the video waits to be known as the pointer, the
 * observations (not the frames) are held, and told once it is kept or given up. A pointer lost from one frame to the
 * next is looked for in the changes loosely, where the detector sees it ({@link PointerLearner#lostIn}).
 */
final class ScreenObserver {

    /** A pixel counts as changed when its grey level moved more than this (video compression stays under it). */
    static final double CHANGED = 18;
    /** Grey levels per video-range luma level. */
    private static final double STRETCH = 255 / 219.0;
    /** How far (pixels) around its last place the pointer is looked for first. */
    private static final int NEAR = 48;
    /** How far (pixels) from its last place a pointer held by a stand-in may be found and have stayed there. */
    private static final int SIGHTED_OFF = 6;
    /** How much worse a pointer may fit its place than a moment ago and still be taken as resting there. */
    private static final double WORSE_FIT = 3;
    /** How often (seconds) the whole screen is searched while the pointer is not known. */
    private static final double FULL_SEARCH_EVERY = 10;

    /**
     * The largest changed region searched for the pointer with every shape: this many pixels a side, or as many pixels
     * up to twice as wide (a field whose focus ring was drawn as the pointer arrived to click it).
     */
    private static final int POINTER_REGION = 160;

    private final PointerFinder finder;
    private double lastLargeSearch = Double.NEGATIVE_INFINITY;
    /** The shape the pointer had when last seen. */
    private PointerFinder.Template lastShape;
    /** The size of this video's pointer, once seen. */
    private final PointerFinder.Scale scale = new PointerFinder.Scale();

    /** Learns a pointer no template has from the video, or null (no detector). */
    private final PointerLearner learner;

    ScreenObserver(PointerFinder finder, PointerLearner learner) {
        this.finder = finder;
        this.learner = learner;
    }

    /**
     * Where each observation goes, in the order of the frames, with the frame it was made on (I420, valid only during the
     * call); null for one told after later frames were read (made while a shape cut from the video waited to be known as
     * the pointer: once it is, they tell where it was).
     */
    interface Sink {
        /** Frame {@code index} as read, before anything is told of it (I420, valid only during the call). */
        default void read(int index, Frame frame) {
        }

        void seen(Observation observation, Frame frame) throws IOException;
    }

    /** Reads {@code video} at {@code fps} frames a second, each frame's observation told to {@code sink}; how many frames were read. */
    int observe(Video video, double fps, Progress progress, Sink sink) throws IOException, InterruptedException {
        int expected = (int) Math.ceil(video.duration() * fps);
        progress.begin("Reading " + video.file().getFileName() + " at " + fps + " frames/s", expected, "frames");
        // I420 is what screen videos are stored as: decoding to it costs ffmpeg no conversion, and colour is there for
        // the screenshots; its luma plane, stretched from video range to 0-255, is the grey picture pointers are found in,
        // stretched only for frames that changed more than encoder noise
        try (Pass pass = new Pass(video.width(), video.height()); FrameSampler sampler = FrameSampler.open(video, fps, Frame.Layout.I420)) {
            Frame frame;
            int index = 0;
            while ((frame = sampler.next()) != null) {
                if (Thread.interrupted() || progress.isCancelled()) {
                    throw new InterruptedException("extraction cancelled");
                }
                sink.read(index, frame);
                for (Observation observation : pass.next(index, frame)) {
                    sink.seen(observation, observation.frame() == index ? frame : null);
                }
                index++;
                progress.worked(1);
            }
            for (Held held : pass.held) {
                sink.seen(held.observation(), null);
            }
            if (index == 0) {
                throw new IOException(video.file() + ": not a video ffmpeg can read (no frame of it could be decoded)");
            }
            return index;
        }
    }

    /** What one pass over a video keeps from frame to frame: the last luma planes, raw and stretched, and the pointer. */
    private final class Pass implements AutoCloseable {
        private final int width;
        private final int height;
        private Mat lumaBefore;
        private Mat luma;
        private Mat previous;
        private Mat current;
        private boolean previousStretched;
        private final Mat difference = new Mat();
        private final Mat mask = new Mat();
        private byte[] previousPixels;
        private PointerFinder.Found pointer;
        /** Where the pointer was last known, however long ago. */
        private Rect lastSeen;
        private double lastFullSearch = Double.NEGATIVE_INFINITY;
        /** Observations made while a cut shape waits to be known as the pointer ({@link PointerLearner#waiting}). */
        private final List<Held> held = new ArrayList<>();
        /** The held observations, told once the shape was kept (the pointer where it waited): given before this frame's. */
        private final List<Observation> told = new ArrayList<>();

        Pass(int width, int height) {
            this.width = width;
            this.height = height;
            lumaBefore = new Mat(height, width, CvType.CV_8UC1);
            luma = new Mat(height, width, CvType.CV_8UC1);
            previous = new Mat(height, width, CvType.CV_8UC1);
            current = new Mat(height, width, CvType.CV_8UC1);
        }

        /**
         * The observations ready once frame {@code index} is read: what it shows (the same as the last, no search; or its
         * changes and where the pointer went), after those held before it; none while a cut shape waits.
         */
        List<Observation> next(int index, Frame frame) {
            Held made = made(index, frame);
            List<Observation> ready = new ArrayList<>(told);
            told.clear();
            if (learner != null && learner.waiting()) {
                held.add(made);
            } else {
                held.forEach(given -> ready.add(given.observation())); // the shape was given up: they stay as they were
                held.clear();
                ready.add(made.observation());
            }
            return ready;
        }

        /** What frame {@code index} shows: the same as the last (no search), or its changes and where the pointer went. */
        private Held made(int index, Frame frame) {
            boolean same = previousPixels != null && Arrays.equals(previousPixels, frame.pixels());
            boolean still = same;
            if (!same) {
                luma.put(0, 0, frame.pixels(), 0, width * height);
                if (previousPixels != null) {
                    Core.absdiff(lumaBefore, luma, difference);
                    // most frames of a screen recording differ by encoder noise only: one look at the strongest change
                    still = pointer != null && Core.minMaxLoc(difference).maxVal < Regions.STRONG / STRETCH;
                }
            }
            Held made = still ? new Held(new Observation(index, frame.time(), pointer, null, false, List.of(), List.of(),
                    Observation.Shift.NONE), List.of(), pointer)
                    : changed(index, frame);
            if (!same) {
                Mat swap = lumaBefore;
                lumaBefore = luma;
                luma = swap;
                if (!still) {
                    swap = previous;
                    previous = current;
                    current = swap;
                }
                previousStretched = !still;
            }
            previousPixels = frame.pixels();
            return made;
        }

        /**
         * The held observations told with the pointer where the shape kept now {@code waited} to be known as such ({@link
         * PointerLearner#waited}): in each, where it was last seen, until its place changed without it being seen again
         * (it may have gone anywhere). Where it is known, a pointer found elsewhere was not one (a glyph typed meanwhile,
         * taken for an I-beam): one pointer is in one place. Returns the pointer the last of them tells, or null.
         */
        private PointerFinder.Found told(List<PointerLearner.Seen> waited) {
            PointerFinder.Found place = null;
            int next = 0;
            for (Held made : held) {
                Observation observation = made.observation();
                boolean seen = false;
                while (next < waited.size() && waited.get(next).time() <= observation.time()) {
                    place = waited.get(next++).at();
                    seen = true;
                }
                if (!seen && place != null && touched(made.changed(), place)) {
                    place = null; // its place changed: it may have gone anywhere
                }
                PointerFinder.Found before = told.isEmpty() ? made.before() : told.get(told.size() - 1).pointer();
                told.add(place == null ? observation : made.at(place, before));
            }
            held.clear();
            return told.isEmpty() ? null : told.get(told.size() - 1).pointer();
        }

        /** A frame that changed more than encoder noise: the regions that changed, and the pointer found again. */
        private Held changed(int index, Frame frame) {
            double time = frame.time();
            List<Rect> changed = changedSincePrevious();
            PointerFinder.Found before = pointer;
            byte[] pixelsBefore = previousPixels;
            PointerLearner.Colour colour = new PointerLearner.Colour(() -> Pictures.bgr(frame.pixels(), frame.width(), frame.height()),
                    () -> pixelsBefore == null ? null : Pictures.bgr(pixelsBefore, frame.width(), frame.height()));
            pointer = locate(current, previous, before, changed, time);
            PointerFinder.Found aside = null; // a still picture taken for the pointer, while it moved elsewhere
            if (before == null && stillPicture(changed, pointer)) {
                aside = pointer;
                pointer = null;
            } else if (before == null) {
                pointer = took(confirmed(pointer, colour));
            }
            PointerFinder.Found rested = null;
            if (before == null && (pointer != null || lastShape == null || changed.stream().anyMatch(ScreenObserver::pointerSized))) {
                // the pointer appeared, or left where it rested unseen: where it was, if it was visible, over what this
                // frame shows there now it has gone (exactly what was under it)
                rested = took(locate(previous, current, null, changed, time));
                if (pointer == null && rested != null) {
                    pointer = locate(current, previous, rested, changed, time); // and where it went, followed from there
                }
                before = rested;
            }
            if (pointer == null && before == null && time - lastFullSearch >= FULL_SEARCH_EVERY) {
                PointerFinder.Found found = wholeScreen(time);
                if (stillPicture(changed, found)) {
                    aside = aside == null ? found : aside;
                } else {
                    pointer = took(found);
                }
            }
            if (pointer == null && learner != null && !changed.isEmpty()) {
                pointer = learner.learn(finder, current, previous, changed, time, colour, lastSeen);
                PointerFinder.Found leftIn = learner.leftIn();
                if (leftIn != null) {
                    scale.saw(leftIn); // a shape this video's pointer takes: known when it comes back in it
                }
                if (took(pointer) != null) {
                    before = held.isEmpty() ? before : told(learner.waited()); // it moved from where it waited
                } else if (before != null || lastShape == null) {
                    // it left its place as much changed, or was never seen, and no shape could be cut there: it came with
                    // a change larger than itself (a menu its click opened under it, where it took the menu's shape; the
                    // highlight its click drew over an icon)
                    pointer = learner.sight(current, changed, time, colour);
                }
                if (pointer == null && before != null) {
                    pointer = learner.lostIn(finder, current, changed, lastShape, colour);
                }
            }
            if (pointer == null && aside != null) {
                pointer = took(aside); // nothing else found: it was the pointer after all
            }
            pointer = anchored(current, pointer, before);
            lastSeen = pointer == null ? lastSeen : pointer.footprint();
            boolean appeared = appeared(changed, before, rested, pointer);
            return new Held(observe(index, time, previous, current, changed, before, pointer, rested, appeared), changed, before);
        }

        /** What changed since the frame before (nothing for the first frame), each frame's luma stretched once. */
        private List<Rect> changedSincePrevious() {
            stretch(luma, current);
            if (previousPixels == null) {
                return List.of();
            }
            if (!previousStretched) {
                stretch(lumaBefore, previous);
            }
            return changes(previous, current, difference, mask);
        }

        /** The pointer anywhere on the screen, in its last shape once it has one (a screenful in every shape costs seconds). */
        private PointerFinder.Found wholeScreen(double time) {
            lastFullSearch = time;
            Rect whole = new Rect(0, 0, current.cols(), current.rows());
            return lastShape == null ? finder.find(current, null, whole, null, scale.known() ? scale : PointerFinder.Scale.NATIVE)
                    : finder.findOnly(current, null, whole, lastShape);
        }

        /**
         * Whether a pointer found while it was not known is a still picture (a text caret that showed as the window took
         * focus): two changes of a pointer's size and alike lie away from it, where the pointer left and where it
         * arrived, in a shape no template matched. The learner is asked there first.
         */
        private boolean stillPicture(List<Rect> changed, PointerFinder.Found found) {
            return found != null && learner != null && movedElsewhere(changed, found);
        }

        /**
         * A pointer found where it was not known, where the detector sees it too (or none is asked) if it is a shape a
         * letter can pass for; else null.
         */
        private PointerFinder.Found confirmed(PointerFinder.Found found, PointerLearner.Colour colour) {
            return found == null || learner == null || !letterLike(found.template()) || learner.confirms(found, current, colour) ? found : null;
        }

        /** The pointer found, its shape and size now this video's; null stays null. */
        private PointerFinder.Found took(PointerFinder.Found found) {
            if (found != null) {
                lastShape = found.template();
                scale.saw(found);
            }
            return found;
        }

        @Override
        public void close() {
            for (Mat mat : List.of(lumaBefore, luma, previous, current, difference, mask)) {
                mat.release();
            }
        }
    }

    /**
     * The pointer near its last place, else in a changed region the size of a moved pointer (its old and new places
     * change), else null. Large changed regions (a window moved, a page changed) are searched with the pointer's last
     * shape only, and at most once a second: searching a screenful for every shape costs seconds. {@code before} is the
     * frame before it, or null.
     */
    private PointerFinder.Found locate(Mat frame, Mat before, PointerFinder.Found last, List<Rect> changed, double time) {
        PointerFinder.Template likely = last == null || last.template().standIn() ? lastShape : last.template();
        if (last != null) {
            Rect foot = last.footprint();
            if (!touched(changed, last)) {
                return last; // nothing changed where it is: a pointer cannot leave without changing its place
            }
            PointerFinder.Found stayed = stayed(frame, before, last, changed, likely);
            if (stayed != null) {
                return stayed;
            }
            // its hotspot within NEAR of where it was, its whole shape with it (an arrow reaches below and right of its tip)
            PointerFinder.Found near = finder.find(frame, before, grown(foot, NEAR), likely, scale);
            if (near != null) {
                lastShape = near.template();
                scale.saw(near);
                return near;
            }
            PointerFinder.Found resting = finder.stillThere(frame, last);
            if (resting != null) {
                return resting;
            }
        }
        PointerFinder.Found best = bestInChanges(changed, null, around -> finder.find(frame, before, around, likely, scale));
        Rect large = Observation.union(changed.stream().filter(region -> !movedPointerSized(region)).toList());
        if (best == null && large != null && last != null) {
            // followed every frame while it moves with what it drags; over a window's worth of pixels in its familiar shapes only
            best = large.area() <= 4.0 * POINTER_REGION * POINTER_REGION ? finder.find(frame, before, large, likely, scale)
                    : finder.findFamiliar(frame, before, large, likely, scale);
        } else if (best == null && large != null && time - lastLargeSearch >= 1) {
            lastLargeSearch = time; // looked for once a second when lost; never seen yet (it was over nothing drawing it, as
            // an empty desktop), in every shape, as it may have come with a click that changed much: at every size
            // where the change is a menu's or a list's, at its own size where it is a screenful (all sizes cost seconds)
            boolean small = large.area() <= frame.total() / 8;
            best = likely != null ? finder.findOnly(frame, before, large, likely)
                    : finder.find(frame, before, large, null, small || scale.known() ? scale : PointerFinder.Scale.NATIVE);
        }
        if (best != null && last != null) { // where it was not known, the caller records it once it is taken
            lastShape = best.template();
            scale.saw(best);
        }
        return best;
    }

    /**
     * The pointer where it was {@code last}, the most common answer, looked for there first, where nothing else in reach
     * can pass for it; or where it went, where it fits its place far worse than a moment ago and fits a changed region far
     * better (a pointer whose colours differ little from what it left in grey levels still fits its old place loosely).
     * Null where it is not found in its place.
     */
    private PointerFinder.Found stayed(Mat frame, Mat before, PointerFinder.Found last, List<Rect> changed, PointerFinder.Template likely) {
        Rect foot = last.footprint();
        PointerFinder.Found stayed = finder.findOnly(frame, null, grown(foot, 1), last.template());
        if (stayed == null || Math.abs(stayed.x() - last.x()) > 1 || Math.abs(stayed.y() - last.y()) > 1) {
            return null;
        }
        if (fitsAsBefore(stayed, last)) {
            return stayed;
        }
        PointerFinder.Found went = bestInChanges(changed, foot, around -> finder.findOnly(frame, before, around, likely));
        return went != null && went.score() * WORSE_FIT < stayed.score() ? went : stayed;
    }

    /**
     * Whether the pointer {@code found} where it was {@code last} fits that place about as well as it did: where its place
     * changed and it fits {@link #WORSE_FIT} times worse, it may have left (a pointer whose grey levels differ little
     * from what lay under it still fits loosely where it was). A stand-in is its place's pixels: it fits or is gone.
     */
    private static boolean fitsAsBefore(PointerFinder.Found found, PointerFinder.Found last) {
        return last.template().standIn() || found.score() <= WORSE_FIT * Math.max(last.score(), PointerFinder.MATCH / 10);
    }

    /**
     * What {@code look} finds around the changed regions no larger than a moved pointer's that fits best, or null; where
     * {@code away} is given, only clear of it.
     */
    private static PointerFinder.Found bestInChanges(List<Rect> changed, Rect away, Function<Rect, PointerFinder.Found> look) {
        PointerFinder.Found best = null;
        for (Rect region : changed) {
            if (!movedPointerSized(region) || away != null && covered(region, away)) {
                continue;
            }
            PointerFinder.Found found = look.apply(grown(region, 24));
            if (found != null && overlap(found.footprint(), region) && (away == null || !overlap(found.footprint(), away))
                    && (best == null || found.score() < best.score())) {
                best = found;
            }
        }
        return best;
    }

    /** Whether a changed region is no larger than a pointer's old and new places together (not a window, not a page). */
    private static boolean movedPointerSized(Rect region) {
        return region.area() <= POINTER_REGION * POINTER_REGION && Math.max(region.width, region.height) <= 2 * POINTER_REGION;
    }

    /**
     * A pointer found within a few pixels of its last place where one of the two places is a stand-in's: at its last
     * place. It changed its shape there (took the arrow of the menu its click opened, and back when the menu closed); the
     * detector places a hotspot only to within 3 px, and a move by the difference, with the menu opening or closing
     * under it, would read as a drag.
     */
    private static PointerFinder.Found anchored(Mat frame, PointerFinder.Found found, PointerFinder.Found last) {
        if (found == null || last == null || !found.template().standIn() && !last.template().standIn()
                || Math.abs(found.x() - last.x()) > SIGHTED_OFF || Math.abs(found.y() - last.y()) > SIGHTED_OFF) {
            return found;
        }
        return found.template().standIn() ? PointerFinder.standIn(frame, last.x(), last.y())
                : new PointerFinder.Found(last.x(), last.y(), found.template(), found.score());
    }

    private static Observation observe(int index, double time, Mat previous, Mat current, List<Rect> changed, PointerFinder.Found before,
            PointerFinder.Found after, PointerFinder.Found rested, boolean appeared) {
        List<Rect> changes = new ArrayList<>();
        List<Rect> carets = new ArrayList<>();
        split(changed, before, after, changes, carets);
        Observation.Shift shift = Observation.Shift.NONE;
        Rect union = Observation.union(changes);
        if (union != null && union.height >= 40) {
            // widened: a column of text (line numbers) shifting is too narrow to correlate on its own
            List<Rect> pointers = Stream.of(before, rested, after).filter(Objects::nonNull).map(PointerFinder.Found::footprint).toList();
            shift = shift(previous, current, PointerFinder.clip(new Rect(union.x - 24, union.y, Math.max(union.width + 48, 96), union.height),
                    previous), pointers);
        }
        return new Observation(index, time, after, rested, appeared, List.copyOf(changes), List.copyOf(carets), shift);
    }

    /**
     * The changed regions less the pointer's own pixels (it moved from {@code before} to {@code after}, or changed its
     * shape), into {@code changes} and the caret-sized {@code carets}.
     */
    private static void split(List<Rect> changed, PointerFinder.Found before, PointerFinder.Found after, List<Rect> changes,
            List<Rect> carets) {
        // a pointer that moved less than its own size (or changed its shape in place) changes one region over both its
        // footprints; one that moved clear, one region each
        Rect overlapping = before != null && after != null && overlap(before.footprint(), after.footprint())
                ? Observation.union(List.of(before.footprint(), after.footprint())) : null;
        for (Rect region : changed) {
            if (covered(region, footprint(before)) || covered(region, footprint(after)) || covered(region, overlapping)) {
                continue; // the pointer's own pixels
            }
            (region.width <= 3 && region.height >= 6 && region.height <= 40 ? carets : changes).add(region);
        }
    }

    /**
     * Whether the pointer, unseen in the frame before, came where the screen changed (where it had been unseen, it would
     * have been found there in the frame before).
     */
    private static boolean appeared(List<Rect> changed, PointerFinder.Found before, PointerFinder.Found rested,
            PointerFinder.Found pointer) {
        return rested == null && before == null && pointer != null && changed.stream().anyMatch(c -> overlap(c, pointer.footprint()));
    }

    /** Whether a change reached where the pointer is (a pointer cannot leave without changing its place). */
    private static boolean touched(List<Rect> changed, PointerFinder.Found pointer) {
        Rect reach = grown(pointer.footprint(), 2);
        return changed.stream().anyMatch(c -> overlap(c, reach));
    }

    /**
     * An observation not told yet, with the regions that changed in its frame (the pointer's own among them) and the
     * pointer as known in the frame before.
     */
    private record Held(Observation observation, List<Rect> changed, PointerFinder.Found before) {

        /**
         * The observation told with the pointer at {@code place}, where it was at {@code before} in the frame before:
         * come where the screen changed from nowhere known, it appeared.
         */
        Observation at(PointerFinder.Found place, PointerFinder.Found before) {
            List<Rect> changes = new ArrayList<>();
            List<Rect> carets = new ArrayList<>();
            split(changed, before, place, changes, carets);
            return new Observation(observation.frame(), observation.time(), place, observation.rested(),
                    appeared(changed, before, observation.rested(), place), List.copyOf(changes),
                    List.copyOf(carets), changes.isEmpty() ? Observation.Shift.NONE : observation.shift());
        }
    }

    /**
     * The regions that changed between two grey frames, by more than encoder noise; {@code difference} and {@code mask}
     * are working pictures the caller keeps (made once per video, not per frame).
     */
    static List<Rect> changes(Mat previous, Mat current, Mat difference, Mat mask) {
        Core.absdiff(previous, current, difference);
        Imgproc.threshold(difference, mask, CHANGED, 255, Imgproc.THRESH_BINARY);
        return Regions.of(mask, difference);
    }

    /** Whether two changes of a pointer's size and alike in size lie away from {@code found}: where a pointer left and arrived. */
    private static boolean movedElsewhere(List<Rect> changed, PointerFinder.Found found) {
        List<Rect> small = changed.stream().filter(ScreenObserver::pointerSized).filter(r -> !overlap(r, found.footprint())).toList();
        for (int i = 0; i < small.size(); i++) {
            for (int j = i + 1; j < small.size(); j++) {
                Rect a = small.get(i);
                Rect b = small.get(j);
                if (!overlap(a, b) && Math.abs(a.width - b.width) <= Math.max(2, a.width / 4)
                        && Math.abs(a.height - b.height) <= Math.max(2, a.height / 4)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether a letter can pass for a shape: a thin upright stroke (an I-beam), twice as tall as it is wide or more. */
    private static boolean letterLike(PointerFinder.Template shape) {
        return shape.height() >= 2 * shape.width();
    }

    /** Whether a change is no larger than what a pointer leaves where it was (one drawn at 200 % is 48 pixels a side). */
    private static boolean pointerSized(Rect change) {
        return change.width <= 64 && change.height <= 64;
    }

    /** The box with {@code by} pixels more on each side. */
    static Rect grown(Rect box, int by) {
        return new Rect(box.x - by, box.y - by, box.width + 2 * by, box.height + 2 * by);
    }

    static boolean overlap(Rect a, Rect b) {
        return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    }

    /** The area (pixels) two boxes share: 0 where they do not overlap. */
    static double overlapArea(Rect a, Rect b) {
        double width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
        double height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
        return width > 0 && height > 0 ? width * height : 0;
    }

    private static Rect footprint(PointerFinder.Found pointer) {
        return pointer == null ? null : pointer.footprint();
    }

    /** Whether a changed region lies within the pointer's footprint (grown by 2 px for the blended edge). */
    static boolean covered(Rect region, Rect foot) {
        if (foot == null) {
            return false;
        }
        return region.x >= foot.x - 2 && region.y >= foot.y - 2 && region.x + region.width <= foot.x + foot.width + 2
                && region.y + region.height <= foot.y + foot.height + 2;
    }

    /**
     * How the content of {@code area} moved from one frame to the next (positive dy: down): by phase correlation, and
     * where that finds no clean shift, by where the middle half of the area's rows went (text scrolled by lines, which
     * leaves blank margins phase correlation cannot lock on). The {@code pointers}' places are left out of both frames:
     * where little else moved coherently, a pointer that jumped is what correlates, and its move read as the content's.
     */
    private static Observation.Shift shift(Mat previous, Mat current, Rect area, List<Rect> pointers) {
        Mat a = grey(previous.submat(area));
        Mat b = grey(current.submat(area));
        Scalar level = Core.mean(a);
        for (Rect pointer : pointers) {
            Rect inArea = PointerFinder.clip(new Rect(pointer.x - area.x, pointer.y - area.y, pointer.width, pointer.height), a);
            if (!inArea.empty()) {
                Mats.fill(a, inArea, level);
                Mats.fill(b, inArea, level);
            }
        }
        double[] response = new double[1];
        Point moved = Imgproc.phaseCorrelate(a, b, new Mat(), response);
        a.release();
        b.release();
        Observation.Shift shift = new Observation.Shift(moved.x, moved.y, response[0]);
        shift = shift.vertical() || area.height < 48 ? shift : rows(previous, current, area, shift);
        if (!shift.vertical()) {
            return shift;
        }
        Mat was = previous.submat(area);
        Mat is = current.submat(area);
        double explained = explained(was, is, (int) Math.round(shift.dy()));
        was.release();
        is.release();
        return shift.explaining(explained);
    }

    /**
     * The part of the pixels that differ between the two frames (where both show the same rows after the shift) that
     * agree once the frame before is moved by {@code dy}: near 1 for a pane scrolled, low where much else was redrawn.
     */
    private static double explained(Mat previous, Mat current, int dy) {
        int rows = previous.rows() - Math.abs(dy);
        if (rows <= 0) {
            return 0;
        }
        Mat moved = previous.rowRange(dy > 0 ? 0 : -dy, dy > 0 ? rows : previous.rows());
        Mat unmoved = previous.rowRange(dy > 0 ? dy : 0, dy > 0 ? previous.rows() : rows);
        Mat now = current.rowRange(dy > 0 ? dy : 0, dy > 0 ? current.rows() : rows);
        int before = differing(unmoved, now);
        int after = differing(moved, now);
        for (Mat mat : new Mat[] { moved, unmoved, now }) {
            mat.release();
        }
        return before == 0 ? 0 : 1 - Math.min(1, after / (double) before);
    }

    /** How many pixels of two pictures of the same size differ by more than an encoder's noise. */
    private static int differing(Mat a, Mat b) {
        Mat difference = new Mat();
        Core.absdiff(a, b, difference);
        Imgproc.threshold(difference, difference, 24, 255, Imgproc.THRESH_BINARY);
        int count = Core.countNonZero(difference);
        difference.release();
        return count;
    }

    /** The vertical shift of the middle rows of {@code area}, by template matching, or {@code otherwise}. */
    private static Observation.Shift rows(Mat previous, Mat current, Rect area, Observation.Shift otherwise) {
        int quarter = area.height / 4;
        Mat strip = previous.submat(new Rect(area.x, area.y + quarter, area.width, 2 * quarter));
        MatOfDouble mean = new MatOfDouble();
        MatOfDouble deviation = new MatOfDouble();
        Core.meanStdDev(strip, mean, deviation);
        if (deviation.get(0, 0)[0] < 8) {
            strip.release();
            return otherwise; // blank rows match anywhere
        }
        Mat result = new Mat();
        // the correlation coefficient, not a normalized difference: a bright strip "matches" any blank area by that
        Mat searched = current.submat(area);
        Imgproc.matchTemplate(searched, strip, result, Imgproc.TM_CCOEFF_NORMED);
        searched.release();
        strip.release();
        Core.MinMaxLocResult best = Core.minMaxLoc(result);
        double unmoved = result.get(quarter, 0)[0];
        result.release();
        int dy = (int) best.maxLoc.y - quarter;
        if (best.maxVal > 0.95 && Math.abs(dy) >= 3 && unmoved < best.maxVal - 0.02) {
            return new Observation.Shift(0, dy, best.maxVal);
        }
        return otherwise;
    }

    private static Mat grey(Mat grey) {
        Mat real = new Mat();
        grey.convertTo(real, CvType.CV_32F);
        return real;
    }

    /** Video-range luma (16-235) stretched to the grey levels 0-255 the pointer templates and thresholds are in. */
    private static void stretch(Mat luma, Mat grey) {
        luma.convertTo(grey, CvType.CV_8U, STRETCH, -16 * STRETCH);
    }
}
