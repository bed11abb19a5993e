package org.trajectory.embeddings.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.embeddings.SentenceEmbedder;
import org.trajectory.embeddings.VectorIndex;

/** Sentence embeddings (all-MiniLM-L6-v2 on ONNX Runtime, in-process) and the exact search over them. */
class SentenceEmbedderTest {

    @TempDir
    Path temp;

    @Test
    void theTokenizerAndTheModelBehaveLikeTheOriginals() throws Exception {
        try (SentenceEmbedder embedder = SentenceEmbedder.load()) {
            float[][] v = embedder.embed(List.of("A cat is sitting on the mat.", "The cat sits on a mat", "Quarterly revenue grew by 4%"));
            assertEquals(SentenceEmbedder.DIMENSIONS, v[0].length);
            double same = dot(v[0], v[1]);
            double other = dot(v[0], v[2]);
            assertTrue(same > 0.8, "paraphrases are close: " + same);
            assertTrue(other < 0.3, "unrelated sentences are not: " + other);
            assertEquals(1.0, dot(v[0], v[0]), 1e-4, "unit length");
        }
        java.lang.reflect.Method encode = Class.forName("org.trajectory.embeddings.internal.WordPiece").getMethod("encode", String.class, int.class);
        java.lang.reflect.Method read = Class.forName("org.trajectory.embeddings.internal.WordPiece").getMethod("read", java.io.InputStream.class);
        try (var in = openTokenizer()) {
            Object tokenizer = read.invoke(null, in);
            // bert-base-uncased ids, which all-MiniLM-L6-v2 shares: [CLS] hello , world ! [SEP]; "Héllo" loses its accent.
            assertArrayEquals(new long[] { 101, 7592, 1010, 2088, 999, 102 }, (long[]) encode.invoke(tokenizer, "Héllo, WORLD!", 256));
        }
    }

    @Test
    void onnxRuntimeLoadsItsLibrariesFromTheWorkbenchCacheAndLeavesNothingInTheTemporaryFolder() throws Exception {
        try (SentenceEmbedder embedder = SentenceEmbedder.load()) {
            embedder.embed(List.of("warm up"));
        }
        Path cache = Path.of(System.getProperty("onnxruntime.native.path"));
        assertTrue(cache.startsWith(Path.of(System.getProperty("user.home"), ".trajectory-workbench", "cache", "onnxruntime")), cache.toString());
        assertTrue(java.nio.file.Files.isRegularFile(cache.resolve(System.mapLibraryName("onnxruntime"))));
        assertTrue(java.nio.file.Files.isRegularFile(cache.resolve(System.mapLibraryName("onnxruntime4j_jni"))));
        String tmp = System.getenv("TMPDIR") == null ? System.getProperty("java.io.tmpdir") : System.getenv("TMPDIR");
        assertTrue(!java.nio.file.Files.exists(Path.of(tmp, "mat-debug-" + ProcessHandle.current().pid() + ".log")),
                "the telemetry library's empty log is removed");
        // ONNX Runtime writes a device id and an event queue under the user's cache as it starts (HOME as the process has it)
        String cacheHome = System.getenv("XDG_CACHE_HOME");
        Path telemetry = (cacheHome != null && !cacheHome.isEmpty() ? Path.of(cacheHome) : Path.of(System.getenv("HOME"), ".cache"))
                .resolve("Microsoft").resolve("DeveloperTools").resolve(".onnxruntime");
        assertTrue(!java.nio.file.Files.exists(telemetry.resolve("deviceid")) && !java.nio.file.Files.exists(telemetry.resolve("onnxruntime.db")),
                "no device id and no telemetry queue left in " + telemetry);
        // only this process's: another process that loaded ONNX Runtime on its own and died leaves its folder full
        java.time.Instant started = ProcessHandle.current().info().startInstant().orElseThrow();
        try (var folders = java.nio.file.Files.newDirectoryStream(Path.of(System.getProperty("java.io.tmpdir")), "onnxruntime-java*")) {
            for (Path folder : folders) {
                if (java.nio.file.Files.getLastModifiedTime(folder).toInstant().isBefore(started)) {
                    continue;
                }
                try (var files = java.nio.file.Files.list(folder)) {
                    assertEquals(List.of(), files.toList(), "no library unpacked into " + folder);
                }
            }
        }
    }

    private static java.io.InputStream openTokenizer() throws Exception {
        for (org.osgi.framework.Bundle bundle : org.osgi.framework.FrameworkUtil.getBundle(SentenceEmbedder.class).getBundleContext().getBundles()) {
            if (bundle.getSymbolicName().equals("org.trajectory.embeddings.minilm")) {
                return bundle.getEntry(SentenceEmbedder.MODEL + "-tokenizer.json").openStream();
            }
        }
        throw new AssertionError("no model bundle");
    }

    private static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }

    @Test
    void theExactSearchFindsTheNearestVector() throws Exception {
        Random random = new Random(7);
        List<String> ids = new ArrayList<>();
        List<float[]> vectors = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            float[] v = new float[SentenceEmbedder.DIMENSIONS];
            for (int d = 0; d < v.length; d++) {
                v[d] = (float) random.nextGaussian();
            }
            ids.add("v" + i);
            vectors.add(v);
        }
        VectorIndex index = new VectorIndex(ids, vectors, SentenceEmbedder.DIMENSIONS);
        assertEquals("v1234", index.nearest(vectors.get(1234), "other").id());
        assertEquals(false, index.nearest(vectors.get(1234), "v1234").id().equals("v1234"), "itself is skipped");
        VectorIndex.Match[] all = index.nearestOfAll(3);
        for (int i = 0; i < 2000; i += 97) {
            VectorIndex.Match one = index.nearest(vectors.get(i), "v" + i);
            assertEquals(one.id(), all[i].id(), "the all-pairs scan agrees with one query, vector " + i);
            assertEquals(one.similarity(), all[i].similarity(), 1e-5);
        }
    }
}
