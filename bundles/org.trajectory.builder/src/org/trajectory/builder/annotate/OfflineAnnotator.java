package org.trajectory.builder.annotate;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.trajectory.builder.annotate.internal.Notes;
import org.trajectory.builder.annotate.internal.StepView;
import org.trajectory.model.action.Action;
import org.trajectory.screentext.ScreenText;
import org.trajectory.screentext.ScreenTexts;
import org.trajectory.screentext.Word;
import org.trajectory.vlm.prompt.Markers;

/**
 * Reasoning without a model or network: the action in words from its code, the window title, and the text under the
 * pointer as the screen text reader reads it in a small box around the point (when one works here); the reflection from
 * how much the screen changed near the action. Plain, but true, and a start for a person to edit.
 *
 * @since 0.1
 */
public final class OfflineAnnotator implements Annotator {

    public static final String ID = "offline";
    /** The box read around a point: about one control or line of text. */
    static final int TEXT_BOX_WIDTH = 220;
    static final int TEXT_BOX_HEIGHT = 44;

    /** A word read with less confidence than this is taken for a guess at shapes that are no text ("a. ee"). */
    static final double SURE = 0.7;

    /** The screen text reader, or null: none asked for, or none works here. */
    private final ScreenText reader;
    private final String readerId;

    public OfflineAnnotator(boolean useOcr) {
        this.readerId = ScreenTexts.chosenId();
        this.reader = useOcr ? ScreenTexts.get().working().orElse(null) : null;
    }

    @Override
    public String by() {
        return reader != null ? "offline (words read by " + readerId + ")" : "offline";
    }

    @Override
    public Notes.Described describe(StepView step) throws IOException, InterruptedException {
        String window = step.window() == null || step.window().isBlank() ? null : step.window();
        String action;
        String target = null;
        if (step.element() != null) { // the element the desktop named: OCR only where there is none
            action = words(step.actions(), step.element());
        } else {
            target = target(step);
            action = words(step.actions(), target);
        }
        String observation = (window == null ? "The screen is shown." : "The window \"" + window + "\" is active.")
                + (target == null ? "" : " Near the pointer it reads \"" + target + "\".")
                + (step.element() == null ? "" : " The action meets " + step.element().words() + ".");
        String task = step.task() == null || step.task().isBlank() ? "the task" : "\"" + step.task() + "\"";
        String thought = step.actions().stream().anyMatch(a -> a instanceof Action.Terminate)
                ? "The steps for " + task + " are done, so I end the task."
                : "To carry on with " + task + ", I " + Character.toLowerCase(action.charAt(0)) + action.substring(1, action.length() - 1)
                        + (window == null ? "." : " in \"" + window + "\".");
        return new Notes.Described(observation, thought, action);
    }

    @Override
    public Notes.Reflected reflect(StepView step, Notes.Described described, byte[] after) throws IOException {
        if (step.image() == null || after == null) {
            return new Notes.Reflected("There is no screenshot to compare, so the effect of the step is not known.", null, null);
        }
        BufferedImage before = Markers.read(step.image());
        BufferedImage next = Markers.read(after);
        boolean pointer = step.point() != null;
        long near = pointer ? Markers.changed(before, next, step.point(), Markers.AROUND) : 0;
        long whole = Markers.changed(before, next, null, 0);
        boolean changed = near >= Markers.CHANGED_NEAR || whole >= Markers.CHANGED_ANYWHERE;
        String reflection = changed
                ? String.format(Locale.ROOT, "The screen changed after the step (%,d pixels%s), so it had an effect.", whole,
                        pointer ? String.format(Locale.ROOT, ", %,d of them near the action", near) : "")
                : "Nothing visible changed after the step, so whether it had its effect is not known (a key may act unseen).";
        // a change seen is an effect; none seen proves nothing (an Enter at a line's end, a focus, a save): unknown, not wrong
        return changed ? new Notes.Reflected(reflection, true, false) : new Notes.Reflected(reflection, null, null);
    }

