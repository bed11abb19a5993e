package org.trajectory.evaluation.internal;

import java.util.Locale;

import org.trajectory.evaluation.Sharingan;

/**
 * Sharingan's operation types (click, select, scroll, drag, type) and the kinds our action language has beyond them,
 * kept as their own types rather than folded into one of the five.
 */
public enum OperationType {
    CLICK, SELECT, SCROLL, DRAG, TYPE, PRESS, HOTKEY, MOVE, TERMINATE;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static OperationType of(String id) {
        return valueOf(id.strip().toUpperCase(Locale.ROOT));
    }
}
