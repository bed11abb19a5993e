package org.trajectory.builder.annotate.internal;

import java.util.List;

import org.trajectory.model.action.Action;

/**
 * One step as the annotators see it: the task, the steps before it (in words), its code and parsed actions, the
 * active window, the screenshot before it (PNG or JPEG bytes, null when none), and the element it acted on when the
 * recording named it (null when not).
 */
public record StepView(String task, List<String> history, String code, List<Action> actions, String window, byte[] image,
        Element element) {

    /** An element as the desktop's accessibility interface named it: "push button" "Save"; {@code name} may be null. */
    public record Element(String role, String name) {

        /** In words: {@code the "Save" button}, {@code the "Search" field}, {@code a password field}. */
        public String words() {
            String kind = switch (role) {
                case "push button", "toggle button", "button" -> "button";
                case "text", "entry", "password text", "spin button" -> role.equals("password text") ? "password field" : "field";
                case "menu item", "check menu item", "radio menu item" -> "menu item";
                case "page tab" -> "tab";
                case "check box" -> "check box";
                case "list item", "table cell", "tree item" -> "item";
                default -> role;
            };
            String shown = name == null ? "" : name.strip().replaceAll("[:：]$", ""); // a label's colon: "Your name:"
            return shown.isBlank() ? (kind.matches("[aeiou].*") ? "an " : "a ") + kind : "the \"" + shown + "\" " + kind;
        }
    }

    public StepView(String task, List<String> history, String code, List<Action> actions, String window, byte[] image) {
        this(task, history, code, actions, window, image, null);
    }

    public StepView {
        history = List.copyOf(history);
        actions = List.copyOf(actions);
    }

    /** The normalized point the step acts on (its first click's, move's, drag's or scroll's), or null. */
    public Action.Point point() {
        return Action.firstPoint(actions);
    }
}
