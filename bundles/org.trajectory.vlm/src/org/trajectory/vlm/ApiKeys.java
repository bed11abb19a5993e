package org.trajectory.vlm;

import org.eclipse.equinox.security.storage.ISecurePreferences;
import org.eclipse.equinox.security.storage.SecurePreferencesFactory;
import org.eclipse.equinox.security.storage.StorageException;

/**
 * API keys and tokens: kept encrypted in the workbench's secure storage ({@link SecretStorage}, one node per provider),
 * or given by an environment variable for headless runs, which wins when set. Keys are never written anywhere else and
 * never logged.
 *
 * @since 0.1
 */
public final class ApiKeys {

    static final String ROOT = "org.trajectory.vlm";
    static final String KEY = "apiKey";

    private final ISecurePreferences storage;

    /** Keys in {@code storage}; null: the user's {@link SecretStorage}. */
    public ApiKeys(ISecurePreferences storage) {
        this.storage = storage;
    }

    /** Keys in the user's {@link SecretStorage}. */
    public static ApiKeys user() {
        return new ApiKeys(null);
    }

    private ISecurePreferences storage() throws StorageException {
        return storage != null ? storage : SecretStorage.open();
    }

    /** The key of a provider: the environment variable if set, else the stored one, else null. */
    public String get(String providerId, String environmentVariable) {
        String fromEnvironment = environmentVariable == null ? null : System.getenv(environmentVariable);
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return fromEnvironment.strip();
        }
        return stored(providerId);
    }

    /** The stored key, or null (none stored, or the storage could not be opened: no keyring, a refused password). */
    public String stored(String providerId) {
        try {
            ISecurePreferences root = storage();
            if (root == null || !root.nodeExists(ROOT + "/" + providerId)) {
                return null;
            }
            String key = root.node(ROOT + "/" + providerId).get(KEY, null);
            return key == null || key.isEmpty() ? null : key;
        } catch (StorageException | IllegalStateException e) {
            return null;
        }
    }

    /** Stores (encrypted; refused when it cannot be) or, for a null or empty key, removes the key of a provider. */
    public void store(String providerId, String key) throws StorageException {
        ISecurePreferences root = storage();
        ISecurePreferences node = root.node(ROOT + "/" + providerId);
        if (key == null || key.isEmpty()) {
            node.remove(KEY);
        } else if (storage == null) {
            SecretStorage.put(node, KEY, key);
        } else {
            node.put(KEY, key, true);
        }
        try {
            root.flush();
        } catch (java.io.IOException e) {
            throw new StorageException(StorageException.INTERNAL_ERROR, e);
        }
        if (storage == null) {
            SecretStorage.flush();
            forgetUnencrypted(providerId);
        }
    }

    /** Removes the key an earlier workbench kept in Eclipse's default storage, where a headless run kept it unencrypted. */
    private static void forgetUnencrypted(String providerId) {
        try {
            ISecurePreferences old = SecurePreferencesFactory.getDefault();
            if (old != null && old.nodeExists(ROOT + "/" + providerId)) {
                old.node(ROOT + "/" + providerId).removeNode();
                old.flush();
            }
        } catch (java.io.IOException | IllegalStateException e) {
            // the old storage is not readable: nothing of ours is left in it that we could remove
        }
    }
}
