package org.trajectory.extract;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.trajectory.model.action.Action;

/**
 * One action found in a video: its operation (Sharingan's types: click, select, drag, scroll, type, and press and
 * hotkey where visible), when it happened (seconds from the video's start), where on the screen (pixels; null when not
 * known), what it typed or pressed, its words (detail: what was done, context: where), and how sure the method is.
 *
 * @param text      the text typed, the keys pressed ("enter", "ctrl+s"), or null
 * @param amount    scroll clicks (positive is up), or how many times a key was pressed; 0 otherwise
 * @param clickKind a click's kind (a double-click, a right-click; {@link Action.ClickKind#CLICK} where not told);
 *                  null for every other operation
 * @param evidence  what the method read the action from, in a word a reviewer can look up (the offline method's
 *                  evidence, say "click-at-rest"), or null where the method does not say
 *
 * @since 0.1
 */
public record ExtractedAction(String operation, double start, double end, Pixel at, Pixel to, String text, int amount, String detail,
        String context, double confidence, Action.ClickKind clickKind, String evidence) {

    public static final String CLICK = "click";
    public static final String SELECT = "select";
    public static final String DRAG = "drag";
    public static final String SCROLL = "scroll";
    public static final String TYPE = "type";
    public static final String PRESS = "press";
    public static final String HOTKEY = "hotkey";
    public static final List<String> OPERATIONS = List.of(CLICK, SELECT, DRAG, SCROLL, TYPE, PRESS, HOTKEY);

    /** A point on the video's frame, in pixels. */
    public record Pixel(int x, int y) {
        public double distance(Pixel other) {
            return Math.hypot(x - other.x, y - other.y);
        }
    }

    public ExtractedAction {
        if (!OPERATIONS.contains(operation)) {
            throw new IllegalArgumentException("no operation '" + operation + "' (there are " + String.join(", ", OPERATIONS) + ")");
        }
        if (!(confidence >= 0 && confidence <= 1)) {
            throw new IllegalArgumentException("a confidence is between 0 and 1, not " + confidence);
        }
        if (end < start) {
            throw new IllegalArgumentException("an action ends (" + end + " s) before it starts (" + start + " s)");
        }
        if ((clickKind != null) != operation.equals(CLICK)) {
            throw new IllegalArgumentException("a click has a kind and no other operation has one, not " + operation + " " + clickKind);
        }
    }

    /** An action whose kind is not told (a click is a plain click), its evidence not said. */
    public ExtractedAction(String operation, double start, double end, Pixel at, Pixel to, String text, int amount, String detail,
            String context, double confidence) {
        this(operation, start, end, at, to, text, amount, detail, context, confidence, operation.equals(CLICK) ? Action.ClickKind.CLICK : null);
    }

    /** An action whose evidence is not said (as methods made before there was evidence to say make theirs). */
    public ExtractedAction(String operation, double start, double end, Pixel at, Pixel to, String text, int amount, String detail,
            String context, double confidence, Action.ClickKind clickKind) {
        this(operation, start, end, at, to, text, amount, detail, context, confidence, clickKind, null);
    }

    public ExtractedAction withPoints(Pixel newAt, Pixel newTo) {
        return new ExtractedAction(operation, start, end, newAt, newTo, text, amount, detail, context, confidence, clickKind, evidence);
    }

    public ExtractedAction withWords(String newDetail, String newContext) {
        return new ExtractedAction(operation, start, end, at, to, text, amount, newDetail, newContext, confidence, clickKind, evidence);
    }

    /** This click as one of another kind (a double-click, a right-click). */
    public ExtractedAction withClickKind(Action.ClickKind kind) {
        return new ExtractedAction(operation, start, end, at, to, text, amount, detail, context, confidence, kind, evidence);
    }

    /** This action as read from {@code newEvidence}, as sure as {@code newConfidence} says. */
    public ExtractedAction withEvidence(String newEvidence, double newConfidence) {
        return new ExtractedAction(operation, start, end, at, to, text, amount, detail, context, newConfidence, clickKind, newEvidence);
    }

    /**
     * The action in our action language, points normalized by the frame's size: a click at its point (where the
     * pointer already is when the point is not known), a drag or selection as moveTo + dragTo, a scroll with the
     * pointer moved first where known, a write, a press or a hotkey.
     */
    public List<Action> actions(int width, int height) {
        List<Action> actions = new ArrayList<>();
        switch (operation) {
            case CLICK -> actions.add(new Action.Click(clickKind, normalized(at, width, height)));
            case SELECT, DRAG -> {
                if (at != null) {
                    actions.add(new Action.MoveTo(normalized(at, width, height)));
                }
                actions.add(new Action.DragTo(normalized(to == null ? at : to, width, height), Action.Button.LEFT));
            }
            case SCROLL -> {
                if (at != null) {
                    actions.add(new Action.MoveTo(normalized(at, width, height)));
                }
                actions.add(new Action.Scroll(amount == 0 ? 1 : amount, null));
            }
            case TYPE -> actions.add(new Action.Write(text == null ? "" : text));
            case PRESS -> actions.add(new Action.Press(List.of(text == null ? "enter" : text), Math.max(1, amount)));
            case HOTKEY -> actions.add(new Action.Hotkey(Arrays.asList(text.split("\\+"))));
            default -> throw new IllegalStateException(operation);
        }
        return actions;
    }

    private static Action.Point normalized(Pixel pixel, int width, int height) {
        if (pixel == null) {
            return null;
        }
        return Action.Point.rounded(clamp((double) pixel.x() / width), clamp((double) pixel.y() / height)); // as the builder normalizes
    }

    private static double clamp(double value) {
        return Math.max(0, Math.min(1, value));
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%.2f-%.2f s %s%s%s%s (%.2f)", start, end, clickKind == null ? operation : clickKind.function(), at == null ? "" : " at " + at.x() + "," + at.y(),
                to == null ? "" : " to " + to.x() + "," + to.y(), text == null ? "" : " '" + text + "'", confidence);
    }
}
