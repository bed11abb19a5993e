package org.trajectory.evaluation;

import java.io.IOException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.trajectory.embeddings.EmbeddingCache;
import org.trajectory.embeddings.SentenceEmbedder;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Progress;

/**
 * Cosine similarity of sentence embeddings (all-MiniLM-L6-v2, as Sharingan used BERT embeddings). Each distinct text
 * is embedded once: equal texts are 1 without asking the model, and embeddings are kept in the machine's
 * {@link EmbeddingCache} for the next evaluation.
 *
 * @since 0.1
 */
public final class EmbeddingSimilarity implements TextSimilarity, AutoCloseable {

    private static final int BATCH = 64;

    private final SentenceEmbedder embedder;
    private final EmbeddingCache cache;
    private final AtomicInteger embedded = new AtomicInteger();

    /** @param cache where embeddings are looked up first and stored after */
    public EmbeddingSimilarity(SentenceEmbedder embedder, EmbeddingCache cache) {
        this.embedder = embedder;
        this.cache = cache;
    }

    /** Loads the model shipped with the product and the machine's cache. */
    public static EmbeddingSimilarity load() throws IOException {
        return new EmbeddingSimilarity(SentenceEmbedder.load(), EmbeddingCache.open(EmbeddingCache.DEFAULT));
    }

    /** How many texts the model embedded (the cache's aside). */
    public int embedded() {
        return embedded.get();
    }

    @Override
    public void prepare(Collection<String> texts, Progress progress) throws IOException {
        List<String> found = texts.stream().filter(t -> t != null && cache.get(t) == null).distinct().toList();
        List<String> missing = embedder.leastPadding(found).stream().map(found::get).toList();
        progress.begin("Embedding " + Words.count(missing.size(), "text"), missing.size(), "texts");
        for (int start = 0; start < missing.size() && !progress.isCancelled(); start += BATCH) {
            embed(missing.subList(start, Math.min(missing.size(), start + BATCH)));
            progress.worked(Math.min(BATCH, missing.size() - start));
        }
    }

    private void embed(List<String> batch) throws IOException {
        float[][] vectors = embedder.embed(batch);
        Map<String, float[]> made = new LinkedHashMap<>();
        for (int i = 0; i < batch.size(); i++) {
            made.put(batch.get(i), vectors[i]);
        }
        cache.putAll(made);
        embedded.addAndGet(batch.size());
    }

    @Override
    public double similarity(String a, String b) throws IOException {
        if (a.equals(b)) {
            return 1;
        }
        float[] x = vector(a);
        float[] y = vector(b);
        double dot = 0;
        for (int i = 0; i < x.length; i++) {
            dot += x[i] * y[i];
        }
        return dot;
    }

    private float[] vector(String text) throws IOException {
        float[] vector = cache.get(text);
        if (vector == null) {
            embed(List.of(text));
            vector = cache.get(text);
        }
        return vector;
    }

    @Override
    public void close() throws IOException {
        embedder.close();
    }
}
