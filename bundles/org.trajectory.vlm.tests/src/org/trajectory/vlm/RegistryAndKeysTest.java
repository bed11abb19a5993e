package org.trajectory.vlm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import javax.crypto.spec.PBEKeySpec;

import org.eclipse.equinox.security.storage.ISecurePreferences;
import org.eclipse.equinox.security.storage.SecurePreferencesFactory;
import org.eclipse.equinox.security.storage.provider.IProviderHints;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.vlm.internal.AnthropicProvider;
import org.trajectory.vlm.internal.GeminiProvider;
import org.trajectory.vlm.internal.OpenAiChatProvider;

class RegistryAndKeysTest {

    @Test
    void theThreeProvidersAreContributed() throws Exception {
        assertInstanceOf(OpenAiChatProvider.class, VlmProviders.get().find("openai").orElseThrow().provider());
        assertInstanceOf(AnthropicProvider.class, VlmProviders.get().find("anthropic").orElseThrow().provider());
        assertInstanceOf(GeminiProvider.class, VlmProviders.get().find("gemini").orElseThrow().provider());
        assertEquals("OPENAI_API_KEY", VlmProviders.get().find("openai").orElseThrow().keyVariable());
    }

    @Test
    void settingsFallBackToTheDefaultsTheInitializerTakesFromEachContribution(@TempDir Path temp) throws Exception {
        ApiKeys keys = keys(temp.resolve("secure_storage"));
        VlmProviders.Descriptor anthropic = VlmProviders.get().find("anthropic").orElseThrow();
        ProviderSettings.put("anthropic", ProviderSettings.MODEL, null);
        assertEquals("claude-sonnet-4-5", ProviderSettings.get(ProviderSettings.node("anthropic"), ProviderSettings.MODEL, null));
        assertEquals("120", ProviderSettings.get(ProviderSettings.node("anthropic"), ProviderSettings.TIMEOUT_SECONDS, null));
        ProviderSettings.put("anthropic", ProviderSettings.MODEL, "claude-opus-4");
        try {
            assertEquals("claude-opus-4", ProviderSettings.config(anthropic, null, null, keys).model(), "the user's choice wins");
        } finally {
            ProviderSettings.put("anthropic", ProviderSettings.MODEL, null);
        }
        assertEquals(anthropic.defaultBaseUrl(), ProviderSettings.config(anthropic, null, null, keys).baseUrl());
    }

    /** A secure storage file of its own, with a fixed password: no prompt, no keyring. */
    private static ApiKeys keys(Path file) throws Exception {
        Map<String, Object> options = new HashMap<>();
        options.put(IProviderHints.DEFAULT_PASSWORD, new PBEKeySpec("test password".toCharArray()));
        options.put(IProviderHints.PROMPT_USER, Boolean.FALSE);
        ISecurePreferences storage = SecurePreferencesFactory.open(file.toUri().toURL(), options);
        return new ApiKeys(storage);
    }

    @Test
    void keysAreStoredEncryptedAndNowhereInClearText(@TempDir Path folder) throws Exception {
        Path file = folder.resolve("secure_storage");
        ApiKeys keys = keys(file);
        assertNull(keys.stored("openai"));
        keys.store("openai", "sk-very-secret-key");
        assertEquals("sk-very-secret-key", keys.stored("openai"));
        assertEquals("sk-very-secret-key", keys.get("openai", "TRAJECTORY_TEST_UNSET_VARIABLE"));
        assertTrue(Files.size(file) > 0);
        assertFalse(Files.readString(file).contains("sk-very-secret-key"), "the file holds the key encrypted");
        keys.store("openai", null);
        assertNull(keys.stored("openai"));
    }

    @Test
    void settingsFallBackToTheContributedDefaults(@TempDir Path folder) throws Exception {
        VlmProviders.Descriptor anthropic = VlmProviders.get().find("anthropic").orElseThrow();
        ProviderConfig config = ProviderSettings.config(anthropic, null, "claude-test", keys(folder.resolve("storage")));
        assertEquals("https://api.anthropic.com", config.baseUrl());
        assertEquals("claude-test", config.model());
        assertEquals(System.getenv(anthropic.keyVariable()) != null, config.hasKey(), "only the environment could give a key");
    }
}
