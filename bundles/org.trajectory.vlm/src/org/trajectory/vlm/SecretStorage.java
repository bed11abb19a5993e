package org.trajectory.vlm;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.eclipse.equinox.security.storage.ISecurePreferences;
import org.eclipse.equinox.security.storage.SecurePreferencesFactory;
import org.eclipse.equinox.security.storage.StorageException;
import org.eclipse.equinox.security.storage.provider.IProviderHints;

import org.trajectory.model.Home;

/**
 * Where the workbench keeps secrets (API keys, the Hub token, server passwords): Eclipse secure storage in a file of
 * its own, {@code ~/.trajectory-workbench/secure-storage/secure_storage}, readable by its owner only (0600 in a 0700
 * folder). Every value is encrypted (PBE with AES): with a password the system keeps (Windows' DPAPI and the macOS
 * keychain through Equinox's modules; on Linux the Secret Service through its libsecret module, where a desktop keyring
 * answers), else with a master password the user chooses, asked once a session (the window's dialog, the terminal, or
 * {@value #PASSWORD_VARIABLE} for unattended runs). A secret is never kept unencrypted: without a password it is refused.
 *
 * @since 0.1
 */
public final class SecretStorage {

    /** The master password for unattended runs (a server, a container), where no one can be asked. */
    public static final String PASSWORD_VARIABLE = "TRAJECTORY_MASTER_PASSWORD";
    /** Our password provider's module (the bundle's id and the extension's). */
    static final String MASTER_PASSWORD_MODULE = "org.trajectory.vlm.masterPassword";
    private static final String KEYRING_MODULE = "org.eclipse.equinox.security.LinuxKeystoreIntegrationJNA";

    /** Asks the person for the master password ({@code create}: a new one, typed twice); null when they cannot or will not. */
    public interface Asker {
        char[] ask(boolean create);
    }

    private static volatile Asker asker;
    private static ISecurePreferences root;
    private static Path rootFile;

    private SecretStorage() {
    }

    /** The window asks with a dialog; without one the terminal asks, if there is one. */
    public static void useAsker(Asker windowAsker) {
        asker = windowAsker;
    }

    /** The master password: the variable, else the window's or the terminal's answer; null when there is no way to ask. */
    public static char[] masterPassword(boolean create) {
        String variable = System.getenv(PASSWORD_VARIABLE);
        if (variable != null && !variable.isEmpty()) {
            return variable.toCharArray();
        }
        Asker window = asker;
        if (window != null) {
            return window.ask(create);
        }
        java.io.Console console = terminal();
        if (console == null) {
            return null;
        }
        while (true) {
            char[] typed = console.readPassword(create ? "Choose a master password for the workbench's secrets: " : "Master password of the workbench's secrets: ");
            if (typed == null || typed.length == 0 || !create) {
                return typed == null || typed.length == 0 ? null : typed;
            }
            char[] again = console.readPassword("Again: ");
            if (again != null && java.util.Arrays.equals(typed, again)) {
                return typed;
            }
            console.printf("The two differ; once more.%n");
        }
    }

    /** Whether a master password can be had at all: the variable, the window or a terminal. */
    static boolean canAsk() {
        String variable = System.getenv(PASSWORD_VARIABLE);
        return variable != null && !variable.isEmpty() || asker != null || terminal() != null;
    }

    /** A console on a terminal (Java 22 and later give one on redirected streams too: isTerminal tells). */
    private static java.io.Console terminal() {
        java.io.Console console = System.console();
        if (console == null) {
            return null;
        }
        try {
            Method isTerminal = java.io.Console.class.getMethod("isTerminal");
            return Boolean.TRUE.equals(isTerminal.invoke(console)) ? console : null;
        } catch (ReflectiveOperationException e) {
            return console; // Java 21: a console exists only on a terminal
        }
    }

    /** The file that holds the secrets of this user (its home folder from the user record, as Java knows it). */
    public static Path file() {
        return Home.folder("secure-storage", "secure_storage");
    }

