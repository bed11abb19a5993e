package org.trajectory.dataset;

import java.util.Locale;

/**
 * Where a task is in review. Stored by its lower-case name. {@link #CHANGED}: its content changed after a reviewer
 * approved or rejected it (an annotation, a build, an edit), so that decision no longer covers it: it is reviewed again.
 *
 * @since 0.1
 */
public enum ReviewState {
    NEW, IN_REVIEW, APPROVED, REJECTED, NEEDS_FIX, CHANGED;

    /** A reviewer's decision that content changed afterwards no longer covers. */
    public boolean decided() {
        return this == APPROVED || this == REJECTED;
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ReviewState of(String id) {
        return id == null ? NEW : valueOf(id.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    /** A reviewer's verdict as people write it (approve or approved, reject(ed), needs-fix or needs_fix); else IllegalArgumentException saying what is. */
    public static ReviewState verdict(String text) {
        return switch (text.strip().toLowerCase(Locale.ROOT).replace('_', '-')) {
            case "approve", "approved" -> APPROVED;
            case "reject", "rejected" -> REJECTED;
            case "needs-fix" -> NEEDS_FIX;
            default -> throw new IllegalArgumentException("a verdict is approve, reject or needs-fix, not '" + text.strip() + "'");
        };
    }
}
