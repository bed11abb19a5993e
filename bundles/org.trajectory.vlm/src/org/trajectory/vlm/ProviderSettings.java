package org.trajectory.vlm;

import java.time.Duration;

import org.eclipse.core.runtime.preferences.AbstractPreferenceInitializer;
import org.eclipse.core.runtime.preferences.DefaultScope;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.osgi.service.prefs.BackingStoreException;

/**
 * A provider's settings as the user chose them on its preference page (base URL, model, timeout, prices), kept in the
 * workspace's preferences (never the key: that is in {@link ApiKeys}); where unset, the defaults the {@link Initializer}
 * puts in the default scope from each provider's contribution. The window's pages and the commands read them alike.
 *
 * @since 0.1
 */
public final class ProviderSettings {

    static final String NODE = "org.trajectory.vlm";
    public static final String BASE_URL = "baseUrl";
    public static final String MODEL = "model";
    public static final String TIMEOUT_SECONDS = "timeoutSeconds";
    public static final String INPUT_PRICE = "inputPricePerMillion";
    public static final String OUTPUT_PRICE = "outputPricePerMillion";

    private ProviderSettings() {
    }

    /** The preferences of one provider, or null when there is no instance location (a bare headless run). */
    public static IEclipsePreferences node(String providerId) {
        try {
            return (IEclipsePreferences) InstanceScope.INSTANCE.getNode(NODE).node(providerId);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * The configuration to call a provider with: {@code baseUrl} and {@code model} when given (command-line flags),
     * else the preferences, else the defaults; the key from the environment or secure storage.
     */
    public static ProviderConfig config(VlmProviders.Descriptor provider, String baseUrl, String model, ApiKeys keys) {
        IEclipsePreferences node = node(provider.id());
        String url = baseUrl != null ? baseUrl : get(node, BASE_URL, provider.defaultBaseUrl());
        String name = model != null ? model : get(node, MODEL, provider.defaultModel());
        long timeout = parse(get(node, TIMEOUT_SECONDS, null), ProviderConfig.DEFAULT_TIMEOUT.toSeconds());
        Double in = price(get(node, INPUT_PRICE, null));
        Double out = price(get(node, OUTPUT_PRICE, null));
        return new ProviderConfig(url, name, keys.get(provider.id(), provider.keyVariable()), Duration.ofSeconds(timeout), in, out);
    }

    /**
     * The provider ready to call with {@code config}, with the default retry policy; an AUTH error when it would go to
     * the provider's own cloud without a key (a local server at another base URL needs none).
     */
    public static Retrying retrying(VlmProviders.Descriptor provider, ProviderConfig config, Usage usage) throws VlmException {
        if (!config.hasKey() && config.baseUrl().equals(provider.defaultBaseUrl())) {
            throw new VlmException(VlmException.Kind.AUTH, "no API key for " + provider.name() + ": set " + provider.keyVariable()
                    + ", or enter it in Window > Preferences > Vision-Language Models > " + provider.name());
        }
        return new Retrying(provider.provider(), config, Retrying.Policy.DEFAULT, usage);
    }

    public static void put(String providerId, String key, String value) throws BackingStoreException {
        IEclipsePreferences node = node(providerId);
        if (node == null) {
            throw new BackingStoreException("no workspace to keep preferences in");
        }
        if (value == null || value.isBlank()) {
            node.remove(key);
        } else {
            node.put(key, value.strip());
        }
        node.flush();
    }

    /** The user's value, else the default scope's, else {@code fallback} (outside OSGi there are no scopes). */
    public static String get(IEclipsePreferences node, String key, String fallback) {
        String value = node == null ? null : node.get(key, null);
        if ((value == null || value.isBlank()) && node != null) {
            value = DefaultScope.INSTANCE.getNode(NODE).node(node.name()).get(key, null);
        }
        return value == null || value.isBlank() ? fallback : value;
    }

    /** Each provider's contributed base URL and model, and the timeout, as the default scope's values. */
    public static final class Initializer extends AbstractPreferenceInitializer {
        @Override
        public void initializeDefaultPreferences() {
            for (VlmProviders.Descriptor provider : VlmProviders.get().all()) {
                IEclipsePreferences defaults = (IEclipsePreferences) DefaultScope.INSTANCE.getNode(NODE).node(provider.id());
                defaults.put(BASE_URL, provider.defaultBaseUrl());
                defaults.put(MODEL, provider.defaultModel());
                defaults.put(TIMEOUT_SECONDS, String.valueOf(ProviderConfig.DEFAULT_TIMEOUT.toSeconds()));
            }
        }
    }

    private static long parse(String value, long fallback) {
        try {
            return value == null ? fallback : Math.max(1, Long.parseLong(value.strip()));
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static Double price(String value) {
        try {
            return value == null ? null : Double.valueOf(value.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