    /** The storage of this user, opened once: its folder made private first. */
    public static synchronized ISecurePreferences open() throws StorageException {
        Path file = file();
        if (root != null && file.equals(rootFile)) {
            return root;
        }
        try {
            makePrivate(file);
            Map<String, Object> options = new HashMap<>();
            if (isLinux()) { // Windows and macOS: their own store's module, which Equinox ranks first
                options.put(IProviderHints.REQUIRED_MODULE_ID, keyring() ? KEYRING_MODULE : MASTER_PASSWORD_MODULE);
            }
            root = SecurePreferencesFactory.open(file.toUri().toURL(), options);
            rootFile = file;
            return root;
        } catch (IOException e) {
            throw new StorageException(StorageException.INTERNAL_ERROR, "the secure storage " + file + " cannot be opened: " + e.getMessage());
        }
    }

    /** Keeps {@code value} encrypted under {@code key} of {@code node} and writes the file (0600); refused when it cannot be encrypted. */
    public static void put(ISecurePreferences node, String key, String value) throws StorageException {
        if (!keyring() && !canAsk()) { // on Windows and macOS, keyring() is the system's store
            throw new StorageException(StorageException.NO_PASSWORD, "there is no desktop keyring here and no one to ask for a master"
                    + " password: run this in a terminal, or set " + PASSWORD_VARIABLE + " for unattended runs");
        }
        node.put(key, value, true);
        if (!node.isEncrypted(key)) { // Equinox keeps it in clear text when no password came: never let that reach the disk
            node.remove(key);
            throw new StorageException(StorageException.NO_PASSWORD, "no master password was given, so nothing was kept");
        }
        flush();
    }

    /** Writes the storage out (after a removal, say), readable by its owner only. */
    public static void flush() throws StorageException {
        try {
            open().flush();
            makePrivate(file());
        } catch (IOException e) {
            throw new StorageException(StorageException.INTERNAL_ERROR, "the secure storage " + file() + " cannot be written: " + e.getMessage());
        }
    }

    /** In words: where and how secrets are kept, for the commands and dialogs that keep one. */
    public static String describe() {
        String by = !isLinux() ? "a password the system keeps for your account" : keyring() ? "a password the desktop keyring holds" : "your master password";
        return "encrypted (AES) with " + by + " in " + file() + ", readable by you only";
    }

    private static void makePrivate(Path file) throws IOException {
        if (!posix(file)) {
            Files.createDirectories(file.getParent()); // Windows: the user's profile is the user's
            return;
        }
        Files.createDirectories(file.getParent(), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Files.setPosixFilePermissions(file.getParent(), PosixFilePermissions.fromString("rwx------"));
        if (Files.exists(file)) {
            ownerOnly(file);
        }
    }

    /** Makes {@code file} readable and writable by its owner only (where the file system has POSIX permissions). */
    static void ownerOnly(Path file) throws IOException {
        if (posix(file)) {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        }
    }

    /** Whether the file system {@code file} is on has POSIX permissions (its own, not the default one). */
    private static boolean posix(Path file) {
        return file.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    private static Boolean keyring;

    /**
     * Whether the system keeps the password: Windows (DPAPI) and macOS (the keychain) always; Linux when a desktop
     * keyring answers (the Secret Service's name on the session bus, or one the bus can start). Servers and containers
     * have none; there the master password encrypts.
     */
    static synchronized boolean keyring() {
        if (keyring == null) {
            keyring = !isLinux() || System.getenv("DBUS_SESSION_BUS_ADDRESS") != null
                    && (busAnswers("NameHasOwner", "string:org.freedesktop.secrets") || busAnswers("ListActivatableNames"));
        }
        return keyring;
    }

    private static boolean isLinux() {
        return System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("linux");
    }

    private static boolean busAnswers(String method, String... arguments) {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of("dbus-send", "--session", "--print-reply",
                "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus." + method));
        command.addAll(java.util.List.of(arguments));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String reply = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return false;
            }
            return process.exitValue() == 0 && (method.equals("NameHasOwner") ? reply.contains("boolean true") : reply.contains("\"org.freedesktop.secrets\""));
        } catch (IOException e) {
            return false; // no dbus-send: no keyring we can find
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
