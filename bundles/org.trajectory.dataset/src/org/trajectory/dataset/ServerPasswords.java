package org.trajectory.dataset;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Passwords of server datasets: {@code PGPASSWORD} for headless runs (it wins when set), else the keyring the
 * application installed (Eclipse secure storage, looked up by {@link DatasetAddress.Server#key()}), else none, and the
 * driver reads {@code ~/.pgpass}. This bundle runs as a plain jar too, so the keyring is handed in rather than
 * reached for. Passwords are never part of an address, never written elsewhere, never logged.
 *
 * @since 0.1
 */
public final class ServerPasswords {

    private static volatile UnaryOperator<String> keyring = key -> null;

    private ServerPasswords() {
    }

    /** Installs where stored passwords are looked up: address key to password, or null when none is kept. */
    public static void useKeyring(UnaryOperator<String> lookup) {
        keyring = lookup;
    }

    /** The password for {@code server}, or null (the driver then reads the password file, which must be private). */
    public static String find(DatasetAddress.Server server) throws SQLException {
        String fromEnvironment = System.getenv("PGPASSWORD");
        if (fromEnvironment != null && !fromEnvironment.isEmpty()) {
            return fromEnvironment;
        }
        String kept = keyring.apply(server.key());
        if (kept == null) {
            checkPasswordFile();
        }
        return kept;
    }

    /** Refuses a password file others may read, as psql does (the driver would read it silently). */
    private static void checkPasswordFile() throws SQLException {
        String named = System.getenv("PGPASSFILE");
        if (named == null || named.isEmpty()) {
            named = System.getProperty("org.postgresql.pgpassfile");
        }
        Path file = named == null || named.isEmpty() ? Path.of(System.getProperty("user.home"), ".pgpass") : Path.of(named);
        try {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
            permissions.retainAll(EnumSet.of(PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_READ,
                    PosixFilePermission.OTHERS_WRITE));
            if (!permissions.isEmpty()) {
                throw new SQLException("the password file " + file + " can be read by others (" + PosixFilePermissions.toString(
                        Files.getPosixFilePermissions(file)) + "); like psql, the workbench does not use it: chmod 600 " + file, "28P01");
            }
        } catch (NoSuchFileException | UnsupportedOperationException e) {
            // no file, or no POSIX permissions (Windows keeps it in the user's profile)
        } catch (IOException e) {
            throw new SQLException("the password file " + file + " cannot be read: " + e.getMessage(), e);
        }
    }
}
