package org.trajectory.scrub;

import org.trajectory.catalog.Entry;
import org.trajectory.catalog.Registry;

/**
 * The catalogue of the {@code detectors} extension point (see {@link org.trajectory.catalog.Catalogue}): each detector
 * of personal data with its id (the kind it finds) and name. {@code scrub} runs them all unless told which.
 *
 * @since 0.1
 */
public final class Detectors extends Registry<Detector, Entry<Detector>> {

    public static final String EXTENSION_POINT = "org.trajectory.scrub.detectors";

    private static final Detectors INSTANCE = new Detectors();

    private Detectors() {
        super(EXTENSION_POINT, "detector", Detector.class, Entry::new);
    }

    public static Detectors get() {
        return INSTANCE;
    }
}
