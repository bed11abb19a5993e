package org.trajectory.builder.annotate;

import java.util.List;

import org.trajectory.model.action.Action;

/**
 * One step as the annotators see it: the task, the steps before it (in words), its code and parsed actions, the
 * active window, and the screenshot before it (PNG or JPEG bytes, null when none).
 */
public record StepView(String task, List<String> history, String code, List<Action> actions, String window, byte[] image) {

    public StepView {
        history = List.copyOf(history);
        actions = List.copyOf(actions);
    }

    /** The normalized point the step acts on (its first click, drag start or scroll position), or null. */
    public Action.Point point() {
        for (Action action : actions) {
            Action.Point point = switch (action) {
                case Action.Click click -> click.at();
                case Action.MoveTo move -> move.to();
                case Action.Scroll scroll -> scroll.at();
                case Action.HScroll scroll -> scroll.at();
                default -> null;
            };
            if (point != null) {
                return point;
            }
        }
        return null;
    }
}
