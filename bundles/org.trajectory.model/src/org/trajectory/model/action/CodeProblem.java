package org.trajectory.model.action;

/**
 * An error in a step's code, at a 1-based line and column.
 *
 * @since 0.1
 */
public record CodeProblem(int line, int column, String message) {

    @Override
    public String toString() {
        return line + ":" + column + ": " + message;
    }
}
