package org.trajectory.model;

/**
 * How many characters differ between two texts (Levenshtein), counted over code points as Python's strings count
 * characters: the distance the field's evaluators score text with, and that the workbench compares readings of one text
 * by. Our own few lines: commons-text's LevenshteinDistance counts UTF-16 units, which would differ from the published
 * evaluator on emoji and CJK extensions.
 *
 * @since 0.1
 */
public final class EditDistance {

    private EditDistance() {
    }

    /** The fewest insertions, deletions and substitutions of characters that make {@code a} into {@code b}. */
    public static int of(String a, String b) {
        int[] x = a.codePoints().toArray();
        int[] y = b.codePoints().toArray();
        int[] previous = new int[y.length + 1];
        int[] current = new int[y.length + 1];
        for (int j = 0; j <= y.length; j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= x.length; i++) {
            current[0] = i;
            for (int j = 1; j <= y.length; j++) {
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[y.length];
    }
}
