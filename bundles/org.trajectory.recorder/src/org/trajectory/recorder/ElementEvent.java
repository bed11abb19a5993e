package org.trajectory.recorder;

import java.util.List;

/**
 * The user-interface element an action met, as the desktop's accessibility interface describes it: the element under
 * the pointer at a button press ({@value #PRESS}, with the point) or the element that took the keyboard focus
 * ({@value #FOCUS}). Role and states are the accessibility interface's names ("push button", "focused"); the box is
 * in root pixels; {@code path} the roles from the window down to it. {@code name} and {@code description} are null
 * where privacy removed them (a password field, an excluded window).
 *
 * @since 0.1
 */
public record ElementEvent(double time, String cause, Integer x, Integer y, String role, String name, String description,
        List<String> states, Integer left, Integer top, Integer width, Integer height, String application, List<String> path) {

    public static final String PRESS = "press";
    public static final String FOCUS = "focus";
    /** The role of a text field whose text is secret. */
    public static final String PASSWORD_ROLE = "password text";

    /** Whether this element holds secret text (a password field). */
    public boolean secret() {
        return PASSWORD_ROLE.equals(role);
    }

    /** The same element without its words (name and description). */
    public ElementEvent wordless() {
        return new ElementEvent(time, cause, x, y, role, null, null, states, left, top, width, height, application, path);
    }
}
