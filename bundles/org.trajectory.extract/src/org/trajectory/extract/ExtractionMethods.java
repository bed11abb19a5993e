package org.trajectory.extract;

import java.util.Map;

import org.trajectory.catalog.Catalogue;
import org.trajectory.catalog.Contribution;
import org.trajectory.catalog.Entry;
import org.trajectory.catalog.Registry;

/**
 * The catalogue of the {@code extractionMethods} extension point (see {@link Catalogue}): each method with its id,
 * name, whether it needs a model, and its frame rate; created when first used.
 *
 * @since 0.1
 */
public final class ExtractionMethods extends Registry<ExtractionMethod, ExtractionMethods.Descriptor> {

    public static final String EXTENSION_POINT = "org.trajectory.extract.extractionMethods";
    static final String METHOD = "method";
    static final String NEEDS_MODEL = "needsModel";
    static final String FPS = "fps";

    /** A method as contributed. */
    public static final class Descriptor extends Entry<ExtractionMethod> {

        /** A method made in code (tests, use outside OSGi). */
        public Descriptor(String id, String name, boolean needsModel, double fps, ExtractionMethod method) {
            this(Contribution.of(id, name, Map.of(NEEDS_MODEL, Boolean.toString(needsModel), FPS, Double.toString(fps)), method));
        }

        Descriptor(Contribution<ExtractionMethod> contribution) {
            super(contribution);
        }

        public boolean needsModel() {
            return Boolean.parseBoolean(contribution().attribute(NEEDS_MODEL));
        }

        /** The frames a second it samples unless told otherwise. */
        public double fps() {
            return contribution().number(FPS, 1);
        }

        /** The method; an {@link IllegalStateException} saying why when it cannot be created (it is logged too). */
        public ExtractionMethod method() {
            return created();
        }
    }

    private static final ExtractionMethods INSTANCE = new ExtractionMethods();

    private ExtractionMethods() {
        super(EXTENSION_POINT, METHOD, ExtractionMethod.class, Descriptor::new);
    }

    public static ExtractionMethods get() {
        return INSTANCE;
    }
}
