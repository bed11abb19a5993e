package org.trajectory.dataset.kit;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.postgresql.ds.PGSimpleDataSource;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.model.Folders;

/**
 * A real PostgreSQL server for tests, in a temporary folder of its own: {@code initdb} and {@code pg_ctl} from the
 * machine's PostgreSQL (Debian's {@code postgresql} package), run as the unprivileged {@code postgres} user when the
 * tests run as root (PostgreSQL refuses root). Listens on loopback only, with password (SCRAM) logins; the passwords
 * are written to a {@code .pgpass} file the driver is pointed at, as a user's own {@code ~/.pgpass} would be. One
 * server per test JVM ({@link #shared()}), stopped when the JVM ends; each test takes a fresh database.
 *
 * @since 0.1
 */
public final class PostgresServer {

    /** The server's superuser: owns the test databases, as a team's administrator would. */
    public static final String ADMIN = "tw_admin";
    private static PostgresServer shared;

    private final Path folder;
    private final Path bin;
    private final int port;
    private final boolean asPostgres;
    private final Map<String, String> passwords = new java.util.concurrent.ConcurrentHashMap<>();
    private final AtomicInteger databases = new AtomicInteger();

    private PostgresServer(Path folder, Path bin, int port, boolean asPostgres) {
        this.folder = folder;
        this.bin = bin;
        this.port = port;
        this.asPostgres = asPostgres;
    }

