package org.trajectory.cli.internal;

import java.time.Duration;
import java.util.stream.Collectors;

import org.trajectory.vlm.ApiKeys;
import org.trajectory.vlm.ProviderConfig;
import org.trajectory.vlm.ProviderSettings;
import org.trajectory.vlm.Retrying;
import org.trajectory.vlm.Usage;
import org.trajectory.vlm.VlmException;
import org.trajectory.vlm.VlmProviders;

/**
 * The model options of the commands that call one ({@code --provider --model --base-url --timeout}): the provider's
 * settings from the preferences, overridden by the flags, the key from the environment or secure storage.
 */
final class ModelOptions {

    static final String USAGE = "[--model M] [--base-url URL] [--timeout S (120)]";

    private ModelOptions() {
    }

    static String providerIds() {
        return VlmProviders.get().all().stream().map(VlmProviders.Descriptor::id).collect(Collectors.joining("|"));
    }

    /** The provider named by {@code --provider}, ready to call, or a one-line reason (no key, unknown provider). */
    static Retrying model(String providerId, Arguments args, Usage usage) throws Arguments.UsageException, VlmException {
        VlmProviders.Descriptor provider = VlmProviders.get().find(providerId)
                .orElseThrow(() -> new Arguments.UsageException("no provider '" + providerId + "' (there are " + providerIds() + ")"));
        ProviderConfig config;
        try {
            config = ProviderSettings.config(provider, args.option("base-url"), args.option("model"), ApiKeys.user());
        } catch (IllegalArgumentException e) {
            throw new Arguments.UsageException(e.getMessage());
        }
        if (args.integer("timeout") != null) {
            config = config.withTimeout(Duration.ofSeconds(Math.max(1, args.integer("timeout"))));
        }
        return ProviderSettings.retrying(provider, config, usage);
    }
}
