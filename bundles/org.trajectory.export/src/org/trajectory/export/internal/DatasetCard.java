package org.trajectory.export.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ReviewGrades;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.StoredRecords.StoredStep;
import org.trajectory.dataset.TaskFacts;
import org.trajectory.export.Selection;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.Words;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/**
 * The {@code README.md} of a Hugging Face dataset folder: YAML front matter the Hub reads (license, language, task
 * categories, tags, size category, and {@code configs} whose {@code data_files} let its viewer load each split), then
 * what a reader needs, every number counted from the records as they were exported.
 */
public final class DatasetCard {

    /** The front matter's key that says what the export did with personal data: {@code redacted} and {@code unscrubbed_tasks}. */
    public static final String PERSONAL_DATA_KEY = "trajectory_workbench_personal_data";
    private static final Pattern FRONT_MATTER = Pattern.compile("(?s)\\A---\\n(.*?)\\n---\\n");

    /**
     * Why an export folder may not be published as it is, or null: its card says it kept personal data, or holds tasks
     * never scrubbed, or does not say (not a folder this workbench exported).
     */
    public static String unpublishable(Path folder) throws IOException {
        Path readme = folder.resolve("README.md");
        String text = Files.isRegularFile(readme) ? Files.readString(readme) : "";
        Matcher front = FRONT_MATTER.matcher(text);
        JsonNode said = front.find() ? YAML.readTree(front.group(1)).path(PERSONAL_DATA_KEY) : null;
        if (said == null || !said.isObject()) {
            return "its card (README.md) does not say whether personal data was redacted: it was not exported by this workbench's"
                    + " Hugging Face exporter";
        }
        if (!said.path("redacted").asBoolean()) {
            return "it was exported with personal_data=keep: its records and screenshots hold personal data as recorded";
        }
        long unscrubbed = said.path("unscrubbed_tasks").asLong();
        return unscrubbed > 0 ? "it holds " + Words.count(unscrubbed, "task") + " never scrubbed for personal data" : null;
    }

