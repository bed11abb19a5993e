package org.trajectory.dataset;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import org.postgresql.PGProperty;
import org.postgresql.ds.PGSimpleDataSource;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * What differs between the two engines a dataset can live on, kept to the few words below; every query is the same
 * portable SQL on both. The schema's text uses {@code {seq}}, {@code {real}} and {@code {blob}} for the column types
 * the engines spell differently.
 */
abstract sealed class Engine permits Engine.Sqlite, Engine.Postgres {

    abstract DatasetAddress address();

    abstract Connection connect() throws SQLException;

    /** The schema text with the engine's words for the types that differ. */
    final String ddl(String portable) {
        return portable.replace("{seq}", seq()).replace("{real}", real()).replace("{blob}", blob());
    }

    abstract String seq();

    abstract String real();

    abstract String blob();

    /** SQL for the text of a top-level field of a JSON column; the field's name is bound to its one parameter by {@link #jsonField}. */
    abstract String jsonText(String column);

    abstract String jsonField(String field);

    /** Keeps other processes from migrating the schema at the same time, until the transaction ends. */
    abstract void lockSchema(Connection connection) throws SQLException;

    /** After rows were written with their task numbers given (a copy): new tasks are numbered after them. */
    abstract void afterExplicitKeys(Connection connection) throws SQLException;

    /**
     * Inside a transaction of a bulk writer that resumes where it stopped (import, copy): its commit does not wait for
     * the disk. A server that crashes may lose the last batches committed, never part of one; running it again redoes them.
     */
    abstract void bulkTransaction(Connection connection) throws SQLException;

    /** Prepares a long read that must stream rather than load every row; returns what ends it. */
    abstract AutoCloseable streaming(Connection connection, Statement... statements) throws SQLException;

    /** The dataset's folder on this machine, or null on a server. */
    abstract Path folder();

    /** SQL for the database's clock in milliseconds since the epoch: every worker's leases are kept on this one clock. */
    abstract String clockMillis();

    /** What a query claiming rows ends with, so that two claimers take different rows without waiting for each other. */
    abstract String skipLocked();

    /** Who works on the dataset through this connection, as its edits and reviews name them. */
    abstract String user(Connection connection) throws SQLException;

    /** SQLite in a dataset folder: one file beside the images folder. */
    static final class Sqlite extends Engine {
        /** The page cache of a connection writing in bulk: more than a batch of the import or the copy writes. */
        private static final long BULK_CACHE_BYTES = 96L << 20;
        private final Path folder;

        Sqlite(Path folder) {
            this.folder = folder;
        }

        @Override
        DatasetAddress address() {
            return new DatasetAddress.Folder(folder);
        }

        @Override
        Connection connect() throws SQLException {
            SQLiteConfig config = new SQLiteConfig();
            config.setJournalMode(SQLiteConfig.JournalMode.WAL);
            config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
            config.enforceForeignKeys(true);
            config.setBusyTimeout(Dataset.BUSY_TIMEOUT_MS);
            config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
            SQLiteDataSource source = new SQLiteDataSource(config);
            source.setUrl("jdbc:sqlite:" + folder.resolve(Dataset.DATABASE).toAbsolutePath());
            return source.getConnection();
        }

        @Override
        String seq() {
            return "INTEGER PRIMARY KEY";
        }

        @Override
        String real() {
            return "REAL";
        }

        @Override
        String blob() {
            return "BLOB";
        }

        @Override
        String jsonText(String column) {
            return "json_extract(" + column + ", ?)";
        }

        @Override
        String jsonField(String field) {
            return "$." + field;
        }

        @Override
        void lockSchema(Connection connection) {
            // transactions begin IMMEDIATE: the first statement already holds the write lock
        }

        @Override
        void bulkTransaction(Connection connection) throws SQLException {
            // SQLite in WAL mode with synchronous=NORMAL does not wait for the disk at commit already. A batch (up to
            // 32 MB of records) in the default 2 MB page cache spilled its pages to the log again and again before its
            // commit: 5 page writes and 3 reads an imported step.
            try (Statement statement = connection.createStatement()) {
                statement.execute("PRAGMA cache_size = -" + (BULK_CACHE_BYTES >> 10));
            }
        }

        @Override
        void afterExplicitKeys(Connection connection) {
            // a row id is one more than the largest there is
        }

        @Override
        AutoCloseable streaming(Connection connection, Statement... statements) {
            return () -> { }; // SQLite steps through rows as they are read
        }

        @Override
        Path folder() {
            return folder;
        }

        @Override
        String clockMillis() {
            return "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)";
        }

        @Override
        String skipLocked() {
            return ""; // one writer at a time: a claim's transaction holds the whole database
        }

        @Override
        String user(Connection connection) {
            return System.getProperty("user.name");
        }

