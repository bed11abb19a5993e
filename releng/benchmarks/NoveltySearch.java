import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.trajectory.embeddings.SentenceEmbedder;
import org.trajectory.embeddings.VectorIndex;

/**
 * Novelty of one task against N stored embeddings: embed its text with the real model, then the exact search.
 * Run by scoring-benchmark.sh with the built classes, ONNX Runtime and the model jar on the class path.
 */
public class NoveltySearch {
    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        Random random = new Random(1);
        List<String> ids = new ArrayList<>(n);
        List<float[]> vectors = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            float[] v = new float[SentenceEmbedder.DIMENSIONS];
            double norm = 0;
            for (int d = 0; d < v.length; d++) {
                v[d] = (float) random.nextGaussian();
                norm += v[d] * v[d];
            }
            for (int d = 0; d < v.length; d++) {
                v[d] /= (float) Math.sqrt(norm);
            }
            ids.add("t" + i);
            vectors.add(v);
        }
        VectorIndex index = new VectorIndex(ids, vectors, SentenceEmbedder.DIMENSIONS);
        try (SentenceEmbedder embedder = SentenceEmbedder.load()) {
            String text = "Open the Settings app and turn on dark mode (os, ubuntu)";
            for (int warm = 0; warm < 20; warm++) {
                index.nearest(embedder.embed(List.of(text))[0], "self");
            }
            int runs = 50;
            long embed = 0;
            long search = 0;
            for (int r = 0; r < runs; r++) {
                long t0 = System.nanoTime();
                float[] query = embedder.embed(List.of(text))[0];
                long t1 = System.nanoTime();
                index.nearest(query, "self");
                long t2 = System.nanoTime();
                embed += t1 - t0;
                search += t2 - t1;
            }
            System.out.printf("novelty of one task against %,d embeddings: embed %.1f ms + exact search %.1f ms = %.1f ms (mean of %d)%n", n,
                    embed / 1e6 / runs, search / 1e6 / runs, (embed + search) / 1e6 / runs, runs);
        }
    }
}
