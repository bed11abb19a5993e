package org.trajectory.export;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.TaskFacts;
import org.trajectory.embeddings.SentenceEmbedder;
import org.trajectory.embeddings.VectorIndex;
import org.trajectory.model.Words;
import org.trajectory.model.OperatingSystems;

/**
 * The tasks an export takes, each with its split, and how they were chosen: how many tasks each filter removed (a task
 * counts under the first filter that removes it), and how many near-duplicate groups were kept together.
 * <p>
 * Splits are deterministic by task id: a task's place in [0,1) is read from the SHA-256 of its id, and the ratios cut
 * that line. Near-duplicates (the same text, or text embeddings at least as similar as the threshold) form groups, and a
 * group takes the place of its smallest task id, so a group never straddles two splits. Tasks without a stored text
 * embedding (novelty scoring makes them) are grouped by identical text only; the selection says how many.
 *
 * @since 0.1
 */
public final class Selection {

    /** The part of a task exported without splits. */
    public static final String WHOLE = "";

    private final List<TaskFacts> kept;
    private final Map<Long, String> parts;
    private final Map<String, Long> removed;
    private final long total;
    private final int groups;
    private final int groupedTasks;
    private final int withoutEmbedding;
    private final boolean split;

    private Selection(List<TaskFacts> kept, Map<Long, String> parts, Map<String, Long> removed, long total, int groups,
            int groupedTasks, int withoutEmbedding, boolean split) {
        this.kept = kept;
        this.parts = parts;
        this.removed = removed;
        this.total = total;
        this.groups = groups;
        this.groupedTasks = groupedTasks;
        this.withoutEmbedding = withoutEmbedding;
        this.split = split;
    }

    /**
     * Selects from {@code dataset}.
     *
     * @param filter its {@code review} already resolved (not null)
     * @param splits null for no splits
     */
    public static Selection of(Dataset dataset, ExportFilter filter, Splits splits) throws SQLException, InterruptedException {
        List<TaskFacts> all = dataset.facts();
        Set<Long> inApplication = filter.application() == null ? null
                : dataset.tasksInWindow(filter.application(), Privacy.WINDOW_TITLE);
        Map<String, Long> removed = new LinkedHashMap<>();
        List<TaskFacts> kept = new ArrayList<>();
        for (TaskFacts task : all) {
            String reason = removedBy(task, filter, inApplication);
            if (reason == null) {
                kept.add(task);
            } else {
                removed.merge(reason, 1L, Long::sum);
            }
        }
        Map<Long, String> parts = new HashMap<>();
        if (splits == null) {
            kept.forEach(task -> parts.put(task.seq(), WHOLE));
            return new Selection(List.copyOf(kept), parts, removed, all.size(), 0, 0, 0, false);
        }
        Grouping grouping = groups(dataset, kept, splits.nearDuplicate());
        int[] group = grouping.group();
        Map<Integer, String> smallest = new HashMap<>();
        Map<Integer, Integer> sizes = new HashMap<>();
        for (int i = 0; i < kept.size(); i++) {
            smallest.merge(group[i], kept.get(i).taskId(), (a, b) -> a.compareTo(b) <= 0 ? a : b);
            sizes.merge(group[i], 1, Integer::sum);
        }
        for (int i = 0; i < kept.size(); i++) {
            parts.put(kept.get(i).seq(), splits.at(unit(smallest.get(group[i]))));
        }
        int together = (int) sizes.values().stream().filter(size -> size > 1).count();
        int inGroups = sizes.values().stream().filter(size -> size > 1).mapToInt(Integer::intValue).sum();
        return new Selection(List.copyOf(kept), parts, removed, all.size(), together, inGroups, grouping.withoutEmbedding(), true);
    }

    /** The group (a root position) of each kept task, and how many had no embedding to compare. */
    private record Grouping(int[] group, int withoutEmbedding) {
    }

    private static String removedBy(TaskFacts task, ExportFilter filter, Set<Long> inApplication) {
        if (!filter.review().isEmpty() && !filter.review().contains(task.review())) {
            return "review";
        }
        if (filter.reviewer() != null && !filter.reviewer().equalsIgnoreCase(task.reviewer() == null ? "" : task.reviewer())) {
            return "reviewer";
        }
        if ((filter.minScore() != null || filter.maxScore() != null) && (task.finalScore() == null
                || filter.minScore() != null && task.finalScore() < filter.minScore()
                || filter.maxScore() != null && task.finalScore() > filter.maxScore())) {
            return "score";
        }
        if (filter.os() != null && !OperatingSystems.name(filter.os()).equals(OperatingSystems.name(task.os()))) {
            return "os";
        }
        if (filter.domain() != null && !filter.domain().equalsIgnoreCase(task.domain() == null ? "" : task.domain())) {
            return "domain";
        }
        if (inApplication != null && !inApplication.contains(task.seq())) {
            return "application";
        }
        if (filter.origin() != null && filter.origin() != task.origin()) {
            return "origin";
        }
        return null;
    }

