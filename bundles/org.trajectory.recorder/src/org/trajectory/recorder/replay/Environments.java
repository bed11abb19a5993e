package org.trajectory.recorder.replay;

import org.trajectory.catalog.Contribution;
import org.trajectory.catalog.Entry;
import org.trajectory.catalog.Registry;

/**
 * The catalogue of the {@code environments} extension point (see {@link org.trajectory.catalog.Catalogue}). An
 * environment contributed as {@code explicit="true"} (the user's own screen) is used only when asked for by its id, so
 * a replay never takes over the screen by surprise.
 *
 * @since 0.1
 */
public final class Environments extends Registry<Environment, Environments.Descriptor> {

    public static final String EXTENSION_POINT = "org.trajectory.recorder.environments";
    /** The environment a replay uses when none is named: a private X server. */
    public static final String DEFAULT = "xvfb";

    /** An environment as contributed: created on first use. */
    public static final class Descriptor extends Entry<Environment> {

        Descriptor(Contribution<Environment> contribution) {
            super(contribution);
        }

        /** Whether it is used only when named: it takes over something the user has (their screen). */
        public boolean explicit() {
            return Boolean.parseBoolean(contribution().attribute("explicit"));
        }

        public Environment environment() throws ReplayException {
            return contribution().create().orElseThrow(ReplayException::new);
        }
    }

    private static final Environments INSTANCE = new Environments();

    private Environments() {
        super(EXTENSION_POINT, "environment", Environment.class, Descriptor::new, "replay environment");
    }

    public static Environments get() {
        return INSTANCE;
    }

    /** The environment named {@code id} ({@link #DEFAULT} when null); fails naming the ones there are. */
    public Descriptor choose(String id) throws ReplayException {
        String wanted = id == null ? DEFAULT : id;
        return find(wanted).orElseThrow(() -> new ReplayException(id == null
                ? "No private replay environment is installed on this system (xvfb is Linux's); name one with --environment: "
                        + ids()
                : unknown(wanted)));
    }
}
