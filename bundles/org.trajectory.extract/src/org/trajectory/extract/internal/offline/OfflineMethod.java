package org.trajectory.extract.internal.offline;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.IntStream;

import org.opencv.core.Rect;
import org.trajectory.extract.ExtractedAction;
import org.trajectory.extract.ExtractedAction.Pixel;
import org.trajectory.extract.ExtractionContext;
import org.trajectory.extract.ExtractionMethod;
import org.trajectory.extract.Frame;
import org.trajectory.extract.Video;
import org.trajectory.extract.opencv.OpenCvLibrary;
import org.trajectory.model.EditDistance;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Progress;
import org.trajectory.screentext.ScreenText;
import org.trajectory.screentext.ScreenTexts;
import org.trajectory.screentext.TextLine;

/**
 * The offline method: no model, no network, no cost (the seeds' "template-based extraction"). The pointer is found in
 * every frame by template matching, the changes between frames by differencing, shifts by phase correlation, all on
 * OpenCV ({@link ScreenObserver}); actions are inferred from them as the video is read ({@link ActionInference}), and
 * their screenshots and the crops of their words taken then ({@link Pictures}); typed text and the words under a click
 * are read by the screen text reader where one works here, all at the end in one batch.
 */
public final class OfflineMethod implements ExtractionMethod {

    public static final String ID = "offline";
    /** Frames a second: enough to see the pointer rest for the 150 ms between arriving and pressing. */
    public static final double FPS = 10;

    /** The pointer detector, or null (said) where it cannot be loaded. */
    private static PointerDetector pointerDetector(Progress progress) {
        try {
            return PointerDetector.shared();
        } catch (IOException e) {
            progress.begin(e.getMessage() + ": pointers are found by their templates only", -1);
            return null;
        }
    }

    /** The action classifier, or null (said) where it cannot be loaded. */
    private static ClickKinds clickKinds(Progress progress) {
        try {
            return ClickKinds.shared();
        } catch (IOException e) {
            progress.begin(e.getMessage() + ": every click is taken for a plain click", -1);
            return null;
        }
    }

    @Override
    public List<ExtractedAction> extract(Video video, String task, ExtractionContext context) throws IOException, InterruptedException {
        OpenCvLibrary.load();
        double fps = context.settings().fps(video, FPS);
        ScreenText reader = ScreenTexts.get().working().orElse(null);
        boolean ocr = reader != null;
        DesktopNoise noise = new DesktopNoise();
        Calibration calibration = Calibration.shipped();
        ActionInference inference = new ActionInference(fps, video.width(), noise, calibration);
        ClickKinds kinds = clickKinds(context.progress());
        PointerDetector detector = pointerDetector(context.progress());
        Map<ExtractedAction, Asked> asked = new IdentityHashMap<>();
        List<ExtractedAction> actions;
        try (Pictures pictures = new Pictures(video, fps, context.taken())) {
            // one decoding pass: each action's pictures are taken from the frames it points at, held while it may be found
            ScreenObserver observer = new ScreenObserver(new PointerFinder(), detector == null ? null : new PointerLearner(detector));
            int read = observer.observe(video, fps, context.progress(), new ScreenObserver.Sink() {
                @Override
                public void read(int index, Frame frame) {
                    pictures.read(index, frame.pixels());
                }

                @Override
                public void seen(Observation observation, Frame frame) {
                    if (frame != null) {
                        pictures.hold(observation.frame(), frame.pixels());
                    }
                    inference.accept(noise.filter(observation));
                    inference.fresh().forEach(found -> asked.put(found.action(), asked(found, pictures, ocr, fps, kinds)));
                    pictures.keepOnly(inference.heldFrames());
                }
            });
            actions = inference.finish();
            inference.fresh().forEach(found -> asked.put(found.action(), asked(found, pictures, ocr, fps, kinds)));
            if (pictures.pending(read) > 0) {
                context.progress().begin("Taking " + Words.count(pictures.pending(read), "picture") + " of frames passed", -1);
            }
            pictures.finish(read);
        }
        List<ExtractedAction> stayed = new ArrayList<>();
        for (ExtractedAction action : actions) {
            if (!asked.get(action).undone() && !asked.get(action).pointerCame(detector) && asked.get(action).inkCame()) {
                stayed.add(action);
            }
        }
        actions = stayed;
        actions = kinded(actions, kinds, asked, calibration);
        context.progress().begin("Reading the words at " + actions.size() + " actions", -1);
        return worded(actions, asked, reader);
    }

