package org.trajectory.ui.internal;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.function.Predicate;

import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;

/** Finds a widget in a tree of controls, breadth first, as a test looks for what the user sees. */
public final class WidgetFinder {

    private WidgetFinder() {
    }

    public static <T extends Control> Optional<T> find(Control root, Class<T> type, Predicate<T> test) {
        Deque<Control> queue = new ArrayDeque<>();
        queue.add(root);
        while (!queue.isEmpty()) {
            Control control = queue.poll();
            if (type.isInstance(control) && test.test(type.cast(control))) {
                return Optional.of(type.cast(control));
            }
            if (control instanceof Composite composite) {
                queue.addAll(java.util.List.of(composite.getChildren()));
            }
        }
        return Optional.empty();
    }

    /** Every widget of {@code type} under {@code root}, breadth first. */
    public static <T extends Control> java.util.List<T> all(Control root, Class<T> type) {
        java.util.List<T> found = new java.util.ArrayList<>();
        find(root, type, control -> !found.add(control));
        return found;
    }
}
