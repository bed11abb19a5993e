package org.trajectory.evaluation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.trajectory.model.Json;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Report;

/**
 * The outcome of an evaluation: one row per compared task, the overall tables in the papers' layouts, the tasks
 * without a counterpart and the lines that could not be read. Prints itself for people ({@link #text}) and for
 * programs ({@link #json}).
 *
 * @since 0.1
 */
public record EvaluationReport(List<TaskEvaluation> tasks, List<String> referenceOnly, List<String> predictedOnly,
        List<String> unread, Double threshold, AgentNetBench.Version version) implements Report {

    /** Sharingan's four figures, each the mean over videos (as the paper averages per video). */
    public record Means(int videos, double operationRecall, double operationPrecision, int videosWithAll, double allRecall,
            double allPrecision) {
    }

    /** True when every task had a counterpart and every line was read. */
    public boolean complete() {
        return referenceOnly.isEmpty() && predictedOnly.isEmpty() && unread.isEmpty();
    }

    /** The lines that could not be read (each names its file and line), then the tasks without a counterpart. */
    @Override
    public List<Problem> problems() {
        List<Problem> problems = new ArrayList<>();
        unread.forEach(line -> problems.add(Problem.at("", 0, line)));
        referenceOnly.forEach(id -> problems.add(Problem.at("", 0, "no predicted trajectory for the reference task " + id)));
        predictedOnly.forEach(id -> problems.add(Problem.at("", 0, "no reference for the predicted task " + id)));
        return problems;
    }

    /** The tables of {@link #text()}, for the command line and the window. */
    @Override
    public String summary() {
        return text().stripTrailing();
    }

    /** The paper's Tables II and III: one row over all videos. Null without Sharingan. */
    public Means sharingan() {
        List<Sharingan.Result> results = tasks.stream().map(TaskEvaluation::sharingan).filter(r -> r != null).toList();
        return threshold == null ? null : means(results);
    }

    /** The paper's Table VI: videos grouped by the operation of their reference actions ("mixed" when several). */
    public Map<String, Means> sharinganByCategory() {
        Map<String, List<Sharingan.Result>> groups = new TreeMap<>();
        tasks.stream().map(TaskEvaluation::sharingan).filter(r -> r != null)
                .forEach(r -> groups.computeIfAbsent(r.category(), c -> new ArrayList<>()).add(r));
        Map<String, Means> means = new LinkedHashMap<>();
        groups.forEach((category, results) -> means.put(category, means(results)));
        return means;
    }

    private static Means means(List<Sharingan.Result> results) {
        List<Sharingan.Result> withAll = results.stream().filter(r -> r.allPairs() != null).toList();
        return new Means(results.size(), mean(results.stream().mapToDouble(Sharingan.Result::operationRecall).toArray()),
                mean(results.stream().mapToDouble(Sharingan.Result::operationPrecision).toArray()), withAll.size(),
                mean(withAll.stream().mapToDouble(Sharingan.Result::allRecall).toArray()),
                mean(withAll.stream().mapToDouble(Sharingan.Result::allPrecision).toArray()));
    }

    /** AgentNetBench: the mean step score over every reference step. NaN without it. */
    public double benchScore() {
        return mean(steps().stream().mapToDouble(AgentNetBench.StepScore::total).toArray());
    }

    /** AgentNetBench per action type: the mean, over the steps whose reference has that type, of the type's score. */
    public Map<String, Double> benchByType() {
        Map<String, List<Double>> byType = new TreeMap<>();
        steps().forEach(s -> s.byType().forEach((type, score) -> byType.computeIfAbsent(type, t -> new ArrayList<>()).add(score)));
        Map<String, Double> means = new LinkedHashMap<>();
        byType.forEach((type, scores) -> means.put(type, mean(scores.stream().mapToDouble(Double::doubleValue).toArray())));
        return means;
    }

    private List<AgentNetBench.StepScore> steps() {
        return tasks.stream().filter(t -> t.steps() != null).flatMap(t -> t.steps().stream()).toList();
    }

    /** Pixel distance between paired clicks: {count, median, 90th percentile} (nearest rank); null when none. */
    public double[] clickErrors() {
        double[] errors = tasks.stream().flatMap(t -> t.clickErrorsPixels().stream()).mapToDouble(Double::doubleValue).sorted().toArray();
        return errors.length == 0 ? null : new double[] {errors.length, rank(errors, 0.5), rank(errors, 0.9)};
    }

    private static double rank(double[] sorted, double quantile) {
        return sorted[Math.max(0, (int) Math.ceil(quantile * sorted.length) - 1)];
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return values.length == 0 ? Double.NaN : sum / values.length;
    }

    /** Per-task rows, then the overall tables, as a person reads them. */
    public String text() {
        StringBuilder out = new StringBuilder();
        int width = Math.max(7, tasks.stream().mapToInt(t -> t.referenceId().length()).max().orElse(0));
        out.append(String.format(Locale.ROOT, "%-" + width + "s  %5s %5s  %-13s %-13s %s%n", "task", "ref", "pred",
                "operation R/P", "all R/P", "step score"));
        for (TaskEvaluation task : tasks) {
            Sharingan.Result s = task.sharingan();
            out.append(String.format(Locale.ROOT, "%-" + width + "s  %5s %5s  %-13s %-13s %s%n", task.referenceId(),
                    s == null ? "-" : s.reference().size(), s == null ? "-" : s.predicted().size(),
                    s == null ? "-" : pair(s.operationRecall(), s.operationPrecision()),
                    s == null ? "-" : s.allPairs() == null ? "n/a" : pair(s.allRecall(), s.allPrecision()), number(task.benchScore())));
        }
        Means overall = sharingan();
        if (overall != null) {
            out.append(String.format(Locale.ROOT, "%nSharingan (threshold %.2f), mean over videos%n", threshold));
            out.append(String.format(Locale.ROOT, "%-16s | %-17s | %-20s | %-11s | %-15s%n", "Videos", "Recall (Operation)",
                    "Precision (Operation)", "Recall (All)", "Precision (All)"));
            out.append(row("all (" + overall.videos() + ")", overall));
            sharinganByCategory().forEach((category, means) -> out.append(row(category + " (" + means.videos() + ")", means)));
            List<String> unavailable = tasks.stream().map(TaskEvaluation::sharingan).filter(r -> r != null && r.allUnavailable() != null)
                    .map(Sharingan.Result::allUnavailable).distinct().limit(3).toList();
            if (overall.videosWithAll() < overall.videos()) {
                out.append("\"All\" left out " + (overall.videos() - overall.videosWithAll()) + " videos without words to compare: "
                        + String.join("; ", unavailable) + System.lineSeparator());
            }
        }
        if (version != null) {
            out.append(String.format(Locale.ROOT, "%nAgentNetBench (%s rules), %d steps%n", version.id(), steps().size()));
            out.append(String.format(Locale.ROOT, "%-16s %s%n", "type", "score"));
            benchByType().forEach((type, score) -> out.append(String.format(Locale.ROOT, "%-16s %s%n", type, number(score))));
            out.append(String.format(Locale.ROOT, "%-16s %s%n", "step average", number(benchScore())));
            double[] clicks = clickErrors();
            if (clicks != null) {
                out.append(String.format(Locale.ROOT, "click error: median %.1f px, 90th percentile %.1f px, over %d clicks%n",
                        clicks[1], clicks[2], (int) clicks[0]));
            }
        }
        return out.toString();
    }

    private static String row(String label, Means means) {
        return String.format(Locale.ROOT, "%-16s | %-18s | %-21s | %-12s | %-15s%n", label, number(means.operationRecall()),
                number(means.operationPrecision()), number(means.allRecall()), number(means.allPrecision()));
    }

    private static String pair(double recall, double precision) {
        return number(recall) + "/" + number(precision);
    }

    private static String number(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%.2f", value);
    }

    /** The same figures for programs; NaN (not computable) is null. */
    @Override
    public Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (TaskEvaluation task : tasks) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("reference_id", task.referenceId());
            row.put("predicted_id", task.predictedId());
            Sharingan.Result s = task.sharingan();
            if (s != null) {
                row.put("reference_actions", s.reference().size());
                row.put("predicted_actions", s.predicted().size());
                row.put("category", s.category());
                row.put("operation_recall", s.operationRecall());
                row.put("operation_precision", s.operationPrecision());
                row.put("all_recall", finite(s.allRecall()));
                row.put("all_precision", finite(s.allPrecision()));
                row.put("all_unavailable", s.allUnavailable());
            }
            if (task.steps() != null) {
                row.put("step_score", finite(task.benchScore()));
                row.put("step_scores", task.steps().stream().map(AgentNetBench.StepScore::total).toList());
                row.put("extra_steps", task.extraSteps());
            }
            rows.add(row);
        }
        json.put("tasks", rows);
        Means overall = sharingan();
        if (overall != null) {
            Map<String, Object> sharingan = new LinkedHashMap<>();
            sharingan.put("threshold", threshold);
            sharingan.put("overall", means(overall));
            Map<String, Object> categories = new LinkedHashMap<>();
            sharinganByCategory().forEach((category, means) -> categories.put(category, means(means)));
            sharingan.put("by_category", categories);
            json.put("sharingan", sharingan);
        }
        if (version != null) {
            Map<String, Object> bench = new LinkedHashMap<>();
            bench.put("version", version.id());
            bench.put("steps", steps().size());
            bench.put("score", finite(benchScore()));
            bench.put("by_type", benchByType());
            double[] clicks = clickErrors();
            if (clicks != null) {
                bench.put("click_error_px", Map.of("count", (int) clicks[0], "median", clicks[1], "p90", clicks[2]));
            }
            json.put("agentnetbench", bench);
        }
        json.put("reference_only", referenceOnly);
        json.put("predicted_only", predictedOnly);
        json.put("problems", unread);
        return json;
    }

    private static Map<String, Object> means(Means means) {
        return Json.fields("videos", means.videos(), "operation_recall", finite(means.operationRecall()),
                "operation_precision", finite(means.operationPrecision()), "videos_with_all", means.videosWithAll(),
                "all_recall", finite(means.allRecall()), "all_precision", finite(means.allPrecision()));
    }

    private static Double finite(double value) {
        return Double.isNaN(value) ? null : value;
    }
}
