package org.trajectory.export;

import java.util.Map;

import org.trajectory.catalog.Catalogue;
import org.trajectory.catalog.Contribution;
import org.trajectory.catalog.Entry;
import org.trajectory.catalog.Registry;

/**
 * The catalogue of the {@code exporters} extension point (see {@link Catalogue}): each exporter with its id and name,
 * its {@code <setting>} values (they replace the exporter's defaults), created when first used.
 *
 * @since 0.1
 */
public final class Exporters extends Registry<Exporter, Exporters.Descriptor> {

    public static final String EXTENSION_POINT = "org.trajectory.export.exporters";
    static final String EXPORTER = "exporter";

    /** An exporter as contributed. */
    public static final class Descriptor extends Entry<Exporter> {

        Descriptor(Contribution<Exporter> contribution) {
            super(contribution);
        }

        /** The settings the contribution gives (they replace the exporter's defaults; the user's replace them). */
        public Map<String, String> configured() {
            return contribution().settings();
        }

        /** The exporter; an {@link IllegalStateException} saying why when it cannot be created (it is logged too). */
        public Exporter exporter() {
            return created();
        }
    }

    private static final Exporters INSTANCE = new Exporters();

    private Exporters() {
        super(EXTENSION_POINT, EXPORTER, Exporter.class, Descriptor::new);
    }

    public static Exporters get() {
        return INSTANCE;
    }
}
