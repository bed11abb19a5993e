package org.trajectory.evaluation;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.trajectory.embeddings.SentenceEmbedder;
import org.trajectory.model.Progress;

/**
 * Cosine similarity of sentence embeddings (all-MiniLM-L6-v2, as Sharingan used BERT embeddings). Each distinct text
 * is embedded once; two equal texts are 1 without asking the model.
 */
public final class EmbeddingSimilarity implements TextSimilarity, AutoCloseable {

    private static final int BATCH = 64;

    private final SentenceEmbedder embedder;
    private final Map<String, float[]> vectors = new ConcurrentHashMap<>();

    public EmbeddingSimilarity(SentenceEmbedder embedder) {
        this.embedder = embedder;
    }

    /** Loads the model shipped with the product. */
    public static EmbeddingSimilarity load() throws IOException {
        return new EmbeddingSimilarity(SentenceEmbedder.load());
    }

    /** How many distinct texts were embedded so far. */
    public int embedded() {
        return vectors.size();
    }

    @Override
    public void prepare(Collection<String> texts, Progress progress) throws IOException {
        // Similar lengths in one batch: less padding for the model to chew through.
        List<String> missing = new ArrayList<>(texts.stream().filter(t -> t != null && !vectors.containsKey(t)).distinct().toList());
        missing.sort(Comparator.comparingInt(String::length));
        progress.begin("Embedding " + missing.size() + " texts", missing.size());
        for (int start = 0; start < missing.size() && !progress.isCancelled(); start += BATCH) {
            List<String> batch = missing.subList(start, Math.min(missing.size(), start + BATCH));
            float[][] embedded = embedder.embed(batch);
            for (int i = 0; i < batch.size(); i++) {
                vectors.put(batch.get(i), embedded[i]);
            }
            progress.worked(batch.size());
        }
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
        float[] vector = vectors.get(text);
        if (vector == null) {
            vector = embedder.embed(List.of(text))[0];
            vectors.put(text, vector);
        }
        return vector;
    }

    @Override
    public void close() throws IOException {
        embedder.close();
    }
}
