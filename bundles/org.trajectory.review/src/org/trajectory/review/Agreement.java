package org.trajectory.review;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.trajectory.dataset.Dataset.Verdict;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ReviewState;

/**
 * How far reviewers agree: Cohen's kappa for every pair of reviewers over the tasks both judged, Krippendorff's alpha
 * (nominal) over all verdicts, each reviewer's accuracy on the gold tasks, and the tasks whose verdicts differ.
 * Computed from the verdicts alone, so it is the same on both engines.
 *
 * @since 0.1
 */
public record Agreement(List<Pair> pairs, double alpha, long tasksWithTwoOrMore, Map<String, Gold> gold, List<Disagreement> disagreements) {

    /** Two reviewers' kappa over the {@code tasks} both judged (NaN when chance explains everything: one verdict only). */
    public record Pair(String a, String b, long tasks, double kappa) {
    }

    /** A reviewer's verdicts on the gold tasks: how many judged, how many right. */
    public record Gold(long judged, long right) {
        public double accuracy() {
            return judged == 0 ? Double.NaN : (double) right / judged;
        }
    }

    /** A task whose reviewers differ, with each one's verdict, and the final state when a curator has settled it. */
    public record Disagreement(String taskId, Map<String, ReviewState> verdicts, ReviewState settled) {
    }

    /**
     * The gold tasks' known verdicts from a file of {@code task_id,verdict} lines ({@code #} begins a comment); a bad
     * line is an IOException naming the file and the line.
     */
    public static Map<String, ReviewState> readGold(Path file) throws IOException {
        Map<String, ReviewState> gold = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int comma = line.lastIndexOf(',');
            try {
                if (comma <= 0) {
                    throw new IllegalArgumentException("expected task_id,verdict");
                }
                gold.put(line.substring(0, comma).strip(), ReviewState.verdict(line.substring(comma + 1)));
            } catch (IllegalArgumentException e) {
                throw new IOException(file + ":" + (i + 1) + ": " + e.getMessage());
            }
        }
        return gold;
    }

    /** The agreement of a dataset's verdicts, as {@link Dataset#verdicts()} reads them. */
    public static Agreement of(Dataset.Verdicts judged) {
        return of(judged.verdicts(), judged.gold(), judged.finals());
    }

    /**
     * The agreement of {@code verdicts}, given the gold tasks' known verdicts and each task's final state (a
     * disagreement is settled when its final state is a decision).
     */
    public static Agreement of(List<Verdict> verdicts, Map<String, ReviewState> gold, Map<String, ReviewState> finalStates) {
        Map<String, Map<String, ReviewState>> byTask = new TreeMap<>();
        Set<String> reviewers = new TreeSet<>();
        for (Verdict v : verdicts) {
            byTask.computeIfAbsent(v.taskId(), k -> new TreeMap<>()).put(v.reviewer(), v.verdict());
            reviewers.add(v.reviewer());
        }
        List<String> names = new ArrayList<>(reviewers);
        List<Pair> pairs = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            for (int j = i + 1; j < names.size(); j++) {
                pairs.add(kappa(names.get(i), names.get(j), byTask));
            }
        }
        Map<String, Gold> accuracy = new TreeMap<>();
        for (Verdict v : verdicts) {
            ReviewState known = gold.get(v.taskId());
            if (known != null) {
                Gold g = accuracy.getOrDefault(v.reviewer(), new Gold(0, 0));
                accuracy.put(v.reviewer(), new Gold(g.judged() + 1, g.right() + (known == v.verdict() ? 1 : 0)));
            }
        }
        List<Disagreement> disagreements = new ArrayList<>();
        long units = 0;
        for (Map.Entry<String, Map<String, ReviewState>> task : byTask.entrySet()) {
            if (task.getValue().size() >= 2) {
                units++;
            }
            if (new TreeSet<>(task.getValue().values()).size() > 1) {
                ReviewState state = finalStates.get(task.getKey());
                boolean decided = state == ReviewState.APPROVED || state == ReviewState.REJECTED || state == ReviewState.NEEDS_FIX;
                disagreements.add(new Disagreement(task.getKey(), task.getValue(), decided ? state : null));
            }
        }
        return new Agreement(pairs, alpha(byTask.values()), units, accuracy, disagreements);
    }

    /** Cohen's kappa: (observed agreement - agreement by chance) / (1 - agreement by chance), chance from each one's own rates. */
    private static Pair kappa(String a, String b, Map<String, Map<String, ReviewState>> byTask) {
        long n = 0;
        long same = 0;
        Map<ReviewState, Long> countA = new HashMap<>();
        Map<ReviewState, Long> countB = new HashMap<>();
        for (Map<String, ReviewState> task : byTask.values()) {
            ReviewState x = task.get(a);
            ReviewState y = task.get(b);
            if (x != null && y != null) {
                n++;
                same += x == y ? 1 : 0;
                countA.merge(x, 1L, Long::sum);
                countB.merge(y, 1L, Long::sum);
            }
        }
        if (n == 0) {
            return new Pair(a, b, 0, Double.NaN);
        }
        double observed = (double) same / n;
        double chance = 0;
        for (Map.Entry<ReviewState, Long> entry : countA.entrySet()) {
            chance += (entry.getValue() / (double) n) * (countB.getOrDefault(entry.getKey(), 0L) / (double) n);
        }
        return new Pair(a, b, n, chance == 1 ? Double.NaN : (observed - chance) / (1 - chance));
    }

    /**
     * Krippendorff's alpha for nominal values: 1 - observed / expected disagreement, from the coincidences of the
     * values within each task judged at least twice (each ordered pair of verdicts weighted 1 / (verdicts - 1)).
     */
    private static double alpha(Iterable<Map<String, ReviewState>> tasks) {
        Map<ReviewState, Double> totals = new HashMap<>();
        double disagreeing = 0;
        double n = 0;
        for (Map<String, ReviewState> task : tasks) {
            int m = task.size();
            if (m < 2) {
                continue;
            }
            Map<ReviewState, Long> counts = new HashMap<>();
            task.values().forEach(v -> counts.merge(v, 1L, Long::sum));
            for (Map.Entry<ReviewState, Long> c : counts.entrySet()) {
                totals.merge(c.getKey(), (double) c.getValue(), Double::sum);
                // ordered pairs of this value with a different one, weighted by 1 / (m - 1)
                disagreeing += c.getValue() * (m - c.getValue()) / (double) (m - 1);
            }
            n += m;
        }
        double expected = 0;
        for (Map.Entry<ReviewState, Double> c : totals.entrySet()) {
            expected += c.getValue() * (n - c.getValue());
        }
        if (n < 2 || expected == 0) {
            return Double.NaN;
        }
        return 1 - (n - 1) * disagreeing / expected;
    }
}