    /** The folder of the newest installed PostgreSQL's programs, or null when none is installed. */
    public static Path programs() {
        Path debian = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(debian)) {
            try (Stream<Path> versions = Files.list(debian)) {
                return versions.map(v -> v.resolve("bin"))
                        .filter(b -> Files.isExecutable(b.resolve("initdb")))
                        .max(Comparator.comparingInt(b -> Integer.parseInt(b.getParent().getFileName().toString().replaceAll("\\D", "0"))))
                        .orElse(null);
            } catch (IOException e) {
                return null;
            }
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, "initdb"))) {
                return Path.of(dir);
            }
        }
        return null;
    }

    /** The server of this JVM, started on first use. */
    public static synchronized PostgresServer shared() throws IOException, InterruptedException {
        if (shared == null) {
            shared = start();
            Runtime.getRuntime().addShutdownHook(new Thread(shared::stop, "stop test PostgreSQL"));
        }
        return shared;
    }

    private static PostgresServer start() throws IOException, InterruptedException {
        Path bin = programs();
        if (bin == null) {
            throw new IOException("no PostgreSQL is installed (initdb not found): apt-get install postgresql");
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        Path folder = Files.createTempDirectory("tw-postgres");
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        PostgresServer server = new PostgresServer(folder, bin, port, root);
        server.passwords.put(ADMIN, newPassword());
        Path passwordFile = folder.resolve("admin-password");
        Files.writeString(passwordFile, server.passwords.get(ADMIN) + "\n");
        if (root) {
            UserPrincipal postgres = folder.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("postgres");
            Files.setOwner(folder, postgres);
            Files.setOwner(passwordFile, postgres);
        }
        server.run("initdb", "-D", folder.resolve("data").toString(), "-U", ADMIN, "--auth=scram-sha-256",
                "--pwfile=" + passwordFile, "-E", "UTF8", "--locale=C", "--no-sync");
        server.certificates(root);
        server.run("pg_ctl", "-D", folder.resolve("data").toString(), "-l", folder.resolve("server.log").toString(), "-w",
                "-o", "-p " + port + " -k " + folder + " -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
                        + " -c ssl=on -c ssl_cert_file=" + folder.resolve("server.crt") + " -c ssl_key_file=" + folder.resolve("server.key"),
                "start");
        server.writePasswordFile();
        return server;
    }

    /**
     * A certificate authority of the test's own and a server certificate it signed for 127.0.0.1 (openssl, which
     * Debian's postgresql brings): the server takes TLS, plain connections too, as a team's server may.
     */
    private void certificates(boolean root) throws IOException, InterruptedException {
        Path ext = folder.resolve("server.ext");
        Files.writeString(ext, "subjectAltName=IP:127.0.0.1\n");
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Trajectory Workbench test CA",
                "-keyout", folder.resolve("ca.key").toString(), "-out", certificateAuthority().toString());
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", folder.resolve("server.key").toString(),
                "-out", folder.resolve("server.csr").toString());
        openssl("x509", "-req", "-in", folder.resolve("server.csr").toString(), "-CA", certificateAuthority().toString(), "-CAkey",
                folder.resolve("ca.key").toString(), "-CAcreateserial", "-days", "2", "-extfile", ext.toString(), "-out",
                folder.resolve("server.crt").toString());
        Files.setPosixFilePermissions(folder.resolve("server.key"), PosixFilePermissions.fromString("rw-------"));
        if (root) {
            UserPrincipal postgres = folder.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("postgres");
            Files.setOwner(folder.resolve("server.key"), postgres);
            Files.setOwner(folder.resolve("server.crt"), postgres);
        }
    }

    private void openssl(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("openssl"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IOException("openssl " + arguments[0] + " failed: " + output);
        }
    }

    /** The PEM certificate of the authority that signed the server's: what {@code sslrootcert} names for verify-full. */
    public Path certificateAuthority() {
        return folder.resolve("ca.pem");
    }

    private static String newPassword() {
        byte[] bytes = new byte[12];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** Runs one of PostgreSQL's programs, as {@code postgres} when we are root; fails with its output. */
    private void run(String program, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        if (asPostgres) {
            command.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        command.add(bin.resolve(program).toString());
        command.addAll(List.of(arguments));
        Path output = Files.createTempFile("tw-postgres-" + program, ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(program + " did not finish in 120 s: " + Files.readString(output));
            }
            if (process.exitValue() != 0) {
                throw new IOException(program + " failed (" + process.exitValue() + "): " + Files.readString(output));
            }
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /** The .pgpass the driver reads (system property {@code org.postgresql.pgpassfile}); a child workbench gets it as PGPASSFILE. */
    private synchronized void writePasswordFile() throws IOException {
        StringBuilder lines = new StringBuilder();
        passwords.forEach((user, password) -> lines.append("127.0.0.1:").append(port).append(":*:").append(user).append(':').append(password).append('\n'));
        Path file = passwordFile();
        Files.writeString(file, lines);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        System.setProperty("org.postgresql.pgpassfile", file.toString());
    }

    /** The password file naming every login of this server: give it to a child process as {@code PGPASSFILE}. */
    public Path passwordFile() {
        return folder.resolve("pgpass");
    }

    public int port() {
        return port;
    }

    /** A new, empty database owned by {@link #ADMIN}; returns its name. */
    public String createDatabase() throws SQLException {
        return createDatabase(ADMIN);
    }

    /** A new, empty database owned by {@code owner} ({@code createdb --owner}), as the README's recipe makes it; returns its name. */
    public String createDatabase(String owner) throws SQLException {
        String name = "tw_test_" + databases.incrementAndGet();
        try (Connection connection = connect("postgres"); Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name + " OWNER " + owner);
        }
        return name;
    }

    /** A login role with a password (written to the password file), for tests of who may do what. */
    public void createUser(String user) throws SQLException, IOException {
        createUser(user, new String[0]);
    }

    /**
     * A login role with a password (written to the password file), for tests of who may do what; {@code attributes}
     * such as {@code CREATEROLE} are added to its {@code CREATE ROLE}.
     */
    public void createUser(String user, String... attributes) throws SQLException, IOException {
        String password = newPassword();
        try (Connection connection = connect("postgres"); Statement statement = connection.createStatement()) {
            statement.execute("CREATE ROLE " + user + " LOGIN " + String.join(" ", attributes) + " PASSWORD '" + password + "'");
        }
        passwords.put(user, password);
        writePasswordFile();
    }

    /** The address of {@code database} as {@code user}, its images in {@code images} (null: none named). */
    public DatasetAddress.Server address(String user, String database, Path images) {
        return (DatasetAddress.Server) DatasetAddress.parse(DatasetAddress.SCHEME + user + "@127.0.0.1:" + port + "/" + database
                + (images == null ? "" : "?images=" + java.net.URLEncoder.encode(images.toString(), java.nio.charset.StandardCharsets.UTF_8)));
    }

    /** A connection as the administrator, for a test's own checks on the server. */
    public Connection connect(String database) throws SQLException {
        return connectAs(ADMIN, database);
    }

    /** A connection with a member's own login, as psql gives it: what a member can do outside the workbench. */
    public Connection connectAs(String user, String database) throws SQLException {
        PGSimpleDataSource source = new PGSimpleDataSource();
        source.setServerNames(new String[] { "127.0.0.1" });
        source.setPortNumbers(new int[] { port });
        source.setDatabaseName(database);
        source.setUser(user);
        source.setPassword(passwords.get(user));
        return source.getConnection();
    }

    private void stop() {
        try {
            run("pg_ctl", "-D", folder.resolve("data").toString(), "-m", "immediate", "-w", "stop");
        } catch (IOException | InterruptedException e) {
            // the JVM is ending; the temporary folder says what is left
        }
        try {
            Folders.deleteTree(folder);
        } catch (IOException e) {
            // left in the temporary folder
        }
    }
}
