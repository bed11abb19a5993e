package org.trajectory.model.operation;

/**
 * One thing wrong with the input or the data, with its place: {@code file:line: step N: message}.
 * {@code line} is 0 and {@code step} -1 where they do not apply; {@code source} is empty when the message names its place
 * itself.
 *
 * @since 0.1
 */
public record Problem(String source, long line, int step, String message) {

    public static Problem at(String source, long line, String message) {
        return new Problem(source, line, -1, message);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(source);
        if (line > 0) {
            text.append(':').append(line);
        }
        if (!text.isEmpty()) {
            text.append(": ");
        }
        if (step >= 0) {
            text.append("step ").append(step).append(": ");
        }
        return text.append(message).toString();
    }
}
