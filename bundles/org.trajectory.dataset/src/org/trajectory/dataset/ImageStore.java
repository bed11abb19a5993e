package org.trajectory.dataset;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.trajectory.model.Digests;
import org.trajectory.model.Folders;

/**
 * The dataset's images, every image once under the SHA-256 of its bytes: in a folder ({@code images/ab/abcd...}, the
 * dataset folder's or a share every member of a team reaches) or, for a server dataset created so, inside the
 * database. Either way a killed process never leaves half an image, and images stored for a task that never commits
 * are harmless.
 *
 * @since 0.1
 */
public abstract sealed class ImageStore implements AutoCloseable permits ImageStore.Folder, ImageStore.InDatabase {

    public static String sha256(byte[] bytes) {
        return Digests.sha256(bytes);
    }

    /** Stores the bytes unless an image with the same hash is already there; returns the hash. */
    public abstract String put(byte[] bytes) throws IOException;

    /** The image's bytes; {@link NoSuchFileException} when the store does not hold it. */
    public abstract byte[] read(String sha) throws IOException;

    /** The first {@code max} bytes of the image (all of a shorter one), for its header; {@link NoSuchFileException} as {@link #read}. */
    public byte[] head(String sha, int max) throws IOException {
        byte[] bytes = read(sha);
        return bytes.length <= max ? bytes : java.util.Arrays.copyOf(bytes, max);
    }

    /** Whether the store holds the image. */
    public abstract boolean has(String sha) throws IOException;

    /** Where the image is (or would be), for messages. */
    public abstract String where(String sha);

    /** Where the images are kept, for messages: "the dataset's images folder" or "the dataset's database". */
    public abstract String describe();

    /** Whether both stores keep their images in the same place (copying between them moves no image). */
    abstract boolean sameAs(ImageStore other);

    /**
     * Makes every image put so far readable by others before the writer commits the tasks that name them (a no-op for
     * a folder, where each image is in place when {@link #put} returns).
     */
    abstract void flush() throws SQLException;

    @Override
    public void close() throws SQLException {
    }

    /** A folder of files named by their hash; each appears atomically (written aside, then renamed). */
    static final class Folder extends ImageStore {
        private final Path root;

        Folder(Path root) {
            this.root = root;
        }

        @Override
        public String put(byte[] bytes) throws IOException {
            String sha = sha256(bytes);
            Path file = path(sha);
            if (Files.exists(file)) {
                return sha;
            }
            Files.createDirectories(file.getParent());
            // Not createTempFile, which makes files only their owner can read: a team shares the images folder. Another
            // writer storing the same bytes at once writes the same file.
            Folders.writeWhole(file, partial -> Files.write(partial, bytes));
            return sha;
        }

        private Path path(String sha) {
            return root.resolve(sha.substring(0, 2)).resolve(sha);
        }

        @Override
        public byte[] read(String sha) throws IOException {
            return Files.readAllBytes(path(sha));
        }

        @Override
        public byte[] head(String sha, int max) throws IOException {
            try (InputStream in = Files.newInputStream(path(sha))) {
                return in.readNBytes(max);
            }
        }

        @Override
        public boolean has(String sha) {
            return Files.isRegularFile(path(sha));
        }

        @Override
        public String where(String sha) {
            return path(sha).toString();
        }

        @Override
        public String describe() {
            return "the dataset's images folder";
        }

        @Override
        boolean sameAs(ImageStore other) {
            return other instanceof Folder folder && root.toAbsolutePath().normalize().equals(folder.root.toAbsolutePath().normalize());
        }

        @Override
        void flush() {
        }
    }

    /**
     * Inside the server's database ({@code image_data}), written on a connection of its own in batches: an import's
     * workers put images while the writer's transaction is open, and each batch commits before the tasks naming it.
     */
    static final class InDatabase extends ImageStore {
        /** A batch is written once it holds this much; {@link #flush} writes the rest. */
        private static final long BATCH_BYTES = 16L << 20;
        private final Engine engine;
        private final Map<String, byte[]> pending = new LinkedHashMap<>();
        private long pendingBytes;
        private Connection connection;

        InDatabase(Engine engine) {
            this.engine = engine;
        }

        @Override
        public String put(byte[] bytes) throws IOException {
            String sha = sha256(bytes);
            synchronized (this) {
                if (pending.putIfAbsent(sha, bytes) == null) {
                    pendingBytes += bytes.length;
                }
                if (pendingBytes >= BATCH_BYTES) {
                    try {
                        flush();
                    } catch (SQLException e) {
                        throw new IOException("storing images in " + engine.address() + " failed: " + e.getMessage(), e);
                    }
                }
            }
            return sha;
        }

        @Override
        synchronized void flush() throws SQLException {
            if (pending.isEmpty()) {
                return;
            }
            BulkRows rows = new BulkRows(engine, "image_data", List.of("sha256", "data"));
            pending.forEach(rows::add);
            Dataset.transaction(connection(), c -> {
                rows.flushNew(c);
                return null;
            });
            pending.clear();
            pendingBytes = 0;
        }

        @Override
        public synchronized byte[] read(String sha) throws IOException {
            byte[] waiting = pending.get(sha);
            if (waiting != null) {
                return waiting;
            }
            byte[] bytes = query(sha, "SELECT data FROM image_data WHERE sha256 = ?");
            if (bytes == null) {
                throw new NoSuchFileException(where(sha), null, "the database holds no such image");
            }
            return bytes;
        }

        @Override
        public synchronized boolean has(String sha) throws IOException {
            return pending.containsKey(sha) || query(sha, "SELECT NULL FROM image_data WHERE sha256 = ?") != null;
        }

        /** The first column of the image's row ({@code new byte[0]} for a present row whose column is null), or null. */
        private byte[] query(String sha, String sql) throws IOException {
            try (PreparedStatement query = connection().prepareStatement(sql)) {
                query.setString(1, sha);
                try (ResultSet row = query.executeQuery()) {
                    if (!row.next()) {
                        return null;
                    }
                    byte[] bytes = row.getBytes(1);
                    return bytes == null ? new byte[0] : bytes;
                }
            } catch (SQLException e) {
                throw new IOException("reading image " + sha + " from " + engine.address() + " failed: " + e.getMessage(), e);
            }
        }

        private Connection connection() throws SQLException {
            if (connection == null) {
                connection = engine.connect();
            }
            return connection;
        }

        @Override
        public String where(String sha) {
            return "image " + sha + " in " + engine.address();
        }

        @Override
        public String describe() {
            return "the dataset's database";
        }

        @Override
        boolean sameAs(ImageStore other) {
            return other instanceof InDatabase database && engine.address().toString().equals(database.engine.address().toString());
        }

        @Override
        public synchronized void close() throws SQLException {
            if (connection != null) {
                connection.close();
                connection = null;
            }
        }
    }
}
