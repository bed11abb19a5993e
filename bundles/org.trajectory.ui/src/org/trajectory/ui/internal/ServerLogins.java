package org.trajectory.ui.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.equinox.security.storage.EncodingUtils;
import org.eclipse.equinox.security.storage.ISecurePreferences;
import org.eclipse.equinox.security.storage.StorageException;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.ServerPasswords;
import org.trajectory.vlm.SecretStorage;

/**
 * The passwords of server datasets in the window: kept encrypted in the workbench's secure storage when the person asks to
 * remember them, else in memory until the window closes. Installed as the dataset store's keyring at start.
 */
public final class ServerLogins {

    private static final String ROOT = "org.trajectory.dataset/servers";
    private static final String KEY = "password";
    private static final Map<String, String> FOR_THIS_SESSION = new ConcurrentHashMap<>();

    private ServerLogins() {
    }

    /** Makes the store look passwords up here (after PGPASSWORD, before ~/.pgpass), and the window ask for the master password. */
    public static void install() {
        SecretStorage.useAsker(new MasterPasswordAsker());
        ServerPasswords.useKeyring(ServerLogins::find);
    }

    public static String find(String key) {
        String typed = FOR_THIS_SESSION.get(key);
        if (typed != null) {
            return typed;
        }
        try {
            ISecurePreferences root = SecretStorage.open();
            String node = ROOT + "/" + EncodingUtils.encodeSlashes(key);
            return root == null || !root.nodeExists(node) ? null : root.node(node).get(KEY, null);
        } catch (StorageException | IllegalStateException e) {
            return null;
        }
    }

    /** Keeps the password for this window's life, and encrypted in secure storage too when {@code remember}. */
    public static void keep(DatasetAddress.Server server, String password, boolean remember) throws StorageException {
        FOR_THIS_SESSION.put(server.key(), password);
        if (!remember) {
            return;
        }
        SecretStorage.put(SecretStorage.open().node(ROOT + "/" + EncodingUtils.encodeSlashes(server.key())), KEY, password);
    }
}
