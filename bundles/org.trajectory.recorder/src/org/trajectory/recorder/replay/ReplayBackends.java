package org.trajectory.recorder.replay;

import org.trajectory.catalog.Contribution;
import org.trajectory.catalog.Entry;
import org.trajectory.catalog.Registry;

/**
 * The catalogue of the {@code replayBackends} extension point (see {@link org.trajectory.catalog.Catalogue}): each
 * backend with the {@code system} of the desktops it drives.
 *
 * @since 0.1
 */
public final class ReplayBackends extends Registry<ReplayBackend, ReplayBackends.Descriptor> {

    public static final String EXTENSION_POINT = "org.trajectory.recorder.replayBackends";

    /** A backend as contributed: created on first use. */
    public static final class Descriptor extends Entry<ReplayBackend> {

        Descriptor(Contribution<ReplayBackend> contribution) {
            super(contribution);
        }

        /** The desktops it drives (see {@link Desktop#system()}). */
        public String system() {
            return contribution().attribute("system");
        }

        public ReplayBackend backend() throws ReplayException {
            return contribution().create().orElseThrow(ReplayException::new);
        }
    }

    private static final ReplayBackends INSTANCE = new ReplayBackends();

    private ReplayBackends() {
        super(EXTENSION_POINT, "backend", ReplayBackend.class, Descriptor::new);
    }

    public static ReplayBackends get() {
        return INSTANCE;
    }

    /** Connects the first backend that drives this kind of desktop; fails when none is installed. */
    public ReplaySession open(Desktop desktop) throws ReplayException {
        for (Descriptor descriptor : all()) {
            if (desktop.system().equals(descriptor.system())) {
                return descriptor.backend().open(desktop);
            }
        }
        throw new ReplayException("No replay backend drives a " + desktop.system() + " desktop; installed: "
                + all().stream().map(d -> d.id() + " (" + d.system() + ")").toList());
    }
}
