package org.trajectory.embeddings;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sentence embeddings kept between runs, so that a text is embedded once on this machine: an append-only file of
 * (SHA-256 of the text, vector) records in the workbench cache. The texts themselves are not written (they may be
 * private). A record cut short by a crash is ignored; appends from two processes are serialized by a file lock. Past
 * {@link #MAX_BYTES} the file starts afresh: it is a cache.
 *
 * @since 0.1
 */
public final class EmbeddingCache {

    /** The default file, one per model. */
    public static final Path DEFAULT = SentenceEmbedder.CACHE.resolve("embeddings").resolve(SentenceEmbedder.MODEL + ".bin");
    static final int HASH = 32;
    static final int RECORD = HASH + SentenceEmbedder.DIMENSIONS * Float.BYTES;
    static final long MAX_BYTES = 512L << 20;

    private final Path file;
    private final Map<ByteBuffer, float[]> vectors = new ConcurrentHashMap<>();

    private EmbeddingCache(Path file) {
        this.file = file;
    }

    /** Reads the cache in {@code file}, created when missing. */
    public static EmbeddingCache open(Path file) throws IOException {
        EmbeddingCache cache = new EmbeddingCache(file);
        Files.createDirectories(file.getParent());
        if (Files.exists(file) && Files.size(file) > MAX_BYTES) {
            Files.delete(file);
        }
        if (Files.exists(file)) {
            byte[] bytes = Files.readAllBytes(file);
            ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            for (int at = 0; at + RECORD <= bytes.length; at += RECORD) { // a torn last record is left out
                byte[] hash = new byte[HASH];
                in.get(at, hash);
                float[] vector = new float[SentenceEmbedder.DIMENSIONS];
                for (int d = 0; d < vector.length; d++) {
                    vector[d] = in.getFloat(at + HASH + d * Float.BYTES);
                }
                cache.vectors.put(ByteBuffer.wrap(hash), vector);
            }
        }
        return cache;
    }

    public int size() {
        return vectors.size();
    }

    /** The embedding of {@code text} if it was ever stored, else null. */
    public float[] get(String text) {
        return vectors.get(ByteBuffer.wrap(hash(text)));
    }

    /**
     * Stores new embeddings, in memory and at the end of the file. Synchronized: a file lock keeps other processes
     * out, but Java refuses a second lock from the same process.
     */
    public synchronized void putAll(Map<String, float[]> embedded) throws IOException {
        ByteBuffer out = ByteBuffer.allocate(embedded.size() * RECORD).order(ByteOrder.LITTLE_ENDIAN);
        embedded.forEach((text, vector) -> {
            byte[] hash = hash(text);
            if (vectors.putIfAbsent(ByteBuffer.wrap(hash), vector) == null) {
                out.put(hash);
                for (float value : vector) {
                    out.putFloat(value);
                }
            }
        });
        out.flip();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
                FileLock lock = channel.lock()) {
            // A record torn by a crash would shift every later one: appends start on a record boundary.
            channel.truncate(channel.size() - channel.size() % RECORD);
            while (out.hasRemaining()) {
                channel.write(out);
            }
        }
    }

    private static byte[] hash(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
