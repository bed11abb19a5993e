package org.trajectory.embeddings;

import java.util.List;

/**
 * Exact nearest-neighbour search over unit vectors by dot product (cosine), in one flat array: at 384 dimensions a
 * million vectors is 1.5 GB and a query reads each once. The dot product runs eight independent sums, which the JIT
 * keeps in registers: float sums are not vectorized by HotSpot, so independent chains are what make it fast.
 *
 * @since 0.1
 */
public final class VectorIndex {

    private final String[] ids;
    private final float[] vectors;
    private final int dimensions;

    public VectorIndex(List<String> ids, List<float[]> vectors, int dimensions) {
        this.ids = ids.toArray(String[]::new);
        this.dimensions = dimensions;
        this.vectors = new float[ids.size() * dimensions];
        for (int i = 0; i < vectors.size(); i++) {
            if (vectors.get(i).length != dimensions) {
                throw new IllegalArgumentException("vector " + ids.get(i) + " has " + vectors.get(i).length + " dimensions, not " + dimensions);
            }
            System.arraycopy(vectors.get(i), 0, this.vectors, i * dimensions, dimensions);
        }
    }

    public int size() {
        return ids.length;
    }

    /** The nearest vector to {@code query} other than the one of {@code self}: its id and similarity; null if none. */
    public Match nearest(float[] query, String self) {
        int best = -1;
        float bestSimilarity = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < ids.length; i++) {
            float similarity = dot(query, i * dimensions);
            if (similarity > bestSimilarity && !ids[i].equals(self)) {
                best = i;
                bestSimilarity = similarity;
            }
        }
        return best < 0 ? null : new Match(ids[best], bestSimilarity);
    }

    public record Match(String id, float similarity) {
    }

    /**
     * The nearest other vector of every vector, at once: each pair is compared once (similarity is symmetric), rows
     * split among {@code threads}. For a whole dataset this halves the work of one query per vector.
     */
    public Match[] nearestOfAll(int threads) throws InterruptedException {
        int n = ids.length;
        float[][] best = new float[threads][n];
        int[][] arg = new int[threads][n];
        Thread[] workers = new Thread[threads];
        java.util.concurrent.atomic.AtomicInteger nextRow = new java.util.concurrent.atomic.AtomicInteger();
        for (int t = 0; t < threads; t++) {
            int worker = t;
            java.util.Arrays.fill(best[worker], Float.NEGATIVE_INFINITY);
            java.util.Arrays.fill(arg[worker], -1);
            workers[t] = new Thread(() -> {
                float[] myBest = best[worker];
                int[] myArg = arg[worker];
                float[] row = new float[dimensions];
                for (int i = nextRow.getAndIncrement(); i < n; i = nextRow.getAndIncrement()) {
                    System.arraycopy(vectors, i * dimensions, row, 0, dimensions);
                    for (int j = i + 1; j < n; j++) {
                        float similarity = dot(row, j * dimensions);
                        if (similarity > myBest[i]) {
                            myBest[i] = similarity;
                            myArg[i] = j;
                        }
                        if (similarity > myBest[j]) {
                            myBest[j] = similarity;
                            myArg[j] = i;
                        }
                    }
                }
            }, "Nearest neighbours");
            workers[t].start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        Match[] matches = new Match[n];
        for (int i = 0; i < n; i++) {
            int winner = -1;
            float similarity = Float.NEGATIVE_INFINITY;
            for (int t = 0; t < threads; t++) {
                if (arg[t][i] >= 0 && best[t][i] > similarity) {
                    similarity = best[t][i];
                    winner = arg[t][i];
                }
            }
            matches[i] = winner < 0 ? null : new Match(ids[winner], similarity);
        }
        return matches;
    }

    /**
     * Every pair of vectors at least {@code threshold} similar, each pair once (positions {@code i < j}), rows split
     * among {@code threads}: near-duplicates to keep together.
     */
    public List<int[]> pairsAtLeast(float threshold, int threads) throws InterruptedException {
        int n = ids.length;
        List<List<int[]>> found = new java.util.ArrayList<>();
        Thread[] workers = new Thread[threads];
        java.util.concurrent.atomic.AtomicInteger nextRow = new java.util.concurrent.atomic.AtomicInteger();
        for (int t = 0; t < threads; t++) {
            List<int[]> mine = new java.util.ArrayList<>();
            found.add(mine);
            workers[t] = new Thread(() -> {
                float[] row = new float[dimensions];
                for (int i = nextRow.getAndIncrement(); i < n; i = nextRow.getAndIncrement()) {
                    System.arraycopy(vectors, i * dimensions, row, 0, dimensions);
                    for (int j = i + 1; j < n; j++) {
                        if (dot(row, j * dimensions) >= threshold) {
                            mine.add(new int[] { i, j });
                        }
                    }
                }
            }, "Near-duplicate pairs");
            workers[t].start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        return found.stream().flatMap(List::stream).toList();
    }

    public String id(int position) {
        return ids[position];
    }

    private float dot(float[] q, int offset) {
        float s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
        int d = 0;
        float[] v = vectors;
        for (; d + 7 < dimensions; d += 8) {
            s0 += q[d] * v[offset + d];
            s1 += q[d + 1] * v[offset + d + 1];
            s2 += q[d + 2] * v[offset + d + 2];
            s3 += q[d + 3] * v[offset + d + 3];
            s4 += q[d + 4] * v[offset + d + 4];
            s5 += q[d + 5] * v[offset + d + 5];
            s6 += q[d + 6] * v[offset + d + 6];
            s7 += q[d + 7] * v[offset + d + 7];
        }
        for (; d < dimensions; d++) {
            s0 += q[d] * v[offset + d];
        }
        return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
    }
}
