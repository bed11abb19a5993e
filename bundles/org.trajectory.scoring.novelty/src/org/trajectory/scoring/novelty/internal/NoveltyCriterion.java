package org.trajectory.scoring.novelty.internal;

import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.dataset.TaskRow;
import org.trajectory.embeddings.SentenceEmbedder;
import org.trajectory.embeddings.VectorIndex;
import org.trajectory.model.Digests;
import org.trajectory.model.Task;
import org.trajectory.model.Words;
import org.trajectory.scoring.Score;
import org.trajectory.scoring.ScoringContext;
import org.trajectory.scoring.ScoringCriterion;
import org.trajectory.scoring.TaskInput;

/**
 * 1 − the highest cosine similarity between the task and any other task of the dataset, by sentence embeddings of
 * the task text (instruction, domain, OS) computed locally. Embeddings are kept in the dataset and made only for new
 * or changed texts. Novelty depends on the other tasks: a task scored before a near-duplicate came in keeps its score
 * until it is scored again ({@code --force}).
 */
public final class NoveltyCriterion implements ScoringCriterion {

    static final int BATCH = 32;
    private static SentenceEmbedder embedder;

    private volatile VectorIndex index;
    private volatile Map<String, float[]> vectors = Map.of();
    static final int SINGLE_QUERIES = 64;
    /** Every task's nearest other task, computed once when a run scores many tasks; a task changed since is searched alone. */
    private volatile Map<String, VectorIndex.Match> nearest;
    private final java.util.concurrent.atomic.AtomicInteger queries = new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public String version() {
        return "1";
    }

    static synchronized SentenceEmbedder embedder() throws IOException {
        if (embedder == null) {
            embedder = SentenceEmbedder.load();
        }
        return embedder;
    }

    /** The text a task is compared by. */
    static String text(String instruction, String domain, String os) {
        StringBuilder text = new StringBuilder(instruction == null ? "" : instruction.strip());
        if (domain != null && !domain.isBlank()) {
            text.append(" (").append(domain);
            text.append(os != null && !os.isBlank() ? ", " + os + ")" : ")");
        } else if (os != null && !os.isBlank()) {
            text.append(" (").append(os).append(')');
        }
        return text.toString();
    }

    static String hash(String text) {
        return Digests.sha256(text);
    }

    @Override
    public void prepare(ScoringContext context) throws IOException, SQLException, InterruptedException {
        Dataset dataset = context.dataset();
        Map<String, Dataset.Embedding> stored = new HashMap<>();
        for (Dataset.Embedding embedding : dataset.embeddings().of(SentenceEmbedder.MODEL)) {
            stored.put(embedding.taskId(), embedding);
        }
        List<String> ids = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        long count = dataset.count(TaskQuery.ALL);
        for (long offset = 0; offset < count; offset += 1000) {
            for (TaskRow row : dataset.page(TaskQuery.ALL, offset, 1000)) {
                ids.add(row.taskId());
                texts.add(text(row.instruction(), row.domain(), row.os()));
            }
        }
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            Dataset.Embedding old = stored.get(ids.get(i));
            if (old == null || !old.textHash().equals(hash(texts.get(i)))) {
                missing.add(i);
            }
        }
        Map<String, float[]> all = new HashMap<>();
        stored.values().forEach(e -> all.put(e.taskId(), e.vector()));
        if (!missing.isEmpty()) {
            context.progress().begin("Embedding " + Words.count(missing.size(), "task text") + " for novelty", missing.size(), "texts");
            SentenceEmbedder model = embedder();
            List<Integer> unordered = missing;
            missing = model.leastPadding(unordered.stream().map(texts::get).toList()).stream().map(unordered::get).toList();
            for (int start = 0; start < missing.size(); start += BATCH) {
                if (context.progress().isCancelled()) {
                    throw new InterruptedException("cancelled");
                }
                List<Integer> batch = missing.subList(start, Math.min(missing.size(), start + BATCH));
                float[][] vectors = model.embed(batch.stream().map(texts::get).toList());
                List<Dataset.Embedding> made = new ArrayList<>();
                for (int j = 0; j < batch.size(); j++) {
                    String id = ids.get(batch.get(j));
                    made.add(new Dataset.Embedding(id, hash(texts.get(batch.get(j))), vectors[j]));
                    all.put(id, vectors[j]);
                }
                dataset.embeddings().put(SentenceEmbedder.MODEL, made);
                context.progress().worked(batch.size());
            }
        }
        List<String> indexIds = new ArrayList<>();
        List<float[]> indexVectors = new ArrayList<>();
        for (String id : ids) {
            if (all.containsKey(id)) {
                indexIds.add(id);
                indexVectors.add(all.get(id));
            }
        }
        vectors = all;
        index = new VectorIndex(indexIds, indexVectors, SentenceEmbedder.DIMENSIONS);
        nearest = null;
        queries.set(0);
    }

    /**
     * The nearest other task of each task: after {@value #SINGLE_QUERIES} single queries (a small incremental run
     * needs no more), every task's at once, which halves the work of a run over the whole dataset.
     */
    private Map<String, VectorIndex.Match> nearestOfAll() throws InterruptedException {
        if (queries.incrementAndGet() <= SINGLE_QUERIES) {
            return null;
        }
        synchronized (this) {
            if (nearest == null) {
                VectorIndex.Match[] matches = index.nearestOfAll(Math.max(1, Runtime.getRuntime().availableProcessors()));
                Map<String, VectorIndex.Match> byId = new HashMap<>();
                for (int i = 0; i < matches.length; i++) {
                    byId.put(index.id(i), matches[i]);
                }
                nearest = byId;
            }
            return nearest;
        }
    }

    @Override
    public Score score(TaskInput input) throws InterruptedException {
        if (index == null) {
            return Score.error("novelty was not prepared for this dataset");
        }
        Task task = input.task();
        float[] vector = vectors.get(task.taskId());
        Map<String, VectorIndex.Match> all = nearestOfAll();
        VectorIndex.Match nearest = all == null ? null : all.get(task.taskId());
        if (vector == null) {
            try {
                String text = text(task.instruction(), task.text(Task.DOMAIN), task.text(Task.OS));
                vector = embedder().embed(List.of(text))[0]; // came in since the run was prepared
            } catch (IOException e) {
                return Score.error(e.getMessage());
            }
        }
        if (all == null || !all.containsKey(task.taskId())) {
            nearest = index.nearest(vector, task.taskId());
        }
        if (nearest == null) {
            return Score.of(1, "no other task to compare with");
        }
        double similarity = Math.max(0, Math.min(1, nearest.similarity()));
        Score score = Score.of(Math.round((1 - similarity) * 10_000) / 10_000.0, String.format(Locale.ROOT, "most like task %s (cosine %.2f)", nearest.id(), similarity));
        score.details().put("nearest", nearest.id()).put("similarity", Math.round(similarity * 10_000) / 10_000.0)
                .put("model", SentenceEmbedder.MODEL);
        return score;
    }
}
