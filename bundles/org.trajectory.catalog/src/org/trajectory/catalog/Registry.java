package org.trajectory.catalog;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A catalogue seen through the descriptor its area gives each entry (a backend's priority, a provider's default model,
 * a criterion's weight): what the registries of capture backends, model providers and scoring criteria share.
 */
public abstract class Registry<T, D> {

    private final Catalogue<T> catalogue;
    private final Function<Contribution<T>, D> describe;

    protected Registry(Catalogue<T> catalogue, Function<Contribution<T>, D> describe) {
        this.catalogue = catalogue;
        this.describe = describe;
    }

    public Catalogue<T> catalogue() {
        return catalogue;
    }

    public List<D> all() {
        return catalogue.all().stream().map(describe).toList();
    }

    public Optional<D> find(String id) {
        return catalogue.find(id).map(describe);
    }

    public void remove(String id) {
        catalogue.remove(id);
    }

    /** Adds an entry made in code (tests, use outside OSGi), replacing one with the same id. */
    protected void add(Contribution<T> contribution) {
        catalogue.add(contribution);
    }
}
