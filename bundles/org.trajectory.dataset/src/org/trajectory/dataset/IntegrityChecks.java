package org.trajectory.dataset;

import java.util.Map;

import org.trajectory.catalog.Contribution;
import org.trajectory.catalog.Entry;
import org.trajectory.catalog.Registry;

/**
 * The catalogue of the {@code checks} extension point (see {@link org.trajectory.catalog.Catalogue}): each integrity
 * check with its id, name and {@code severity} ("error" or "warning", default warning). {@code validate} runs them all.
 *
 * @since 0.1
 */
public final class IntegrityChecks extends Registry<IntegrityCheck, IntegrityChecks.Descriptor> {

    public static final String EXTENSION_POINT = "org.trajectory.dataset.checks";

    /** A check as contributed. */
    public static final class Descriptor extends Entry<IntegrityCheck> {

        /** A check made in code (tests, use outside OSGi). */
        public Descriptor(String id, String name, IntegrityCheck.Severity severity, IntegrityCheck check) {
            this(Contribution.of(id, name, Map.of("severity", severity.word()), check));
        }

        Descriptor(Contribution<IntegrityCheck> contribution) {
            super(contribution);
        }

        public IntegrityCheck.Severity severity() {
            String declared = contribution().attribute("severity");
            return declared == null ? IntegrityCheck.Severity.WARNING : IntegrityCheck.Severity.of(declared);
        }

        /** The check; an {@link IllegalStateException} saying why when it cannot be created (it is logged too). */
        public IntegrityCheck check() {
            return created();
        }
    }

    private static final IntegrityChecks INSTANCE = new IntegrityChecks();

    private IntegrityChecks() {
        super(EXTENSION_POINT, "check", IntegrityCheck.class, Descriptor::new);
    }

    public static IntegrityChecks get() {
        return INSTANCE;
    }
}
