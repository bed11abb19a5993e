package org.trajectory.vlm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExtensionRegistry;
import org.eclipse.core.runtime.RegistryFactory;

/**
 * The registry of the {@code vlmProviders} extension point: each provider with its name, default base URL and model,
 * and the environment variable that may hold its key; created when first used. {@link #add} and {@link #remove}
 * serve tests and use outside OSGi.
 */
public final class VlmProviders {

    public static final String EXTENSION_POINT = "org.trajectory.vlm.vlmProviders";

    /** A provider as contributed. */
    public static final class Descriptor {
        private final String id;
        private final String name;
        private final String baseUrl;
        private final String model;
        private final String keyVariable;
        private final IConfigurationElement element;
        private VlmProvider provider;

        public Descriptor(String id, String name, String baseUrl, String model, String keyVariable, VlmProvider provider) {
            this(id, name, baseUrl, model, keyVariable, null, provider);
        }

        private Descriptor(String id, String name, String baseUrl, String model, String keyVariable, IConfigurationElement element,
                VlmProvider provider) {
            this.id = id;
            this.name = name;
            this.baseUrl = baseUrl;
            this.model = model;
            this.keyVariable = keyVariable;
            this.element = element;
            this.provider = provider;
        }

        public String id() {
            return id;
        }

        public String name() {
            return name;
        }

        public String defaultBaseUrl() {
            return baseUrl;
        }

        public String defaultModel() {
            return model;
        }

        /** The environment variable a headless run reads the key from, or null. */
        public String keyVariable() {
            return keyVariable;
        }

        public synchronized VlmProvider provider() throws VlmException {
            if (provider == null) {
                try {
                    provider = (VlmProvider) element.createExecutableExtension("class");
                } catch (CoreException | ClassCastException e) {
                    throw new VlmException(VlmException.Kind.BAD_REQUEST, "the provider " + id + " could not be created: " + e.getMessage());
                }
            }
            return provider;
        }
    }

    private static final VlmProviders INSTANCE = new VlmProviders();
    private List<Descriptor> descriptors;

    public static VlmProviders get() {
        return INSTANCE;
    }

    public synchronized List<Descriptor> all() {
        if (descriptors == null) {
            descriptors = new ArrayList<>();
            IExtensionRegistry registry = RegistryFactory.getRegistry();
            if (registry != null) {
                for (IConfigurationElement element : registry.getConfigurationElementsFor(EXTENSION_POINT)) {
                    if ("provider".equals(element.getName())) {
                        descriptors.add(new Descriptor(element.getAttribute("id"), element.getAttribute("name"),
                                element.getAttribute("baseUrl"), element.getAttribute("model"), element.getAttribute("keyVariable"),
                                element, null));
                    }
                }
            }
        }
        return List.copyOf(descriptors);
    }

    public synchronized void add(Descriptor descriptor) {
        all();
        descriptors.add(descriptor);
    }

    public synchronized void remove(String id) {
        all();
        descriptors.removeIf(d -> d.id().equals(id));
    }

    public Optional<Descriptor> find(String id) {
        return all().stream().filter(d -> d.id().equals(id)).findFirst();
    }
}
