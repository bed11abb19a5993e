package org.trajectory.recorder;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.trajectory.catalog.Catalogue;
import org.trajectory.catalog.Contribution;
import org.trajectory.catalog.Entry;
import org.trajectory.catalog.Registry;

/**
 * The catalogue of the {@code captureBackends} extension point (see {@link Catalogue}): backends by priority, each
 * created when first asked for and kept.
 *
 * @since 0.1
 */
public final class CaptureBackends extends Registry<CaptureBackend, CaptureBackends.Descriptor> {

    public static final String EXTENSION_POINT = "org.trajectory.recorder.captureBackends";
    static final String BACKEND = "backend";
    static final String PRIORITY = "priority";

    /** A backend as contributed: created on first use. */
    public static final class Descriptor extends Entry<CaptureBackend> {

        Descriptor(Contribution<CaptureBackend> contribution) {
            super(contribution);
        }

        public int priority() {
            return (int) contribution().number(PRIORITY, 0);
        }

        public CaptureBackend backend() throws CaptureException {
            return contribution().create().orElseThrow(CaptureException::new);
        }
    }

    private static final CaptureBackends INSTANCE = new CaptureBackends();

    private CaptureBackends() {
        super(EXTENSION_POINT, BACKEND, CaptureBackend.class, Descriptor::new);
    }

    public static CaptureBackends get() {
        return INSTANCE;
    }

    /** Every backend, the highest priority first. */
    @Override
    public List<Descriptor> all() {
        return super.all().stream().sorted(Comparator.comparingInt(Descriptor::priority).reversed()).toList();
    }

    /** The available backend of highest priority, or an exception listing why none can record here. */
    public Descriptor choose() throws CaptureException {
        List<String> reasons = new ArrayList<>();
        for (Descriptor descriptor : all()) {
            CaptureBackend backend;
            try {
                backend = descriptor.backend();
            } catch (CaptureException e) {
                reasons.add(e.getMessage() + ".");
                continue;
            }
            CaptureBackend.Availability availability = backend.availability();
            if (availability.available()) {
                return descriptor;
            }
            reasons.add(descriptor.name() + ": " + availability.reason());
        }
        throw new CaptureException(reasons.isEmpty() ? "No capture backend is installed for this system."
                : "No capture backend can record here. " + String.join(" ", reasons));
    }
}
