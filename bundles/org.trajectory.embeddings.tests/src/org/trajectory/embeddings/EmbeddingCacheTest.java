package org.trajectory.embeddings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedding cache survives a crash mid-write and never stores the texts themselves. */
class EmbeddingCacheTest {

    private static float[] vector(float first) {
        float[] vector = new float[SentenceEmbedder.DIMENSIONS];
        vector[0] = first;
        vector[SentenceEmbedder.DIMENSIONS - 1] = -first;
        return vector;
    }

    @Test
    void aTornLastRecordIsLeftOutAndTheNextAppendStartsOnARecordBoundary(@TempDir Path temp) throws Exception {
        Path file = temp.resolve("cache").resolve("model.bin");
        EmbeddingCache cache = EmbeddingCache.open(file);
        cache.putAll(Map.of("Open the settings", vector(0.5f)));
        Files.write(file, new byte[] {1, 2, 3, 4, 5}, StandardOpenOption.APPEND); // a write cut short by a crash
        EmbeddingCache reopened = EmbeddingCache.open(file);
        assertEquals(1, reopened.size());
        assertArrayEquals(vector(0.5f), reopened.get("Open the settings"));
        assertNull(reopened.get("Close the settings"));
        reopened.putAll(Map.of("Close the settings", vector(0.25f)));
        EmbeddingCache third = EmbeddingCache.open(file);
        assertEquals(2, third.size());
        assertArrayEquals(vector(0.25f), third.get("Close the settings"));
        assertFalse(new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1).contains("settings"),
                "only hashes of the texts are written");
    }

    @Test
    void threadsOfOneProcessStoreAtTheSameTime(@TempDir Path temp) throws Exception {
        EmbeddingCache cache = EmbeddingCache.open(temp.resolve("model.bin"));
        java.util.List<Thread> threads = new java.util.ArrayList<>();
        java.util.List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (int t = 0; t < 4; t++) {
            int thread = t;
            threads.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 50; i++) {
                    try {
                        cache.putAll(Map.of("text " + thread + " " + i, vector(i)));
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertEquals(java.util.List.of(), failures);
        assertEquals(200, EmbeddingCache.open(temp.resolve("model.bin")).size());
    }
}