    @Override
    public Notes.Summary summarize(String task, List<String> steps, byte[] finalScreen) {
        String actual = steps.isEmpty() ? "Nothing was done."
                : steps.stream().map(s -> s.endsWith(".") ? s.substring(0, s.length() - 1) : s).collect(Collectors.joining("; ")) + ".";
        String text = task == null || task.isBlank() ? "(no task description)" : task;
        return new Notes.Summary(text, actual, null, null, null, null,
                "Summarized without a model: the task text is the recorded one and the steps are listed as done.");
    }

    /** The text in a box around the step's point, or null (no point, no screenshot, no OCR, no text). */
    private String target(StepView step) throws IOException, InterruptedException {
        Action.Point point = step.point();
        if (reader == null || point == null || step.image() == null) {
            return null;
        }
        BufferedImage screen = Markers.read(step.image());
        int w = Math.min(TEXT_BOX_WIDTH, screen.getWidth());
        int h = Math.min(TEXT_BOX_HEIGHT, screen.getHeight());
        int x = Math.max(0, Math.min(screen.getWidth() - w, (int) Math.round(point.x() * screen.getWidth()) - w / 2));
        int y = Math.max(0, Math.min(screen.getHeight() - h, (int) Math.round(point.y() * screen.getHeight()) - h / 2));
        String text = String.join(" ", reader.read(screen.getSubimage(x, y, w, h)).stream().flatMap(line -> line.words().stream())
                .filter(OfflineAnnotator::sure).map(Word::text).toList()).replaceAll("[^\\p{L}\\p{N}\\p{P}\\p{Zs}]", "").strip();
        return text.length() < 2 ? null : text.length() > 60 ? text.substring(0, 60) + "…" : text;
    }

    /** A word read surely that has two letters or a digit: borders, icons and pointer shapes read as text are left out. */
    private static boolean sure(Word word) {
        return word.confidence() >= SURE && (word.text().codePoints().filter(Character::isLetter).count() >= 2
                || word.text().codePoints().anyMatch(Character::isDigit));
    }

    /** The actions in words, naming the element they met: "Click the "Save" button", "Type "hi" into the "Search" field". */
    static String words(List<Action> actions, StepView.Element element) {
        return words(actions, " " + element.words(), " into " + element.words());
    }

    /** The actions in words, as one sentence. */
    static String words(List<Action> actions, String target) {
        return words(actions, target == null ? "" : " on \"" + target + "\"", "");
    }

    /** {@code on} follows what the pointer does ("Click on "Save"..."), {@code into} what is typed. */
    private static String words(List<Action> actions, String on, String into) {
        StringBuilder out = new StringBuilder();
        for (Action action : actions) {
            String part = switch (action) {
                case Action.Click c -> switch (c.kind()) {
                    case CLICK -> "Click" + on;
                    case DOUBLE_CLICK -> "Double-click" + on;
                    case TRIPLE_CLICK -> "Triple-click" + on + " to select the line";
                    case RIGHT_CLICK -> "Right-click" + on + " to open the context menu";
                    case MIDDLE_CLICK -> "Middle-click" + on;
                } + (c.at() == null ? "" : String.format(Locale.ROOT, " at (%.3f, %.3f)", c.at().x(), c.at().y()));
                case Action.MoveTo m -> null;
                case Action.DragTo d -> String.format(Locale.ROOT, "Drag%s to (%.3f, %.3f)", on, d.to().x(), d.to().y());
                case Action.Scroll s -> "Scroll " + (s.clicks() > 0 ? "up " : "down ") + Math.abs(s.clicks()) + " notches" + on;
                case Action.HScroll s -> "Scroll " + (s.clicks() > 0 ? "right " : "left ") + Math.abs(s.clicks()) + " notches" + on;
                case Action.Write w -> "Type \"" + w.text() + "\"" + into;
                case Action.Press p -> "Press " + String.join(", ", p.keys()) + (p.presses() > 1 ? " " + p.presses() + " times" : "");
                case Action.Hotkey h -> "Press " + String.join("+", h.keys());
                case Action.KeyDown k -> "Hold " + k.key();
                case Action.KeyUp k -> "Release " + k.key();
                case Action.Sleep s -> "Wait " + s.seconds() + " s";
                case Action.Terminate t -> "End the task as a " + t.status();
            };
            if (part != null) {
                out.append(out.isEmpty() ? "" : ", then ").append(part);
            }
        }
        return out.isEmpty() ? "Move the pointer." : out + ".";
    }
}
