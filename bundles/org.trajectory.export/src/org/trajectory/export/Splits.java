package org.trajectory.export;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Train, validation and test ratios (adding up to 1), and the similarity (cosine of the tasks' text embeddings) at or
 * above which two tasks are near-duplicates that must land in the same split.
 *
 * @since 0.1
 */
public record Splits(double train, double validation, double test, double nearDuplicate) {

    public static final String TRAIN = "train";
    public static final String VALIDATION = "validation";
    public static final String TEST = "test";
    public static final double DEFAULT_NEAR_DUPLICATE = 0.9;
    /** Train, validation, test, then any other part, as people list them. */
    public static final java.util.Comparator<String> ORDER = java.util.Comparator.comparingInt(
            (String part) -> List.of(TRAIN, VALIDATION, TEST).contains(part) ? List.of(TRAIN, VALIDATION, TEST).indexOf(part) : 3)
            .thenComparing(java.util.Comparator.naturalOrder());

    public Splits {
        for (double ratio : new double[] { train, validation, test }) {
            if (!(ratio >= 0 && ratio <= 1)) {
                throw new IllegalArgumentException("a split ratio must be between 0 and 1, not " + ratio);
            }
        }
        if (Math.abs(train + validation + test - 1) > 1e-6) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "the split ratios %s, %s and %s add up to %s, not 1",
                    train, validation, test, train + validation + test));
        }
        if (!(nearDuplicate > 0 && nearDuplicate <= 1)) {
            throw new IllegalArgumentException("the near-duplicate similarity must be above 0 and at most 1, not " + nearDuplicate);
        }
    }

    /** "0.8,0.1,0.1" (train, validation, test; a missing last one is what is left). */
    public static Splits parse(String ratios, double nearDuplicate) {
        List<Double> values = new ArrayList<>();
        for (String part : ratios.split(",")) {
            try {
                values.add(Double.parseDouble(part.strip()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + part.strip() + "' in the split ratios is not a number (write them as 0.8,0.1,0.1)");
            }
        }
        if (values.size() == 2) {
            values.add(Math.max(0, 1 - values.get(0) - values.get(1)));
        }
        if (values.size() != 3) {
            throw new IllegalArgumentException("give the split as train,validation,test ratios (0.8,0.1,0.1), not '" + ratios + "'");
        }
        return new Splits(values.get(0), values.get(1), values.get(2), nearDuplicate);
    }

    /** The split of a point in [0,1). */
    String at(double unit) {
        return unit < train ? TRAIN : unit < train + validation ? VALIDATION : TEST;
    }

    public List<String> names() {
        return List.of(TRAIN, VALIDATION, TEST);
    }
}