    /** The group of each kept task: union of identical texts and of embedding pairs at or above {@code threshold}. */
    private static Grouping groups(Dataset dataset, List<TaskFacts> kept, double threshold) throws SQLException, InterruptedException {
        int[] parent = new int[kept.size()];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
        Map<String, Integer> byText = new HashMap<>();
        Map<String, Integer> byId = new HashMap<>();
        for (int i = 0; i < kept.size(); i++) {
            byId.put(kept.get(i).taskId(), i);
            Integer same = byText.putIfAbsent(normalized(kept.get(i).instruction()), i);
            if (same != null) {
                union(parent, same, i);
            }
        }
        List<String> ids = new ArrayList<>();
        List<float[]> vectors = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (Dataset.Embedding embedding : dataset.embeddings().of(SentenceEmbedder.MODEL)) {
            Integer at = byId.get(embedding.taskId());
            if (at != null) {
                ids.add(embedding.taskId());
                vectors.add(embedding.vector());
                positions.add(at);
            }
        }
        if (!ids.isEmpty()) {
            VectorIndex index = new VectorIndex(ids, vectors, vectors.get(0).length);
            for (int[] pair : index.pairsAtLeast((float) threshold, Runtime.getRuntime().availableProcessors())) {
                union(parent, positions.get(pair[0]), positions.get(pair[1]));
            }
        }
        for (int i = 0; i < parent.length; i++) {
            parent[i] = root(parent, i);
        }
        return new Grouping(parent, kept.size() - ids.size());
    }

    private static String normalized(String text) {
        return text == null ? "" : text.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    private static int root(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    private static void union(int[] parent, int a, int b) {
        int ra = root(parent, a);
        int rb = root(parent, b);
        if (ra != rb) {
            parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }
    }

    /** A task id's place in [0,1): the first 53 bits of its SHA-256. */
    static double unit(String taskId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(taskId.getBytes(StandardCharsets.UTF_8));
            return (ByteBuffer.wrap(digest).getLong() >>> 11) / (double) (1L << 53);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The tasks taken, in dataset order. */
    public List<TaskFacts> tasks() {
        return kept;
    }

    /** The part a task ({@link TaskFacts#seq()}) goes to: {@link #WHOLE}, or its split's name; null when it was left out. */
    public String part(long seq) {
        return parts.get(seq);
    }

    public boolean split() {
        return split;
    }

    /** How many tasks each part has, in the order train, validation, test (or the whole). */
    public Map<String, Long> partCounts() {
        Map<String, Long> counts = new TreeMap<>(Splits.ORDER);
        kept.forEach(task -> counts.merge(parts.get(task.seq()), 1L, Long::sum));
        return counts;
    }

    /** How many tasks each filter removed, by filter name (review, reviewer, score, os, domain, application, origin). */
    public Map<String, Long> removed() {
        return removed;
    }

    /** The tasks in the dataset before filtering. */
    public long total() {
        return total;
    }

    /** Near-duplicate groups (two tasks or more) kept in one split, and the tasks in them. */
    public int nearDuplicateGroups() {
        return groups;
    }

    public int nearDuplicateTasks() {
        return groupedTasks;
    }

    /** Tasks split without a text embedding to compare (grouped by identical text only). */
    public int withoutEmbedding() {
        return withoutEmbedding;
    }

    /** "120 of 150 tasks (train 96, validation 12, test 12); removed by review 30; 4 near-duplicate groups (9 tasks) kept together". */
    public String summary() {
        StringBuilder text = new StringBuilder(kept.size() + " of " + Words.count(total, "task"));
        if (split && !kept.isEmpty()) {
            List<String> counts = new ArrayList<>();
            partCounts().forEach((part, count) -> counts.add(part + " " + count));
            text.append(" (").append(String.join(", ", counts)).append(')');
        }
        if (!removed.isEmpty()) {
            List<String> by = new ArrayList<>();
            removed.forEach((filter, count) -> by.add(filter + " " + count));
            text.append("; removed by ").append(String.join(", ", by));
        }
        if (split) {
            text.append("; ").append(groups).append(" near-duplicate group").append(groups == 1 ? "" : "s")
                    .append(" (").append(Words.count(groupedTasks, "task")).append(") kept together");
            if (withoutEmbedding > 0) {
                text.append("; ").append(Words.count(withoutEmbedding, "task")).append(withoutEmbedding == 1 ? " has" : " have")
                        .append(" no text embedding (score with novelty to make them) and ").append(withoutEmbedding == 1 ? "was" : "were")
                        .append(" compared by identical text only");
            }
        }
        return text.toString();
    }

    public Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("selected", kept.size());
        json.put("total", total);
        json.put("removed", removed);
        if (split) {
            json.put("splits", partCounts());
            json.put("near_duplicate_groups", groups);
            json.put("near_duplicate_tasks", groupedTasks);
            json.put("without_embedding", withoutEmbedding);
        }
        return json;
    }
}
