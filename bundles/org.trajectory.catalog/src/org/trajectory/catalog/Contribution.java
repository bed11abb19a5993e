package org.trajectory.catalog;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One entry of a catalogue: its id and name, every attribute it was declared with, its settings (the
 * {@code <setting name="..." value="..."/>} elements inside it), the bundle that contributed it, and the object it
 * stands for, made on first use and kept. The class is made through a public constructor taking the settings as a
 * {@code Map<String, String>}, or else a public one without arguments; plugin code needs no Eclipse interface.
 *
 * @since 0.1
 */
public final class Contribution<T> {

    private final String id;
    private final String name;
    private final String contributor;
    private final Map<String, String> attributes;
    private final Map<String, String> settings;
    private final Supplier<Created<T>> maker;
    private Created<T> created;

    Contribution(String id, String name, String contributor, Map<String, String> attributes, Map<String, String> settings,
            Supplier<Created<T>> maker) {
        this.id = id;
        this.name = name == null || name.isBlank() ? id : name;
        this.contributor = contributor;
        this.attributes = Map.copyOf(attributes);
        this.settings = Map.copyOf(settings);
        this.maker = maker;
    }

    /** An entry made in code (tests, use outside OSGi): the object is given. */
    public static <T> Contribution<T> of(String id, String name, Map<String, String> attributes, T object) {
        Created<T> made = Created.of(object);
        return new Contribution<>(id, name, "code", attributes, Map.of(), () -> made);
    }

    public String id() {
        return id;
    }

    /** The name shown to people; the id when none was given. */
    public String name() {
        return name;
    }

    /** The symbolic name of the bundle that contributed it ("code" for one added in code). */
    public String contributor() {
        return contributor;
    }

    /** A declared attribute, or null. */
    public String attribute(String attribute) {
        return attributes.get(attribute);
    }

    /** A declared attribute as a number, or {@code fallback} when it is absent or not a number. */
    public double number(String attribute, double fallback) {
        String value = attributes.get(attribute);
        try {
            return value == null ? fallback : Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    public Map<String, String> settings() {
        return settings;
    }

    /** The object, made on the first call and kept (a failure too: it is logged once). */
    public synchronized Created<T> create() {
        if (created == null) {
            created = maker.get();
        }
        return created;
    }

    /** Makes an instance of {@code type} from a loaded class, with the settings if it takes them. */
    static <T> Created<T> instantiate(Class<?> loaded, Class<T> type, Map<String, String> settings, String what) {
        if (!type.isAssignableFrom(loaded)) {
            String name = type.getSimpleName();
            return Created.failed(what + ": its class " + loaded.getName() + " is not " + ("AEIOU".indexOf(name.charAt(0)) >= 0 ? "an " : "a ") + name);
        }
        try {
            Object object;
            try {
                Constructor<?> withSettings = loaded.getConstructor(Map.class);
                object = withSettings.newInstance(settings);
            } catch (NoSuchMethodException e) {
                object = loaded.getConstructor().newInstance();
            }
            return Created.of(type.cast(object));
        } catch (NoSuchMethodException e) {
            return Created.failed(what + ": its class " + loaded.getName()
                    + " has no public constructor taking a Map of settings or nothing");
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            return Created.failed(what + ": its constructor failed: " + cause);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return Created.failed(what + ": " + e);
        }
    }
}
