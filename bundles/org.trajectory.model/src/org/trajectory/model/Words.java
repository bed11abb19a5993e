package org.trajectory.model;

/**
 * Counts in the summaries people read: "1 task", "2 tasks", "0 images".
 *
 * @since 0.1
 */
public final class Words {

    private Words() {
    }

    /** {@code n} and the noun, plural but for one ("1 task", "0 tasks"); nouns here take an -s. */
    public static String count(long n, String noun) {
        return n + " " + (n == 1 ? noun : noun + "s");
    }
}
