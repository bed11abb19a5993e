package org.trajectory.model;

/**
 * A record that is not a trajectory: bad JSON, a missing field, a field of the wrong type. The message names the field.
 *
 * @since 0.1
 */
public final class RecordFormatException extends Exception {

    private static final long serialVersionUID = 1L;

    public RecordFormatException(String message) {
        super(message);
    }
}
