package org.trajectory.evaluation;

import java.util.Locale;

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
