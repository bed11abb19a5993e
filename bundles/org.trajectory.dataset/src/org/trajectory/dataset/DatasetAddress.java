package org.trajectory.dataset;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.trajectory.model.Secrets;
import org.trajectory.model.operation.Operation;

/**
 * Where a dataset lives: a folder on this machine (SQLite), or a database on a PostgreSQL server, written
 * {@code postgresql://user@host:port/db?sslmode=verify-full&images=/shared/images}. Wherever a dataset folder is
 * accepted, a server address is too.
 *
 * @since 0.1
 */
public sealed interface DatasetAddress permits DatasetAddress.Folder, DatasetAddress.Server {

    String SCHEME = "postgresql://";
    /** The scheme's other spelling, which libpq takes too. */
    String SHORT_SCHEME = "postgres://";

    /** A server address if {@code text} begins with {@value #SCHEME}, else a folder. */
    static DatasetAddress parse(String text) {
        if (text.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            return Server.parse(text);
        }
        if (text.regionMatches(true, 0, SHORT_SCHEME, 0, SHORT_SCHEME.length())) { // libpq's other spelling
            return Server.parse(SCHEME + text.substring(SHORT_SCHEME.length()));
        }
        return new Folder(Path.of(text));
    }

    /** The address written so that {@link #parse} gives it back: the folder, or the server's address with its options (never a password). */
    String spec();

    /**
     * The name by which an operation asks for this dataset for itself while it runs ({@code Operation#exclusive()}):
     * the folder, or the server's database whoever logs in to it.
     */
    default String exclusive() {
        return switch (this) {
            case Folder folder -> Operation.folder(folder.path());
            case Server server -> "dataset " + SCHEME + server.host() + ":" + server.port() + "/" + server.database();
        };
    }

    /** A dataset folder: an SQLite database and its images folder. */
    record Folder(Path path) implements DatasetAddress {
        @Override
        public String spec() {
            return path.toString();
        }

        @Override
        public String toString() {
            return path.toString();
        }
    }

    /**
     * A database on a PostgreSQL server. The password is never part of the address: it comes from the environment
     * ({@code PGPASSWORD}), Eclipse secure storage or {@code ~/.pgpass}. Options: {@code sslmode} (disable, require,
     * verify-ca, verify-full), {@code sslrootcert}, and {@code images}: the folder (a network share every member
     * reaches) holding the images on this machine, or {@value #IN_DATABASE} for images inside the database, chosen
     * when the dataset is created.
     */
    record Server(String user, String host, int port, String database, Map<String, String> options) implements DatasetAddress {

        public static final int DEFAULT_PORT = 5432;
        /** The option naming the images folder as this machine reaches it. */
        public static final String IMAGES = "images";
        /** The {@code images} option's value keeping the images inside the database. */
        public static final String IN_DATABASE = "database";
        static final Set<String> OPTIONS = Set.of("sslmode", "sslrootcert", IMAGES);
        private static final Set<String> SSL_MODES = Set.of("disable", "allow", "prefer", "require", "verify-ca", "verify-full");

        public Server {
            options = Map.copyOf(options);
        }

        private static final java.util.regex.Pattern PASSWORD_OPTION = java.util.regex.Pattern.compile("(?i)[?&](ssl)?password=");
        private static final String NO_PASSWORD = "do not put the password in the address; set PGPASSWORD, use ~/.pgpass (mode 600),"
                + " or let the workbench keep it in its secure storage";

        static Server parse(String text) {
            URI uri;
            try {
                uri = new URI(text);
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException("not a server address: " + Secrets.scrub(text) + " (" + Secrets.scrub(e.getReason())
                        + "); write postgresql://user@host:port/database");
            }
            if (uri.getRawUserInfo() != null && uri.getRawUserInfo().contains(":") || PASSWORD_OPTION.matcher(text).find()) {
                throw new IllegalArgumentException(NO_PASSWORD);
            }
            text = Secrets.scrub(text); // what the messages below may show
            String path = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
            if (uri.getHost() == null || uri.getUserInfo() == null || path.isEmpty() || path.contains("/")) {
                throw new IllegalArgumentException("not a server address: " + text + "; write postgresql://user@host:port/database");
            }
            Map<String, String> options = new LinkedHashMap<>();
            if (uri.getRawQuery() != null) {
                for (String pair : uri.getRawQuery().split("&")) {
                    int equals = pair.indexOf('=');
                    String name = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
                    String value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
                    if (!OPTIONS.contains(name)) {
                        throw new IllegalArgumentException("unknown option '" + name + "' in " + text + "; known: " + String.join(", ", OPTIONS.stream().sorted().toList()));
                    }
                    if (name.equals("sslmode") && !SSL_MODES.contains(value)) {
                        throw new IllegalArgumentException("sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full, not '" + value + "'");
                    }
                    options.put(name, value);
                }
            }
            return new Server(uri.getUserInfo(), uri.getHost(), uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort(), path, options);
        }

        /** The images folder this address names, or null (none, or {@value #IN_DATABASE}). */
        public Path images() {
            String images = options.get(IMAGES);
            return images == null || images.isEmpty() || imagesInDatabase() ? null : Path.of(images);
        }

        /** Whether the address asks for the images inside the database ({@code images=database}). */
        public boolean imagesInDatabase() {
            return IN_DATABASE.equals(options.get(IMAGES));
        }

        @Override
        public String spec() {
            if (options.isEmpty()) {
                return key();
            }
            StringBuilder query = new StringBuilder();
            new java.util.TreeMap<>(options).forEach((name, value) -> query.append(query.isEmpty() ? "?" : "&").append(name).append('=')
                    .append(java.net.URLEncoder.encode(value, StandardCharsets.UTF_8)));
            return key() + query;
        }

        /** The address without options: what a password is stored under, and what messages name. */
        public String key() {
            return SCHEME + user + "@" + host + ":" + port + "/" + database;
        }

        @Override
        public String toString() {
            return key();
        }
    }
}
