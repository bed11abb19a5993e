package org.trajectory.recorder;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExtensionRegistry;
import org.eclipse.core.runtime.RegistryFactory;

/**
 * The registry of the {@code captureBackends} extension point: read once, backends created when first asked for and
 * kept; {@link #add} and {@link #remove} serve tests and use outside OSGi.
 */
public final class CaptureBackends {

    public static final String EXTENSION_POINT = "org.trajectory.recorder.captureBackends";
    static final String BACKEND = "backend";
    static final String ID = "id";
    static final String NAME = "name";
    static final String CLASS = "class";
    static final String PRIORITY = "priority";

    /** A backend as contributed: created on first use. */
    public static final class Descriptor {
        private final String id;
        private final String name;
        private final int priority;
        private final IConfigurationElement element;
        private CaptureBackend backend;

        Descriptor(String id, String name, int priority, IConfigurationElement element, CaptureBackend backend) {
            this.id = id;
            this.name = name;
            this.priority = priority;
            this.element = element;
            this.backend = backend;
        }

        public String id() {
            return id;
        }

        public String name() {
            return name;
        }

        public int priority() {
            return priority;
        }

        public synchronized CaptureBackend backend() throws CaptureException {
            if (backend == null) {
                try {
                    backend = (CaptureBackend) element.createExecutableExtension(CLASS);
                } catch (CoreException | ClassCastException e) {
                    throw new CaptureException("The capture backend " + id + " could not be created: " + e.getMessage(), e);
                }
            }
            return backend;
        }
    }

    private static final CaptureBackends INSTANCE = new CaptureBackends();
    private List<Descriptor> descriptors;

    public static CaptureBackends get() {
        return INSTANCE;
    }

    public synchronized List<Descriptor> all() {
        if (descriptors == null) {
            descriptors = new ArrayList<>();
            IExtensionRegistry registry = RegistryFactory.getRegistry();
            if (registry != null) {
                for (IConfigurationElement element : registry.getConfigurationElementsFor(EXTENSION_POINT)) {
                    if (BACKEND.equals(element.getName())) {
                        descriptors.add(new Descriptor(element.getAttribute(ID), element.getAttribute(NAME),
                                parsePriority(element.getAttribute(PRIORITY)), element, null));
                    }
                }
            }
            descriptors.sort(Comparator.comparingInt(Descriptor::priority).reversed());
        }
        return List.copyOf(descriptors);
    }

    private static int parsePriority(String value) {
        try {
            return value == null ? 0 : Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    public synchronized void add(String id, String name, int priority, CaptureBackend backend) {
        all();
        descriptors.add(new Descriptor(id, name, priority, null, backend));
        descriptors.sort(Comparator.comparingInt(Descriptor::priority).reversed());
    }

    public synchronized void remove(String id) {
        all();
        descriptors.removeIf(d -> d.id().equals(id));
    }

    public Optional<Descriptor> find(String id) {
        return all().stream().filter(d -> d.id().equals(id)).findFirst();
    }

    /** The available backend of highest priority, or an exception listing why none can record here. */
    public Descriptor choose() throws CaptureException {
        List<String> reasons = new ArrayList<>();
        for (Descriptor descriptor : all()) {
            CaptureBackend.Availability availability = descriptor.backend().availability();
            if (availability.available()) {
                return descriptor;
            }
            reasons.add(descriptor.name() + ": " + availability.reason());
        }
        throw new CaptureException(reasons.isEmpty() ? "No capture backend is installed for this system."
                : "No capture backend can record here. " + String.join(" ", reasons));
    }
}
