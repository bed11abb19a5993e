package org.trajectory.evaluation.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.trajectory.evaluation.ActionTuple;
import org.trajectory.evaluation.OperationType;
import org.trajectory.model.action.Action;

/**
 * A trajectory's steps as Sharingan's {@link ActionTuple}s. The code alone cannot tell every Sharingan type apart, so
 * the words help where they must:
 * <table>
 * <tr><th>PyAutoGUI call</th><th>operation</th></tr>
 * <tr><td>click, doubleClick, tripleClick, rightClick, middleClick</td><td>click</td></tr>
 * <tr><td>dragTo (with the moveTo before it in the step)</td><td>select when the step's action sentence starts with
 * "select" or "highlight", else drag</td></tr>
 * <tr><td>scroll, hscroll</td><td>scroll</td></tr>
 * <tr><td>write</td><td>type</td></tr>
 * <tr><td>press / hotkey</td><td>press / hotkey</td></tr>
 * <tr><td>moveTo followed by nothing that uses it</td><td>move</td></tr>
 * <tr><td>computer.terminate</td><td>terminate</td></tr>
 * <tr><td>keyDown, keyUp, sleep</td><td>none (they qualify or pace another action)</td></tr>
 * </table>
 * A moveTo followed in the same step by a click, dragTo or scroll is that action's approach, not an action of its own.
 */
public final class ActionTuples {

    private static final Pattern SELECTING = Pattern.compile("(?i)^\\s*(select|highlight)\\b");

    public static List<ActionTuple> of(Trajectory trajectory) {
        List<ActionTuple> tuples = new ArrayList<>();
        for (Trajectory.StepActions step : trajectory.steps()) {
            if (step.actions() == null) {
                continue;
            }
            List<Action> actions = step.actions();
            for (int i = 0; i < actions.size(); i++) {
                Action action = actions.get(i);
                boolean approach = action instanceof Action.MoveTo && i + 1 < actions.size() && usesThePointer(actions.get(i + 1));
                OperationType operation = approach ? null : operation(action, step.detail());
                if (operation != null) {
                    tuples.add(new ActionTuple(operation, step.detail(), step.context(), step.index()));
                }
            }
        }
        return tuples;
    }

    private static boolean usesThePointer(Action next) {
        return next instanceof Action.Click || next instanceof Action.DragTo || next instanceof Action.Scroll || next instanceof Action.HScroll;
    }

    private static OperationType operation(Action action, String detail) {
        return switch (action) {
            case Action.Click c -> OperationType.CLICK;
            case Action.DragTo d -> detail != null && SELECTING.matcher(detail).find() ? OperationType.SELECT : OperationType.DRAG;
            case Action.Scroll s -> OperationType.SCROLL;
            case Action.HScroll s -> OperationType.SCROLL;
            case Action.Write w -> OperationType.TYPE;
            case Action.Press p -> OperationType.PRESS;
            case Action.Hotkey h -> OperationType.HOTKEY;
            case Action.MoveTo m -> OperationType.MOVE;
            case Action.Terminate t -> OperationType.TERMINATE;
            case Action.KeyDown k -> null;
            case Action.KeyUp k -> null;
            case Action.Sleep s -> null;
        };
    }

    private ActionTuples() {
    }
}
