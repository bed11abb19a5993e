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

import picocli.CommandLine.Option;

/**
 * The model options of the commands that call one ({@code --model --base-url --timeout}, beside the command's own
 * {@code --provider}): the provider's settings from the preferences, overridden by the flags, the key from the
 * environment or secure storage.
 */
final class ModelOptions {

    @Option(names = "--model", paramLabel = "M", description = "the provider's model (default: the preference, else the provider's)") String model;
    @Option(names = "--base-url", paramLabel = "URL",
            description = "the provider's address (default: the preference, else the provider's)") String baseUrl;
    @Option(names = "--timeout", paramLabel = "S", description = "seconds to wait for one answer (default 120)") Integer timeout;

    static String providerIds() {
        return VlmProviders.get().all().stream().map(VlmProviders.Descriptor::id).collect(Collectors.joining("|"));
    }

    /**
     * The provider of that id, ready to call, or a one-line reason (no key, unknown provider).
     * @param otherChoices what else the command accepts as a provider, named when the id is unknown
     */
    Retrying model(String providerId, Usage usage, String otherChoices) throws OptionsCommand.UsageException, VlmException {
        VlmProviders.Descriptor provider = VlmProviders.get().find(providerId).orElseThrow(() -> new OptionsCommand.UsageException(
                "no provider '" + providerId + "' (there are " + providerIds() + otherChoices + ")"));
        ProviderConfig config;
        try {
            config = ProviderSettings.config(provider, baseUrl, model, ApiKeys.user());
        } catch (IllegalArgumentException e) {
            throw new OptionsCommand.UsageException(e.getMessage());
        }
        if (timeout != null) {
            config = config.withTimeout(Duration.ofSeconds(Math.max(1, timeout)));
        }
        return ProviderSettings.retrying(provider, config, usage);
    }
}