    private static final YAMLMapper YAML = YAMLMapper.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).build();
    private static final String[] REASONING = { Step.OBSERVATION, Step.THOUGHT, Step.ACTION, Step.REFLECTION };

    private long tasks;
    private long steps;
    private long images;
    private long imageBytes;
    /** Personal data redacted, by kind; null when the export did not redact. */
    private Map<String, Long> redacted;
    private long unscrubbed;
    private final List<Integer> stepCounts = new ArrayList<>();
    private final Map<String, Long> actions = new TreeMap<>();
    private final Map<String, Long> oses = new TreeMap<>();
    private final Map<String, Long> domains = new TreeMap<>();
    private final Map<String, Long> reviews = new LinkedHashMap<>();
    private final Map<String, Long> origins = new TreeMap<>();
    private final Map<String, Long> reasoning = new LinkedHashMap<>();
    private final long[] finalScores = new long[10];
    private long scored;
    private final Map<String, double[]> criteria = new TreeMap<>(); // sum, count
    private final Map<String, java.util.Set<String>> criterionVersions = new TreeMap<>();
    private final Map<String, Long> extractionModels = new TreeMap<>();
    private final Map<String, Long> annotators = new TreeMap<>();
    private long reasonedByUnknown;
    /** Tasks by accept level, and each rubric criterion's sum and count, from the records' grades. */
    private final Map<String, Long> acceptLevels = new TreeMap<>();
    private final Map<String, double[]> rubric = new LinkedHashMap<>();
    private long graded;
    private long withoutImage;
    private long completed;
    private long completedKnown;

    /** Counts one exported task: its facts, its record as stored (before any stripping), its steps. */
    void add(TaskFacts facts, ObjectNode record, List<StoredStep> stored) {
        tasks++;
        stepCounts.add(stored.size());
        steps += stored.size();
        for (StoredStep step : stored) {
            for (String action : step.actions() == null || step.actions().isBlank() ? new String[0] : step.actions().split(" ")) {
                actions.merge(action, 1L, Long::sum);
            }
            if (step.imageSha256() == null) {
                withoutImage++;
            }
        }
        boolean reasoned = false;
        for (JsonNode step : record.path(Task.TRAJ)) {
            for (String field : REASONING) {
                if (!step.path(Step.VALUE).path(field).asText("").isBlank()) {
                    reasoning.merge(field, 1L, Long::sum);
                    reasoned = true;
                }
            }
        }
        JsonNode by = record.path(Task.ANNOTATED_BY);
        if (by.isTextual() && !by.asText().isBlank()) {
            annotators.merge(by.asText(), 1L, Long::sum);
        } else if (reasoned) {
            reasonedByUnknown++;
        }
        oses.merge(facts.os() == null || facts.os().isBlank() ? "(not given)" : facts.os(), 1L, Long::sum);
        domains.merge(facts.domain() == null || facts.domain().isBlank() ? "(not given)" : facts.domain(), 1L, Long::sum);
        reviews.merge(facts.review().id(), 1L, Long::sum);
        grades(record);
        String origin = facts.origin().id() + (facts.extractionMethod() == null ? "" : " (" + facts.extractionMethod() + ")");
        origins.merge(origin, 1L, Long::sum);
        JsonNode model = record.path(Task.EXTRACTION).path("model");
        if (model.isTextual()) {
            extractionModels.merge(model.asText(), 1L, Long::sum);
        }
        if (facts.finalScore() != null) {
            scored++;
            finalScores[Math.min(9, Math.max(0, (int) (facts.finalScore() * 10)))]++;
        }
        record.path(Task.SCORES).fields().forEachRemaining(score -> {
            if (score.getValue().isNumber() && !score.getKey().equals(Dataset.FINAL_SCORE)) {
                double[] sum = criteria.computeIfAbsent(score.getKey(), k -> new double[2]);
                sum[0] += score.getValue().asDouble();
                sum[1]++;
            }
        });
        record.path(Dataset.SCORE_DETAILS).fields().forEachRemaining(detail -> {
            String version = detail.getValue().path("version").asText("");
            if (!version.isEmpty()) {
                criterionVersions.computeIfAbsent(detail.getKey(), k -> new java.util.TreeSet<>()).add(version);
            }
        });
        JsonNode done = record.path(Task.TASK_COMPLETED);
        if (done.isBoolean()) {
            completedKnown++;
            completed += done.asBoolean() ? 1 : 0;
        }
    }

    private void personalData(StringBuilder card) {
        card.append("\n## Personal data\n\n");
        if (redacted == null) {
            card.append("Not redacted: the records and screenshots are as they were recorded.\n");
            return;
        }
        card.append("Personal data found by the workbench's scrub (detectors over every text and the OCR of every screenshot) and kept by"
                + " a reviewer was redacted: texts carry placeholders such as `<EMAIL_1>`, the same one wherever the same data occurs"
                + " in a task, and screenshots a filled box.\n\n").append(counts(redacted, "kind", "redacted"));
        if (unscrubbed > 0) {
            card.append("\n").append(Words.count(unscrubbed, "task")).append(" were never scrubbed.\n");
        }
    }

    /** The screenshots written, and their bytes. */
    void images(long count, long bytes) {
        images = count;
        imageBytes = bytes;
    }

    long tasks() {
        return tasks;
    }

    /** Counts what a task's redaction replaced (null: the export redacts nothing), and the tasks never scrubbed. */
    void redacted(Map<String, Integer> counts, boolean scrubbed) {
        if (redacted == null) {
            redacted = new TreeMap<>();
        }
        counts.forEach((kind, count) -> redacted.merge(kind, (long) count, Long::sum));
        unscrubbed += scrubbed ? 0 : 1;
    }

    /** One config of the front matter: its name and, for each split, the file that holds it. */
    record Config(String name, Map<String, List<String>> splitFiles) {
    }

    /**
     * The card's text. {@code weights} are those of the scoring run behind the final scores (criterion to weight), null
     * when the dataset does not say.
     */
    String text(String title, String license, List<Config> configs, Selection selection, boolean stripped, Map<String, Double> weights)
            throws IOException {
        StringBuilder card = new StringBuilder("---\n").append(YAML.writeValueAsString(frontMatter(title, license, configs))).append("---\n\n");
        card.append("# ").append(title).append("\n\n");
        card.append("Trajectories of people doing tasks on a computer, one JSON record per task in the AgentNet format: the task,"
                + " and for every step a screenshot, the PyAutoGUI code of the action (coordinates normalized to [0,1]) and the"
                + " reasoning around it. Exported by Trajectory Workbench.\n\n");
        contents(card, selection);
        quality(card, weights);
        card.append("\n## How it was made\n\n").append(counts(origins, "origin", "tasks"));
        card.append("\nRecorded tasks come from the workbench's recorder (screen video, input events and the active window on one"
                + " clock), turned into steps by its trajectory builder; each step's screenshot is the video frame just before"
                + " the action. Extracted tasks were found in screen videos without input events.\n");
        if (!extractionModels.isEmpty()) {
            card.append("\nModels used for extraction: ").append(join(extractionModels)).append(".\n");
        }
        personalData(card);
        card.append("\n## Known limits\n\n");
        limits(selection, stripped).forEach(limit -> card.append("- ").append(limit).append('\n'));
        card.append("\n## Format\n\nEach line of a JSONL file is one task: `task_id`, `instruction`, the scores, and `traj`, a list of"
                + " steps `{index, image, value: {code, observation, thought, action, reflection, last_step_correct,"
                + " last_step_redundant}}`. `image` names a PNG inside the zip archives under `images/`; every archive opens on"
                + " its own.\n");
        return card.toString();
    }

    /** The YAML the Hub reads: license, language, tags, size, and each configuration's files by split. */
    private Map<String, Object> frontMatter(String title, String license, List<Config> configs) {
        Map<String, Object> front = new LinkedHashMap<>();
        front.put("license", license);
        front.put("language", List.of("en"));
        front.put("task_categories", List.of("image-text-to-text"));
        front.put("tags", List.of("computer-use", "agent", "gui", "trajectory-workbench"));
        front.put("pretty_name", title);
        front.put("size_categories", List.of(sizeCategory(tasks)));
        List<Map<String, Object>> configList = new ArrayList<>();
        for (Config config : configs) {
            List<Map<String, Object>> files = new ArrayList<>();
            config.splitFiles().forEach((split, paths) -> files.add(Map.of("split", split, "path", paths.size() == 1 ? paths.get(0) : paths)));
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("config_name", config.name());
            entry.put("data_files", files);
            configList.add(entry);
        }
        front.put("configs", configList);
        // read back by push, which refuses a folder that kept personal data unless told
        front.put(PERSONAL_DATA_KEY, Map.of("redacted", redacted != null, "unscrubbed_tasks", unscrubbed));
        return front;
    }

    /** What the dataset holds: counts, splits, action types, systems, domains, and who wrote the reasoning. */
    private void contents(StringBuilder card, Selection selection) {
        card.append("## Contents\n\n");
        card.append(table(List.of(
                row("tasks", tasks), row("steps", steps), row("screenshots", images + " (" + megabytes(imageBytes) + ")"),
                row("steps per task", stepSummary()),
                row("task completed", completedKnown == 0 ? "not judged" : completed + " of " + completedKnown + " judged"))));
        if (selection.split()) {
            card.append("\n### Splits\n\n");
            List<String[]> rows = new ArrayList<>();
            selection.partCounts().forEach((split, count) -> rows.add(row(split, count)));
            card.append(table(rows));
            card.append("\nSplits are made by task id (deterministic) and keep near-duplicate tasks together: ")
                    .append(Words.count(selection.nearDuplicateGroups(), "group")).append(" of near-duplicate tasks (")
                    .append(Words.count(selection.nearDuplicateTasks(), "task")).append(") each sit in one split.\n");
        }
        card.append("\n### Action types\n\n").append(counts(actions, "action", "count"));
        card.append("\n### Operating systems\n\n").append(counts(oses, "OS", "tasks"));
        card.append("\n### Domains\n\n").append(counts(domains, "domain", "tasks"));
        card.append("\n### Reasoning\n\nSteps with each field written:\n\n");
        Map<String, Long> reasoningShare = new LinkedHashMap<>();
        for (String field : REASONING) {
            reasoningShare.put(field, reasoning.getOrDefault(field, 0L));
        }
        card.append(counts(reasoningShare, "field", "steps"));
        if (!annotators.isEmpty()) {
            card.append("\nWho wrote the reasoning (the annotator; for a model, its name and the first digits of the SHA-256 of its"
                    + " prompts, so tasks written by different prompt versions can be told apart):\n\n")
                    .append(counts(annotators, "annotator", "tasks"));
        }
    }

    private void grades(ObjectNode record) {
        if (!record.has(ReviewGrades.FIELD)) {
            return;
        }
        graded++;
        ReviewGrades grades = ReviewGrades.of(record.get(ReviewGrades.FIELD));
        if (grades.acceptLevel() != null) {
            acceptLevels.merge(Integer.toString(grades.acceptLevel()), 1L, Long::sum);
        }
        for (int i = 0; i < ReviewGrades.RUBRIC.length; i++) {
            Integer grade = grades.rubric()[i];
            if (grade != null) {
                double[] sum = rubric.computeIfAbsent(ReviewGrades.RUBRIC[i], c -> new double[2]);
                sum[0] += grade;
                sum[1]++;
            }
        }
    }

    /** The reviewers' grades: tasks by accept level, each rubric criterion's mean. */
    private void grades(StringBuilder card) {
        if (graded == 0) {
            card.append("\nNo task was graded by its reviewer (accept level, rubric).\n");
            return;
        }
        card.append("\n").append(Words.count(graded, "task")).append(graded == 1 ? " was" : " were")
                .append(" graded by their reviewer. Accept level (1 usable, 2 good, 3 exemplary):\n\n")
                .append(counts(acceptLevels, "accept level", "tasks"));
        if (!rubric.isEmpty()) {
            card.append("\nRubric (1-5), mean over the tasks graded on it:\n\n");
            List<String[]> rows = new ArrayList<>();
            rubric.forEach((criterion, sum) -> rows.add(new String[] { criterion, String.format(Locale.ROOT, "%.2f", sum[0] / sum[1]),
                    Long.toString((long) sum[1]) }));
            card.append(table(rows, "criterion", "mean", "tasks"));
        }
    }

    /** How good it is: the review states, the final scores' histogram and each criterion's mean and weight. */
    private void quality(StringBuilder card, Map<String, Double> weights) {
        card.append("\n## Quality\n\n### Review\n\n").append(counts(reviews, "review state", "tasks"));
        grades(card);
        card.append("\n### Scores\n\n");
        if (scored == 0) {
            card.append("No task was scored.\n");
        } else {
            card.append("Final score (0-1) of the ").append(scored).append(" scored tasks:\n\n");
            List<String[]> rows = new ArrayList<>();
            for (int bin = 0; bin < 10; bin++) {
                rows.add(new String[] { String.format(Locale.ROOT, "%.1f-%.1f", bin / 10.0, (bin + 1) / 10.0), Long.toString(finalScores[bin]) });
            }
            card.append(table(rows, "score", "tasks"));
            if (!criteria.isEmpty()) {
                card.append("\nMean score by criterion").append(weights == null ? ":" : ", with its weight in the last scoring run (the final"
                        + " score is 0 when the format gate fails, else the weighted mean of the criteria that gave a value):").append("\n\n");
                List<String[]> byCriterion = new ArrayList<>();
                criteria.forEach((criterion, sum) -> byCriterion.add(new String[] { criterion,
                        String.format(Locale.ROOT, "%.3f", sum[0] / sum[1]), Long.toString((long) sum[1]),
                        String.join(", ", criterionVersions.getOrDefault(criterion, java.util.Set.of())),
                        weights == null || !weights.containsKey(criterion) ? "" : String.format(Locale.ROOT, "%.2f", weights.get(criterion)) }));
                card.append(table(byCriterion, "criterion", "mean", "tasks", "version", "weight"));
            }
        }
    }

    /** What a user of the dataset should know before training on it. */
    private List<String> limits(Selection selection, boolean stripped) {
        List<String> limits = new ArrayList<>();
        if (withoutImage > 0) {
            limits.add(Words.count(withoutImage, "step") + (withoutImage == 1 ? " has" : " have") + " no screenshot.");
        }
        long unreviewed = reviews.getOrDefault(ReviewState.NEW.id(), 0L) + reviews.getOrDefault(ReviewState.IN_REVIEW.id(), 0L);
        if (unreviewed > 0) {
            limits.add(Words.count(unreviewed, "task") + (unreviewed == 1 ? " was" : " were") + " not reviewed by a person.");
        }
        long described = reasoning.getOrDefault(Step.THOUGHT, 0L);
        if (described < steps) {
            limits.add((steps - described) + " of " + Words.count(steps, "step") + (steps - described == 1 ? " has" : " have")
                    + " no thought written.");
        }
        if (reasonedByUnknown > 0) {
            limits.add("Tasks whose reasoning has no recorded author (imported, written by hand, or annotated before the workbench"
                    + " kept the annotator): " + reasonedByUnknown + ".");
        }
        if (selection.withoutEmbedding() > 0) {
            limits.add(Words.count(selection.withoutEmbedding(), "task") + " had no text embedding when split and"
                    + (selection.withoutEmbedding() == 1 ? " was" : " were") + " compared to others by identical text only.");
        }
        limits.add(stripped ? "Window titles, times and recorder details were removed; typed text marked redacted when recorded stays redacted."
                : "Records are as stored, with the workbench's own fields (window titles, times, recorder details).");
        return limits;
    }

    static String sizeCategory(long n) {
        long[] bounds = { 1_000, 10_000, 100_000, 1_000_000, 10_000_000 };
        String[] names = { "n<1K", "1K<n<10K", "10K<n<100K", "100K<n<1M", "1M<n<10M" };
        for (int i = 0; i < bounds.length; i++) {
            if (n < bounds[i]) {
                return names[i];
            }
        }
        return "n>10M";
    }

    private String stepSummary() {
        if (stepCounts.isEmpty()) {
            return "none";
        }
        int[] sorted = stepCounts.stream().mapToInt(Integer::intValue).sorted().toArray();
        return String.format(Locale.ROOT, "min %d, median %d, mean %.1f, max %d", sorted[0], sorted[sorted.length / 2],
                Arrays.stream(sorted).average().orElse(0), sorted[sorted.length - 1]);
    }

    private static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
    }

    private static String join(Map<String, Long> counts) {
        return counts.entrySet().stream().map(e -> e.getKey() + " (" + e.getValue() + ")").collect(Collectors.joining(", "));
    }

    private static String[] row(String name, Object value) {
        return new String[] { name, String.valueOf(value) };
    }

    private static String counts(Map<String, Long> counts, String what, String unit) {
        if (counts.isEmpty()) {
            return "None.\n";
        }
        List<Map.Entry<String, Long>> sorted = new ArrayList<>(counts.entrySet());
        sorted.sort(Map.Entry.<String, Long>comparingByValue().reversed());
        return table(sorted.stream().map(e -> new String[] { e.getKey(), Long.toString(e.getValue()) }).toList(), what, unit);
    }

    private static String table(List<String[]> rows) {
        return table(rows, "", "");
    }

    private static String table(List<String[]> rows, String... header) {
        Function<String, String> cell = text -> text.replace("|", "\\|").replace("\n", " ");
        StringBuilder table = new StringBuilder("| ").append(String.join(" | ", header)).append(" |\n|");
        for (int i = 0; i < header.length; i++) {
            table.append("---|");
        }
        table.append('\n');
        for (String[] row : rows) {
            table.append("| ").append(Arrays.stream(row).map(cell).collect(Collectors.joining(" | "))).append(" |\n");
        }
        return table.toString();
    }
}