    /**
     * The actions with their words, read from their crops in one batch; and each typing's text, from its line before
     * and after and from the ink it added alone. A typing whose new text cannot be read is dropped.
     */
    private static List<ExtractedAction> worded(List<ExtractedAction> actions, Map<ExtractedAction, Asked> asked, ScreenText reader)
            throws IOException, InterruptedException {
        boolean ocr = reader != null;
        Map<ExtractedAction, List<Pictures.Crop>> crops = new IdentityHashMap<>();
        actions.forEach(action -> crops.put(action, asked.get(action).words().stream().filter(crop -> crop.image() != null).toList()));
        // a typing's line is read before and after it only where both pictures are there
        List<ExtractedAction> inked = actions.stream().filter(a -> asked.get(a).band() != null && crops.get(a).size() == 2).toList();
        Map<Pictures.Crop, BufferedImage> plain = new IdentityHashMap<>();
        Map<ExtractedAction, BufferedImage> after = new IdentityHashMap<>();
        for (ExtractedAction typing : inked) {
            List<Pictures.Crop> line = crops.get(typing);
            Rect band = line.get(0).local(asked.get(typing).band());
            after.put(typing, TypedText.settled(line.get(1).image(), asked.get(typing).settling(), band));
            List<BufferedImage> both = TypedText.plain(line.get(0).image(), after.get(typing), band);
            plain.put(line.get(0), both.get(0));
            plain.put(line.get(1), both.get(1));
        }
        List<Pictures.Crop> all = new ArrayList<>();
        actions.forEach(action -> all.addAll(crops.get(action)));
        List<BufferedImage> images = new ArrayList<>();
        for (Pictures.Crop crop : all) {
            images.add(plain.getOrDefault(crop, crop.image()));
        }
        // and each typing's new ink alone, read where its line before and after cannot be told apart by their words
        for (ExtractedAction typing : inked) {
            images.add(TypedText.added(crops.get(typing).get(0).image(), after.get(typing)));
        }
        List<Read> read = reads(reader, images);
        Map<Pictures.Crop, Read> words = new IdentityHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            words.put(all.get(i), read.get(i));
        }
        Map<ExtractedAction, Read> added = new IdentityHashMap<>();
        for (int i = 0; i < inked.size(); i++) {
            added.put(inked.get(i), read.get(all.size() + i));
        }
        List<ExtractedAction> worded = new ArrayList<>();
        for (ExtractedAction action : actions) {
            List<Read> texts = asked.get(action).words().stream().map(crop -> words.getOrDefault(crop, Read.NONE)).toList(); // a frame past the end: none
            Pixel at = action.at();
            Rect point = at == null || texts.isEmpty() ? null : asked.get(action).words().get(0).local(new Rect(at.x(), at.y(), 1, 1));
            ExtractedAction done = worded(action, ocr, texts, added.getOrDefault(action, Read.NONE), point);
            if (done != null) {
                worded.add(done);
            }
        }
        return worded;
    }

    /** What was read in a picture: its lines joined by spaces, how sure the reader is of its least sure word, and the lines. */
    private record Read(String text, double confidence, List<TextLine> lines) {

        static final Read NONE = new Read("", 0, List.of());
    }

    /** What is read in each picture, characters of no script dropped; nothing without a reader. */
    private static List<Read> reads(ScreenText reader, List<BufferedImage> images) throws IOException, InterruptedException {
        if (reader == null) {
            return images.stream().map(image -> Read.NONE).toList();
        }
        return reader.read(images).stream().map(lines -> new Read(String.join(" ", lines.stream().map(TextLine::text).toList())
                .replaceAll("[^\\p{L}\\p{N}\\p{P}\\p{S}\\p{Zs}]", "").strip(),
                lines.stream().mapToDouble(TextLine::confidence).min().orElse(0), lines)).toList();
    }

    /**
     * The pictures asked for an action as it was found: the crops its words are read from, a click's pictures for its
     * kind (or null), and for a typing, pictures of its line and the lines around it before, after and a moment after
     * it, where on the screen its line changed (else none), whether it was drawn at once, in one frame, and the crop
     * its words are read from after it again at each frame of that moment.
     */
    private record Asked(List<Pictures.Crop> words, List<Pictures.Crop> kind, List<Pictures.Crop> around, Rect band, boolean atOnce,
            List<Pictures.Crop> wordsLater) {

        private Asked(List<Pictures.Crop> words, List<Pictures.Crop> kind) {
            this(words, kind, List.of(), null, false, List.of());
        }

        /**
         * Whether a typing's line went back to what it showed before it within {@link ActionInference#TYPED_STAYS} seconds
         * while the lines around it stayed: what is typed stays; what comes and goes by itself (a caret blinking, a
         * tooltip) was not typed. (An Enter that clears or scrolls the screen changes the lines around too.)
         */
        boolean undone() throws IOException {
            if (around.size() < 3 || !beforeAndAfter()) {
                return false;
            }
            List<BufferedImage> later = around.subList(2, around.size()).stream().map(Pictures.Crop::image).filter(Objects::nonNull).toList();
            return TypedText.undone(around.get(0).image(), around.get(1).image(), later, line());
        }

        /**
         * Whether what a typing changed is a pointer that came over its line (one the pointer finder lost): the pointer
         * detector's doing, none without it.
         */
        boolean pointerCame(PointerDetector detector) throws IOException {
            if (detector == null || !beforeAndAfter()) {
                return false;
            }
            return TypedText.pointerCame(around.get(0).image(), around.get(1).image(), line(), detector);
        }

        /**
         * Whether what a typing drawn at once changed is ink that came (ink taken away, or redrawn in place, is not
         * typed). A typing over several frames grew letter by letter; the ink it took away (a selection it replaced, a
         * block caret moving on) does not speak against it.
         */
        boolean inkCame() throws IOException {
            if (!atOnce || !beforeAndAfter()) {
                return true;
            }
            return TypedText.inkCame(around.get(0).image(), around.get(1).image(), line());
        }

        /** Whether the pictures of a typing's line before and after it are both there (none past the video's end). */
        private boolean beforeAndAfter() {
            return around.size() >= 2 && around.get(0).image() != null && around.get(1).image() != null;
        }

        /** The pictures of a typing's words a moment after it, in order, those past the video's end left out. */
        List<BufferedImage> settling() {
            return wordsLater.stream().map(Pictures.Crop::image).filter(Objects::nonNull).toList();
        }

        /** Where the typing's line is in the pictures around it. */
        private Rect line() {
            return around.get(0).local(band);
        }
    }

    private static Asked asked(ActionInference.Found found, Pictures pictures, boolean ocr, double fps, ClickKinds kinds) {
        ExtractedAction action = found.action();
        List<Pictures.Crop> words = pictures(found, pictures, ocr, fps);
        if (found.typing() != null) {
            // the line typed on and two of its heights above and below: before, after, and each frame of a moment after
            Typing typing = found.typing();
            Rect band = typing.band();
            int x = band.x - 4;
            int y = band.y - 2 * band.height;
            int[] moment = IntStream.rangeClosed(typing.lastFrame() + 1, typing.lastFrame() + (int) Math.round(ActionInference.TYPED_STAYS * fps))
                    .toArray();
            List<Pictures.Crop> around = new ArrayList<>();
            for (int frame : IntStream.concat(IntStream.of(typing.firstFrame(), typing.lastFrame()), IntStream.of(moment)).toArray()) {
                around.add(pictures.crop(frame, x, y, band.width + 8, 5 * band.height));
            }
            List<Pictures.Crop> wordsLater = ocr ? IntStream.of(moment).mapToObj(frame -> typedLine(pictures, band, frame)).toList() : List.of();
            return new Asked(words, null, around, band, typing.intervals() == 1, wordsLater);
        }
        if (kinds == null || !found.shown() || !action.operation().equals(ExtractedAction.CLICK) || action.at() == null) {
            return new Asked(words, null);
        }
        return new Asked(words, kinds.pictures(pictures, action.at(), frame(action.start(), fps), frame(action.end(), fps), fps));
    }

    /**
     * The clicks as the action classifier tells their kind (a double-click, a right-click), their crops kept; where it
     * cannot tell (no classifier, pictures past the video's end, or it sees no click) a click stays a plain click, and
     * one in whose pictures it sees no click is as sure as {@link Evidence#CLICK_DOUBTED} says.
     */
    private static List<ExtractedAction> kinded(List<ExtractedAction> actions, ClickKinds kinds, Map<ExtractedAction, Asked> asked,
            Calibration calibration) throws IOException {
        List<ExtractedAction> clicks = actions.stream().filter(action -> asked.get(action).kind() != null).toList();
        if (clicks.isEmpty()) {
            return actions;
        }
        List<ClickKinds.Said> said = kinds.classify(clicks.stream().map(click -> asked.get(click).kind()).toList());
        Map<ExtractedAction, ClickKinds.Said> told = new IdentityHashMap<>();
        for (int i = 0; i < clicks.size(); i++) {
            told.put(clicks.get(i), said.get(i));
        }
        List<ExtractedAction> out = new ArrayList<>();
        for (ExtractedAction action : actions) {
            ExtractedAction now = action;
            if (told.containsKey(action)) {
                now = action.withClickKind(kinds.clickKind(told.get(action)));
                if (ClickKinds.seesNone(told.get(action))) {
                    now = now.withEvidence(Evidence.CLICK_DOUBTED.word(), calibration.confidence(Evidence.CLICK_DOUBTED));
                }
            }
            asked.put(now, asked.get(action));
            out.add(now);
        }
        return out;
    }

    /** An action's screenshot, and the crops its words are read from (none without a screen text reader). */
    private static List<Pictures.Crop> pictures(ActionInference.Found found, Pictures pictures, boolean ocr, double fps) {
        ExtractedAction action = found.action();
        pictures.screenshot(frame(action.start(), fps));
        if (!ocr) {
            return List.of();
        }
        if (found.typing() != null) {
            // where the typing changed the line, before and after: not the prompt or label in front of it
            Rect band = found.typing().band();
            return List.of(typedLine(pictures, band, found.typing().firstFrame()), typedLine(pictures, band, found.typing().lastFrame()));
        }
        Pixel at = action.at();
        if (at == null || action.operation().equals(ExtractedAction.SCROLL)) {
            return List.of();
        }
        if (action.operation().equals(ExtractedAction.SELECT) && action.to() != null) {
            Pixel to = action.to();
            return List.of(pictures.crop(frame(action.end(), fps), Math.min(at.x(), to.x()), Math.min(at.y(), to.y()) - 10,
                    Math.abs(to.x() - at.x()) + 1, Math.abs(to.y() - at.y()) + 20));
        }
        return List.of(pictures.crop(frame(action.start(), fps), at.x() - 60, at.y() - 16, 120, 32)); // the words under it
    }

    /** The crop of frame {@code frame} a typing's words are read from: where its line changed, and a little around. */
    private static Pictures.Crop typedLine(Pictures pictures, Rect band, int frame) {
        return pictures.crop(frame, band.x - 4, band.y - 4, band.width + 8, band.height + 8);
    }

    /**
     * An action with its words (read from its crops; for a typing, also from the ink it added alone); a typing whose new
     * text cannot be read is null (dropped). A typing's confidence is that it happened times that its text is read
     * right, taken as the surer of its two readings (its line after it, the ink it added): a line read unsurely is most
     * often read wrong, and a reviewer sorting by confidence meets it first. {@code point} is where the action's point
     * lies in its first crop (null without one).
     */
    private static ExtractedAction worded(ExtractedAction action, boolean ocr, List<Read> texts, Read added, Rect point) {
        if (action.operation().equals(ExtractedAction.TYPE)) {
            String text = ocr ? typed(texts.get(0).text(), texts.get(1).text(), added.text()) : null;
            if (text != null && text.isEmpty()) {
                return null; // a change in a line-high band where no new text can be read: not typing one can state
            }
            double read = Math.max(texts.get(1).confidence(), added.confidence());
            return new ExtractedAction(action.operation(), action.start(), action.end(), null, null, text, 0,
                    text == null ? "Type text" : "Type \"" + text + "\"", null, text == null ? action.confidence() : action.confidence() * read,
                    null, action.evidence());
        }
        String words = ""; // a selection's crop is the selected text; any other action's is around its point: the words it was on
        if (!texts.isEmpty()) {
            words = action.operation().equals(ExtractedAction.SELECT) ? texts.get(0).text() : ClickedWords.under(texts.get(0).lines(), point);
        }
        String target = words == null || words.isEmpty() ? null : words.length() > 60 ? words.substring(0, 60) + "…" : words;
        return action.withWords(detail(action, target), null);
    }

    /**
     * What was typed: the line's text {@code after} the typing less what it read {@code before}, or else the ink it
     * {@code added}, read alone: where nothing new is read whole, and where what is read whole ends with that ink, or
     * with words read nearly as it is, and has words more in front (a line half in the picture, above or below, read
     * otherwise before than after: that is no typing, or the ink would show it; a letter more in front is the ink's
     * first, which the reading alone loses where the caret stood before it). The ink alone is read without what the line's two
     * readings share, which the whole reading loses at its ends (a last letter the line before ended with too).
     */
    static String typed(String before, String after, String added) {
        String whole = typed(before, after);
        String alone = typed("", added);
        boolean inkEndsIt = !alone.isEmpty() && whole.length() > alone.length()
                && (whole.endsWith(" " + alone) || endsWithWordsReadAs(whole, alone));
        return whole.isEmpty() || inkEndsIt ? alone : whole;
    }

    /**
     * Whether {@code whole} ends, after a word or more, with words that read as {@code alone} does, but for a quarter of
     * its letters at most: two readings of one ink, one of it within its line and compressed neighbours, one of it alone.
     */
    private static boolean endsWithWordsReadAs(String whole, String alone) {
        for (int start = 1; start < whole.length(); start++) {
            if (Character.isWhitespace(whole.charAt(start - 1)) && !Character.isWhitespace(whole.charAt(start))
                    && EditDistance.of(whole.substring(start), alone) <= alone.length() / 4.0) {
                return true;
            }
        }
        return false;
    }

    /**
     * What was typed: the line's text after the typing, less what it read before (the letters both begin and end with,
     * where they share three or more); its quotes as a keyboard types them
     * (OCR reads a straight quote of many fonts as a curly one, and an editor that curls quotes was typed straight ones).
     */
    private static String typed(String read, String shown) {
        String before = straightQuotes(read);
        String after = straightQuotes(shown);
        int prefix = 0;
        while (prefix < before.length() && prefix < after.length() && before.charAt(prefix) == after.charAt(prefix)) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < before.length() - prefix && suffix < after.length() - prefix
                && before.charAt(before.length() - 1 - suffix) == after.charAt(after.length() - 1 - suffix)) {
            suffix++;
        }
        if (prefix + suffix < 3) {
            suffix = 0; // ends that share a letter or two by chance: the line was replaced, not typed into
        }
        // a caret reads as |, what is left of a block caret as a lone > _ or ~ after the text
        return after.substring(prefix, after.length() - suffix).replaceAll("\\s+[>_~\u00af\u203e-]$", "").replaceAll("^[|\\s]+|[|\\s]+$", "");
    }

    private static String straightQuotes(String text) {
        return text.replaceAll("[\u2018\u2019\u201a\u201b\u2032]", "'").replaceAll("[\u201c\u201d\u201e\u201f\u2033]", "\"");
    }

    private static String detail(ExtractedAction action, String target) {
        String on = target == null ? "" : " \"" + target + "\"";
        return switch (action.operation()) {
            case ExtractedAction.CLICK -> switch (action.clickKind()) {
                case DOUBLE_CLICK -> "Double-click" + on;
                case RIGHT_CLICK -> "Right-click" + on;
                default -> "Click" + on;
            };
            case ExtractedAction.SELECT -> "Select" + (on.isEmpty() ? " text" : on);
            case ExtractedAction.DRAG -> String.format(Locale.ROOT, "Drag%s from (%d, %d) to (%d, %d)", on, action.at().x(), action.at().y(),
                    action.to().x(), action.to().y());
            case ExtractedAction.SCROLL -> "Scroll " + (action.amount() > 0 ? "up " : "down ") + Math.abs(action.amount());
            case ExtractedAction.PRESS -> "Press " + action.text();
            default -> action.operation();
        };
    }

    private static int frame(double time, double fps) {
        return (int) Math.round(time * fps);
    }
}
