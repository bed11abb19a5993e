package org.trajectory.catalog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExtensionRegistry;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.RegistryFactory;
import org.eclipse.core.runtime.Status;
import org.osgi.framework.Bundle;

/**
 * A catalogue read from one extension point: every contribution of one element name, checked when the catalogue is
 * first read (an id, a class, the attributes the catalogue requires, no id twice) and made into a {@link Contribution}
 * whose object is created on first use. A bad contribution is left out and logged with the bundle that made it, and
 * the rest of the catalogue works. {@link #add} and {@link #remove} serve tests and use outside OSGi. The registries
 * of the capture backends, the model providers, the scoring criteria, and those that come after, are all one of these.
 *
 * @since 0.1
 */
public final class Catalogue<T> {

    public static final String ID = "id";
    public static final String NAME = "name";
    public static final String CLASS = "class";
    /** A child element {@code <setting name="..." value="..."/>}: one entry of the settings map. */
    public static final String SETTING = "setting";
    public static final String VALUE = "value";

    private final String extensionPoint;
    private final String element;
    private final Class<T> type;
    private final List<String> required;
    private final List<String> problems = new ArrayList<>();
    private List<Contribution<T>> contributions;

    /**
     * @param element the element name of one contribution (e.g. {@code criterion})
     * @param required attributes besides id and class that every contribution must have
     */
    public Catalogue(String extensionPoint, String element, Class<T> type, String... required) {
        this.extensionPoint = extensionPoint;
        this.element = element;
        this.type = type;
        this.required = List.of(required);
    }

    public String extensionPoint() {
        return extensionPoint;
    }

    /** Every good contribution, in the order the registry gives them and then as added. */
    public synchronized List<Contribution<T>> all() {
        if (contributions == null) {
            contributions = new ArrayList<>();
            IExtensionRegistry registry = RegistryFactory.getRegistry();
            if (registry != null) {
                for (IConfigurationElement declared : registry.getConfigurationElementsFor(extensionPoint)) {
                    if (element.equals(declared.getName())) {
                        read(declared);
                    }
                }
            }
        }
        return List.copyOf(contributions);
    }

    public Optional<Contribution<T>> find(String id) {
        return all().stream().filter(c -> c.id().equals(id)).findFirst();
    }

    /** Adds a contribution made in code, replacing one with the same id. */
    public synchronized void add(Contribution<T> contribution) {
        all();
        contributions.removeIf(c -> c.id().equals(contribution.id()));
        contributions.add(contribution);
    }

    public synchronized void remove(String id) {
        all();
        contributions.removeIf(c -> c.id().equals(id));
    }

    /** What was wrong with the contributions left out (and the ones that could not be created), as logged. */
    public synchronized List<String> problems() {
        all();
        return List.copyOf(problems);
    }

    private void read(IConfigurationElement declared) {
        String bundle = declared.getContributor().getName();
        String id = declared.getAttribute(ID);
        String where = "bundle " + bundle + ": the <" + element + ">" + (id == null || id.isBlank() ? "" : " '" + id + "'")
                + " contributed to " + extensionPoint;
        List<String> missing = new ArrayList<>();
        for (String attribute : attributes()) {
            String value = declared.getAttribute(attribute);
            if (value == null || value.isBlank()) {
                missing.add(attribute);
            }
        }
        if (!missing.isEmpty()) {
            problem(where + " has no " + String.join(", no ", missing) + "; it is left out");
            return;
        }
        if (contributions.stream().anyMatch(c -> c.id().equals(id))) {
            problem(where + " has an id that an earlier contribution has; it is left out");
            return;
        }
        Map<String, String> attributes = new LinkedHashMap<>();
        for (String name : declared.getAttributeNames()) {
            attributes.put(name, declared.getAttribute(name));
        }
        Map<String, String> settings = new LinkedHashMap<>();
        for (IConfigurationElement setting : declared.getChildren(SETTING)) {
            if (setting.getAttribute(NAME) != null) {
                settings.put(setting.getAttribute(NAME), setting.getAttribute(VALUE) == null ? "" : setting.getAttribute(VALUE));
            }
        }
        String className = declared.getAttribute(CLASS).strip();
        contributions.add(new Contribution<>(id.strip(), declared.getAttribute(NAME), bundle, attributes, settings, () -> {
            Created<T> created = create(declared, className, settings, where);
            if (!created.ok()) {
                problem(created.error());
            }
            return created;
        }));
    }

    private List<String> attributes() {
        List<String> all = new ArrayList<>(List.of(ID, CLASS));
        all.addAll(required);
        return all;
    }

    private Created<T> create(IConfigurationElement declared, String className, Map<String, String> settings, String where) {
        // By name: a fragment's contribution is named after its host, whose class loader holds the fragment's classes.
        Bundle bundle = Platform.getBundle(declared.getContributor().getName());
        if (bundle == null) {
            return Created.failed(where + " cannot be created: its bundle is not installed");
        }
        Class<?> loaded;
        try {
            loaded = bundle.loadClass(className);
        } catch (ClassNotFoundException e) {
            return Created.failed(where + " cannot be created: its class " + className + " is not in the bundle");
        } catch (LinkageError e) {
            return Created.failed(where + " cannot be created: its class " + className + " cannot be loaded (" + e + ")");
        }
        return Contribution.instantiate(loaded, type, settings, where + " cannot be created");
    }

    private synchronized void problem(String message) {
        problems.add(message);
        try {
            ILog.of(Catalogue.class).log(Status.warning(message));
        } catch (RuntimeException | LinkageError outsideOsgi) {
            // no log service: the message stays in problems()
        }
    }
}
