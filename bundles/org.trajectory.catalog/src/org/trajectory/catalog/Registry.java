package org.trajectory.catalog;

import java.util.List;
import java.util.Map;
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
    private final String word;

    /**
     * @param extensionPoint the extension point's full id
     * @param element        the element a contribution is declared with, its class in the {@code class} attribute
     * @param type           what the class must be
     * @param describe       the area's entry for a contribution
     */
    protected Registry(String extensionPoint, String element, Class<T> type, Function<Contribution<T>, D> describe) {
        this(extensionPoint, element, type, describe, element);
    }

    /** The same, with {@code word} for an entry in messages to people where the element's name is not enough. */
    protected Registry(String extensionPoint, String element, Class<T> type, Function<Contribution<T>, D> describe, String word) {
        this.catalogue = new Catalogue<>(extensionPoint, element, type, Catalogue.NAME);
        this.describe = describe;
        this.word = word;
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

    /** The entry with this id; an {@link IllegalArgumentException} saying {@link #unknown} when there is none. */
    public D named(String id) {
        return find(id).orElseThrow(() -> new IllegalArgumentException(unknown(id)));
    }

    /** The entries with these ids, in the catalogue's order, all of them for none; as {@link #named} for an id not here. */
    public List<D> select(List<String> ids) {
        ids.forEach(this::named);
        return ids.isEmpty() ? all() : all().stream().filter(entry -> ids.contains(entry.id())).toList();
    }

    /** What to tell a person who named an entry that is not here: "no importer 'x' (there are agentnet, adp)". */
    public String unknown(String id) {
        return "no " + word + " '" + id + "' (there are " + ids() + ")";
    }

    /** The entries' ids, in the catalogue's order, joined by commas. */
    public String ids() {
        return String.join(", ", all().stream().map(Entry::id).toList());
    }

    public void remove(String id) {
        catalogue.remove(id);
    }

    /** Adds an entry made in code (tests, use outside OSGi), replacing one with the same id. */
    public void add(D entry) {
        catalogue.add(entry.contribution());
    }

    /** Adds {@code object} as an entry made in code, without attributes or settings. */
    public void add(String id, String name, T object) {
        catalogue.add(Contribution.of(id, name, Map.of(), object));
    }
}
