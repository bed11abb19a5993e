package org.trajectory.dataset;

import java.util.Locale;

/** Where a task is in review. Stored by its lower-case name. */
public enum ReviewState {
    NEW, IN_REVIEW, APPROVED, REJECTED, NEEDS_FIX;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ReviewState of(String id) {
        return id == null ? NEW : valueOf(id.toUpperCase(Locale.ROOT).replace('-', '_'));
    }
}
