package org.trajectory.catalog;

/**
 * An entry of a catalogue as its area describes it: each registry's descriptor extends it and adds what its area reads
 * from the contribution's attributes (a backend's priority, a provider's default model, a criterion's weight).
 *
 * @since 0.1
 */
public abstract class Entry<T> {

    private final Contribution<T> contribution;

    protected Entry(Contribution<T> contribution) {
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
    protected final T created() {
        return contribution.create().orElseThrow(IllegalStateException::new);
    }
}
