package org.trajectory.scoring;

import java.util.List;

import org.trajectory.model.Json;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a criterion says of a task: a value in [0,1] with a short reason a person reads, machine-readable details,
 * and the steps it flags; or, when it could not judge (no model answer, a broken image), an error and no value.
 *
 * @since 0.1
 */
public record Score(Double value, String reason, ObjectNode details, List<Flag> flags, String error) {

    /** A step the criterion points at, and why; {@code step} is the step's position. */
    public record Flag(int step, String message) {
    }

    public Score {
        if (value != null && (value.isNaN() || value < 0 || value > 1)) {
            throw new IllegalArgumentException("a score is in [0,1], not " + value);
        }
        flags = flags == null ? List.of() : List.copyOf(flags);
        details = details == null ? Json.MAPPER.createObjectNode() : details;
    }

    public static Score of(double value, String reason, List<Flag> flags) {
        return new Score(value, reason, null, flags, null);
    }

    public static Score of(double value, String reason) {
        return new Score(value, reason, null, List.of(), null);
    }

    public static Score error(String message) {
        return new Score(null, null, null, List.of(), message);
    }

    /**
     * No score, and no failure: the criterion does not apply to this task (replay, for a task never replayed). Left
     * out of the final score as a failed one is, but not counted as an error.
     */
    public static Score absent(String reason) {
        return new Score(null, reason, null, List.of(), null);
    }

    /** Without a value: failed ({@link #error()} says why) or {@link #absent}. */
    public boolean failed() {
        return value == null;
    }

    public boolean absent() {
        return value == null && error == null;
    }

    /** The details with the flags in them, as stored: {@code {"flags": [{"step": 3, "message": "..."}], ...}}. */
    public ObjectNode detailsWithFlags() {
        ObjectNode copy = details.deepCopy();
        if (!flags.isEmpty()) {
            var array = copy.putArray("flags");
            flags.forEach(f -> array.addObject().put("step", f.step()).put("message", f.message()));
        }
        return copy;
    }
}
