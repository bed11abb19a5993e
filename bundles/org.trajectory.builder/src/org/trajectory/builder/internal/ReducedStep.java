package org.trajectory.builder.internal;

import java.util.List;

import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionPrinter;

/**
 * One step reduced from raw events: its actions, the time span and the range of raw events it came from (indices
 * into the recording's event list, inclusive), and where on the screen it acted, in pixels (null for keys).
 */
public record ReducedStep(List<Action> actions, double start, double end, int firstEvent, int lastEvent, Integer x,
        Integer y) {

    public ReducedStep {
        actions = List.copyOf(actions);
    }

    public String code() {
        return ActionPrinter.print(actions);
    }
}
