package org.trajectory.dataset;

import java.util.function.UnaryOperator;

/**
 * Passwords of server datasets: {@code PGPASSWORD} for headless runs (it wins when set), else the keyring the
 * application installed (Eclipse secure storage, looked up by {@link DatasetAddress.Server#key()}), else none, and the
 * driver reads {@code ~/.pgpass}. This bundle runs as a plain jar too, so the keyring is handed in rather than
 * reached for. Passwords are never part of an address, never written elsewhere, never logged.
 */
public final class ServerPasswords {

    private static volatile UnaryOperator<String> keyring = key -> null;

    private ServerPasswords() {
    }

    /** Installs where stored passwords are looked up: address key to password, or null when none is kept. */
    public static void useKeyring(UnaryOperator<String> lookup) {
        keyring = lookup;
    }

    /** The password for {@code server}, or null. */
    public static String find(DatasetAddress.Server server) {
        String fromEnvironment = System.getenv("PGPASSWORD");
        if (fromEnvironment != null && !fromEnvironment.isEmpty()) {
            return fromEnvironment;
        }
        return keyring.apply(server.key());
    }
}
