package org.trajectory.catalog;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A catalogue seen through the {@link Entry} its area gives each contribution: what the registries of capture
 * backends, model providers, scoring criteria, extraction methods and exporters share.
 *
 * @since 0.1
 */
public abstract class Registry<T, D extends Entry<T>> {

    private final Catalogue<T> catalogue;
    private final Function<Contribution<T>, D> describe;

    /**
     * @param extensionPoint the extension point's full id
     * @param element        the element a contribution is declared with, its class in the {@code class} attribute
     * @param type           what the class must be
     * @param describe       the area's entry for a contribution
     */
    protected Registry(String extensionPoint, String element, Class<T> type, Function<Contribution<T>, D> describe) {
        this.catalogue = new Catalogue<>(extensionPoint, element, type, Catalogue.NAME);
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
    public void add(D entry) {
        catalogue.add(entry.contribution());
    }
}
