package org.trajectory.scoring;

import java.util.Map;

import org.trajectory.catalog.Catalogue;
import org.trajectory.catalog.Contribution;
import org.trajectory.catalog.Entry;
import org.trajectory.catalog.Registry;

/**
 * The catalogue of the {@code scoringCriteria} extension point (see {@link Catalogue}): each criterion with its id,
 * name, default weight and whether it needs a model; created when first used.
 *
 * @since 0.1
 */
public final class ScoringCriteria extends Registry<ScoringCriterion, ScoringCriteria.Descriptor> {

    public static final String EXTENSION_POINT = "org.trajectory.scoring.scoringCriteria";
    static final String CRITERION = "criterion";
    static final String WEIGHT = "weight";
    static final String NEEDS_MODEL = "needsModel";

    /** A criterion as contributed. */
    public static final class Descriptor extends Entry<ScoringCriterion> {

        /** A criterion made in code (tests, use outside OSGi). */
        public Descriptor(String id, String name, double weight, boolean needsModel, ScoringCriterion criterion) {
            this(Contribution.of(id, name, Map.of(WEIGHT, Double.toString(weight), NEEDS_MODEL, Boolean.toString(needsModel)), criterion));
        }

        Descriptor(Contribution<ScoringCriterion> contribution) {
            super(contribution);
        }

        /** The default weight in the final score; format's is 0, because format is a gate. */
        public double defaultWeight() {
            return Math.max(0, contribution().number(WEIGHT, 0));
        }

        public boolean needsModel() {
            return Boolean.parseBoolean(contribution().attribute(NEEDS_MODEL));
        }

        /** The criterion; an {@link IllegalStateException} saying why when it cannot be created (it is logged too). */
        public ScoringCriterion criterion() {
            return created();
        }
    }

    private static final ScoringCriteria INSTANCE = new ScoringCriteria();

    private ScoringCriteria() {
        super(EXTENSION_POINT, CRITERION, ScoringCriterion.class, Descriptor::new);
    }

    public static ScoringCriteria get() {
        return INSTANCE;
    }
}
