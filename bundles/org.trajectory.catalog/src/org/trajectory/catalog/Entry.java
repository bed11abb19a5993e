package org.trajectory.catalog;

/**
 * An entry of a catalogue: its id, its name and the object made from it. A registry whose area reads more from the
 * contribution's attributes (a backend's priority, a provider's default model, a criterion's weight) extends it.
 *
 * @since 0.1
 */
public class Entry<T> {

    private final Contribution<T> contribution;

    public Entry(Contribution<T> contribution) {
        this.contribution = contribution;
    }

    public final String id() {
        return contribution.id();
    }

    /** The name shown to people. */
    public final String name() {
        return contribution.name();
    }

    /** The contribution behind it: its attributes and settings, and the object made from it. */
    public final Contribution<T> contribution() {
        return contribution;
    }

    /** The object, made on first use; an {@link IllegalStateException} saying why when it cannot be (it is logged too). */
    public final T created() {
        return contribution.create().orElseThrow(IllegalStateException::new);
    }
}