        /**
         * A dataset made before extraction existed lacks the column of an extracted task's confidence: it gets it,
         * filled from the records that have one. (Older than the versioned migrations, so checked by looking.)
         */
        static void addExtractionConfidence(Connection connection) throws SQLException {
            try (Statement statement = connection.createStatement()) {
                try (ResultSet columns = statement.executeQuery("SELECT 1 FROM pragma_table_info('trajectories') WHERE name IN ('seq', 'extraction_confidence')")) {
                    if (!columns.next() || columns.next()) {
                        return; // no table yet, or the column is there
                    }
                }
                statement.execute("ALTER TABLE trajectories ADD COLUMN extraction_confidence REAL");
                statement.execute("UPDATE trajectories SET extraction_confidence = json_extract(header, '$.extraction.confidence') WHERE json_valid(header)");
            }
        }
    }

    /** A database on a PostgreSQL server; the images in a folder the address or the dataset names. */
    static final class Postgres extends Engine {
        /** Any number, the same in every workbench: the advisory lock migrations hold. */
        private static final long SCHEMA_LOCK = 0x7472616a5f7363L;
        private final DatasetAddress.Server server;
        private final String password;

        Postgres(DatasetAddress.Server server, String password) {
            this.server = server;
            this.password = password;
        }

        @Override
        DatasetAddress address() {
            return server;
        }

        @Override
        Connection connect() throws SQLException {
            PGSimpleDataSource source = new PGSimpleDataSource();
            source.setServerNames(new String[] { server.host() });
            source.setPortNumbers(new int[] { server.port() });
            source.setDatabaseName(server.database());
            source.setUser(server.user());
            if (password != null) {
                source.setPassword(password);
            }
            source.setApplicationName("Trajectory Workbench");
            source.setReWriteBatchedInserts(true);
            source.setConnectTimeout(10);
            String sslMode = server.options().get("sslmode");
            if (sslMode != null) {
                source.setSslMode(sslMode);
            }
            String rootCert = server.options().get("sslrootcert");
            if (rootCert != null) {
                source.setProperty(PGProperty.SSL_ROOT_CERT, rootCert);
            }
            Connection connection = source.getConnection();
            try (Statement statement = connection.createStatement()) {
                // Records and step texts are kilobytes each, past the size the server compresses: LZ4 does it at a
                // fraction of the default pglz's cost (an import went from 28 to 38 MB/s). A server built without it keeps pglz.
                statement.execute("SET default_toast_compression = 'lz4'");
            } catch (SQLException e) {
                // compressed the default way
            }
            return connection;
        }

        @Override
        String seq() {
            return "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY";
        }

        @Override
        String real() {
            return "DOUBLE PRECISION";
        }

        @Override
        String blob() {
            return "BYTEA";
        }

        @Override
        String jsonText(String column) {
            return "(" + column + "::jsonb ->> ?)";
        }

        @Override
        String jsonField(String field) {
            return field;
        }

        @Override
        void lockSchema(Connection connection) throws SQLException {
            try (PreparedStatement lock = connection.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
                lock.setLong(1, SCHEMA_LOCK);
                lock.execute();
            }
        }

        @Override
        void bulkTransaction(Connection connection) throws SQLException {
            try (Statement statement = connection.createStatement()) {
                statement.execute("SET LOCAL synchronous_commit = off");
                statement.execute("SET LOCAL tw.bulk = on"); // the owner's copy keeps the audit trail it brings (team-roles.sql)
            }
        }

        @Override
        void afterExplicitKeys(Connection connection) throws SQLException {
            try (Statement statement = connection.createStatement()) {
                statement.execute("SELECT setval(pg_get_serial_sequence('trajectories', 'seq'),"
                        + " (SELECT COALESCE(MAX(seq), 0) + 1 FROM trajectories), false)");
                statement.execute("SELECT setval(pg_get_serial_sequence('task_history', 'id'),"
                        + " (SELECT COALESCE(MAX(id), 0) + 1 FROM task_history), false)");
            }
        }

        /** The server sends rows in batches only inside a transaction with a fetch size; otherwise it sends them all at once. */
        @Override
        AutoCloseable streaming(Connection connection, Statement... statements) throws SQLException {
            boolean auto = connection.getAutoCommit();
            connection.setAutoCommit(false);
            for (Statement statement : statements) {
                statement.setFetchSize(1000);
            }
            return () -> {
                connection.commit();
                connection.setAutoCommit(auto);
            };
        }

        @Override
        Path folder() {
            return null;
        }

        @Override
        String clockMillis() {
            return "CAST(extract(epoch FROM clock_timestamp()) * 1000 AS BIGINT)";
        }

        @Override
        String skipLocked() {
            return " FOR UPDATE SKIP LOCKED";
        }

        /** The server's user: what its grants and the audit trail know. */
        @Override
        String user(Connection connection) throws SQLException {
            try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery("SELECT current_user")) {
                row.next();
                return row.getString(1);
            }
        }
    }
}
