package org.trajectory.model.operation;

/**
 * What became of one item an operation was given (a recording, a video, a task), in words: done, left as it was on
 * purpose (a task a reviewer decided on, say), or failed and why. A report keeps one for each item it was given, so
 * the queue, the command line and the window read its results item by item instead of rebuilding them from messages.
 *
 * @since 0.1
 */
public record Item(Outcome outcome, String words) {

    public enum Outcome {
        DONE, LEFT, FAILED
    }

    public static Item done(String words) {
        return new Item(Outcome.DONE, words);
    }

    public static Item left(String why) {
        return new Item(Outcome.LEFT, why);
    }

    public static Item failed(String reason) {
        return new Item(Outcome.FAILED, reason);
    }

    /** Whether nothing more is to be done with it: done, or left on purpose. */
    public boolean finished() {
        return outcome != Outcome.FAILED;
    }
}
