package org.trajectory.vlm;

import java.util.HashMap;
import java.util.Map;

import org.trajectory.catalog.Catalogue;
import org.trajectory.catalog.Contribution;
import org.trajectory.catalog.Entry;
import org.trajectory.catalog.Registry;

/**
 * The catalogue of the {@code vlmProviders} extension point (see {@link Catalogue}): each provider with its name,
 * default base URL and model, and the environment variable that may hold its key; created when first used.
 *
 * @since 0.1
 */
public final class VlmProviders extends Registry<VlmProvider, VlmProviders.Descriptor> {

    public static final String EXTENSION_POINT = "org.trajectory.vlm.vlmProviders";
    static final String PROVIDER = "provider";
    static final String BASE_URL = "baseUrl";
    static final String MODEL = "model";
    static final String KEY_VARIABLE = "keyVariable";

    /** A provider as contributed. */
    public static final class Descriptor extends Entry<VlmProvider> {

        /** A provider made in code (tests, use outside OSGi). */
        public Descriptor(String id, String name, String baseUrl, String model, String keyVariable, VlmProvider provider) {
            this(Contribution.of(id, name, attributes(baseUrl, model, keyVariable), provider));
        }

        Descriptor(Contribution<VlmProvider> contribution) {
            super(contribution);
        }

        private static Map<String, String> attributes(String baseUrl, String model, String keyVariable) {
            Map<String, String> attributes = new HashMap<>();
            attributes.put(BASE_URL, baseUrl);
            attributes.put(MODEL, model);
            attributes.put(KEY_VARIABLE, keyVariable);
            attributes.values().removeIf(v -> v == null);
            return attributes;
        }

        public String defaultBaseUrl() {
            return contribution().attribute(BASE_URL);
        }

        public String defaultModel() {
            return contribution().attribute(MODEL);
        }

        /** The environment variable a headless run reads the key from, or null. */
        public String keyVariable() {
            return contribution().attribute(KEY_VARIABLE);
        }

        public VlmProvider provider() throws VlmException {
            return contribution().create().orElseThrow(error -> new VlmException(VlmException.Kind.BAD_REQUEST, error));
        }
    }

    private static final VlmProviders INSTANCE = new VlmProviders();

    private VlmProviders() {
        super(EXTENSION_POINT, PROVIDER, VlmProvider.class, Descriptor::new);
    }

    public static VlmProviders get() {
        return INSTANCE;
    }
}
