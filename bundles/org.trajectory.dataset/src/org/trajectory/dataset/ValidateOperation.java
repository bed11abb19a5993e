package org.trajectory.dataset;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import org.trajectory.model.Json;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.Words;
import org.trajectory.model.action.ActionCheck;
import org.trajectory.model.action.CodeProblem;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Finds every action-language error, every missing or damaged image, and what an import or a build noted about a
 * step when it stored it (an image it refused, from {@code step_problems}; an event left out, from the step's own
 * {@code build_problems}), per task and step: whatever {@code import} and {@code build} check, validate checks again
 * or remembers. Then every integrity check of the {@code checks} catalogue ({@link IntegrityChecks}) looks at each
 * task. Records are checked for their shape on import, so a stored record always has one; what is checked here is
 * their content. Each stored image file is read once and walked whole. Every finding has the id of the check that made
 * it and a severity: errors fail validation, warnings are listed beside them (among them each task whose personal data,
 * found by {@code scrub}, is not reviewed yet).
 *
 * @since 0.1
 */
public final class ValidateOperation extends DatasetOperation<ValidateOperation.Report> {

    /** The findings a report keeps to list; beyond them it only counts (a broken import can have millions). */
    public static final int LISTED_PROBLEMS = 10_000;

    private final Consumer<Finding> each;

    public ValidateOperation(Dataset dataset) {
        this(dataset, finding -> {
        });
    }

    /** A validation that also hands each finding to {@code each} as it is found, all of them, for a stream of findings. */
    public ValidateOperation(Dataset dataset, Consumer<Finding> each) {
        super(dataset, "Validating " + dataset.address());
        this.each = each;
    }

    /**
     * One thing validation found: the check that found it (its id), how grave it is, and the problem with its task
     * ({@code source}, or "dataset", or empty for the whole dataset) and step.
     */
    public record Finding(String check, IntegrityCheck.Severity severity, Problem problem) {

        /** As a line: {@code task: step N: [warning: ]message [check]}. */
        @Override
        public String toString() {
            Problem shown = new Problem(problem.source(), problem.line(), problem.step(),
                    (severity == IntegrityCheck.Severity.WARNING ? "warning: " : "") + problem.message() + " [" + check + "]");
            return shown.toString();
        }
    }

    /**
     * What validation found: the first {@value #LISTED_PROBLEMS} findings, how many errors (the problems) and warnings
     * there are in all and on how many tasks, and whether it was cancelled before it checked every step.
     */
    public record Report(DatasetAddress dataset, List<Finding> findings, long problemCount, long warningCount, int tasks, boolean cancelled)
            implements org.trajectory.model.operation.Report {

        /** The errors listed; warnings are in {@link #findings()}. */
        @Override
        public List<Problem> problems() {
            return findings.stream().filter(f -> f.severity() == IntegrityCheck.Severity.ERROR).map(Finding::problem).toList();
        }

        @Override
        public String summary() {
            return (problemCount == 0 ? "no problems" : Words.count(problemCount, "problem") + " in " + Words.count(tasks, "task"))
                    + (warningCount == 0 ? "" : ", " + Words.count(warningCount, "warning"))
                    + (cancelled ? " in the steps checked before it was cancelled" : "");
        }

        @Override
        public Map<String, Object> json() {
            return Json.fields("problems", problemCount, "warnings", warningCount, "tasks", tasks, "cancelled", cancelled, "listed",
                    findings.stream().map(f -> Json.fields("task_id", f.problem().source(), "step", f.problem().step(), "check", f.check(),
                            "severity", f.severity().word(), "message", f.problem().message())).toList());
        }
    }

    @Override
    public Report run(Progress progress) throws SQLException {
        List<Finding> listed = new ArrayList<>();
        Set<String> tasks = new HashSet<>();
        long[] counts = new long[2];
        new Walk(dataset, finding -> {
            if (finding.severity() == IntegrityCheck.Severity.ERROR) {
                counts[0]++;
                tasks.add(finding.problem().source());
            } else {
                counts[1]++;
            }
            if (listed.size() < LISTED_PROBLEMS) {
                listed.add(finding);
            }
            each.accept(finding);
        }).run(progress);
        return new Report(dataset.address(), List.copyOf(listed), counts[0], counts[1], tasks.size(), progress.isCancelled());
    }

    /** One pass over the dataset's steps, task by task, with the checks of the catalogue. */
    private static final class Walk {
        private final Dataset dataset;
        private final Consumer<Finding> sink;
        private final Map<String, String> checkedImages = new HashMap<>(); // sha to its problem, "" when sound
        private final List<Active> checks = new ArrayList<>();

        /** A check at work: its id and severity, and its run over this dataset. */
        private record Active(String id, IntegrityCheck.Severity severity, IntegrityCheck.Run run) {
        }

        Walk(Dataset dataset, Consumer<Finding> sink) {
            this.dataset = dataset;
            this.sink = sink;
        }

        private void found(String check, IntegrityCheck.Severity severity, String taskId, int step, String message) {
            sink.accept(new Finding(check, severity, new Problem(taskId, 0, step, message)));
        }

        private void error(String check, String taskId, int step, String message) {
            found(check, IntegrityCheck.Severity.ERROR, taskId, step, message);
        }

        void run(Progress progress) throws SQLException {
            long total = dataset.stats().steps();
            progress.begin("Validating " + Words.count(total, "step"), total, "steps");
            String unfinished = dataset.unfinishedCopy();
            if (unfinished != null) {
                error("unfinished-copy", "dataset", -1, dataset.address() + " is " + unfinished);
            }
            startChecks();
            // A task whose record says another number of steps than it holds (steps lost outside the workbench).
            try (Statement statement = dataset.connection().createStatement(); ResultSet wrong = statement.executeQuery(
                    "SELECT t.task_id, t.step_count, COUNT(s.position) FROM trajectories t LEFT JOIN steps s ON s.task_seq = t.seq"
                            + " GROUP BY t.seq, t.task_id, t.step_count HAVING COUNT(s.position) <> t.step_count ORDER BY t.seq")) {
                while (wrong.next()) {
                    error("step-count", wrong.getString(1), -1, "its record says " + Words.count(wrong.getLong(2), "step")
                            + " and the dataset holds " + wrong.getLong(3) + " (steps were removed or added outside the workbench)");
                }
            }
            try (PreparedStatement query = dataset.connection().prepareStatement("SELECT t.task_id, s.position, s.record,"
                    + " s.image_name, s.image_sha256, t.seq, t.header FROM trajectories t JOIN steps s ON s.task_seq = t.seq ORDER BY t.seq, s.position");
                    PreparedStatement noted = dataset.connection().prepareStatement(
                            "SELECT task_seq, position, message FROM step_problems ORDER BY task_seq, position");
                    ResultSet rows = query.executeQuery(); ResultSet notes = noted.executeQuery()) {
                // Both cursors walk in (task, step) order: one pass.
                boolean noteLeft = notes.next();
                TaskSteps task = null;
                while (rows.next()) {
                    String taskId = rows.getString(1);
                    int position = rows.getInt(2);
                    long seq = rows.getLong(6);
                    if (task == null || task.seq != seq) {
                        checkTask(task);
                        task = new TaskSteps(seq, taskId, rows.getString(7));
                    }
                    boolean imageNoted = false; // import said what is wrong with the image: "missing" would say less
                    while (noteLeft && (notes.getLong(1) < seq || notes.getLong(1) == seq && notes.getInt(2) <= position)) {
                        if (notes.getLong(1) == seq && notes.getInt(2) == position) {
                            error("import", taskId, position, notes.getString(3));
                            imageNoted = true;
                        }
                        noteLeft = notes.next();
                    }
                    JsonNode step = checkStep(taskId, position, rows.getString(3), rows.getString(4), rows.getString(5), imageNoted);
                    if (step instanceof ObjectNode object) {
                        task.steps.add(object);
                        task.images.add(rows.getString(5));
                    }
                    progress.worked(1);
                    if (progress.isCancelled()) {
                        return; // a task seen in part would be judged on what was not seen
                    }
                }
                checkTask(task);
            }
            for (Active check : checks) {
                check.run().finish((taskId, step, message) -> found(check.id(), check.severity(), taskId, step, message));
            }
            unreviewedPersonalData();
        }

        /** Personal data found and not reviewed yet: no fault of the data, but exports leave the task out until it is. */
        private void unreviewedPersonalData() throws SQLException {
            for (Map.Entry<String, StoredScrub> scrub : new java.util.TreeMap<>(dataset.scrubs().all()).entrySet()) {
                if (scrub.getValue().unreviewed() > 0) {
                    found("personal-data", IntegrityCheck.Severity.WARNING, scrub.getKey(), -1, Words.count(scrub.getValue().unreviewed(),
                            "finding") + " of personal data not reviewed yet: exports leave the task out until they are (review them in"
                            + " the editor, or export with personal_data=redact-unreviewed)");
                }
            }
        }

        private void startChecks() {
            for (IntegrityChecks.Descriptor descriptor : IntegrityChecks.get().all()) {
                try {
                    checks.add(new Active(descriptor.id(), descriptor.severity(), descriptor.check().start()));
                } catch (RuntimeException e) {
                    error("checks", "dataset", -1, "the check '" + descriptor.id() + "' could not be run: " + e.getMessage());
                }
            }
        }

        /** A task's steps as the walk gathers them. */
        private static final class TaskSteps {
            final long seq;
            final String taskId;
            final String header;
            final List<ObjectNode> steps = new ArrayList<>();
            final List<String> images = new ArrayList<>();

            TaskSteps(long seq, String taskId, String header) {
                this.seq = seq;
                this.taskId = taskId;
                this.header = header;
            }
        }

        /** Runs the catalogue's checks on a whole task. */
        private void checkTask(TaskSteps gathered) {
            if (gathered == null || checks.isEmpty()) {
                return;
            }
            Task task;
            try {
                task = Task.assemble((ObjectNode) Json.MAPPER.readTree(gathered.header), gathered.steps);
            } catch (IOException | RecordFormatException | ClassCastException e) {
                return; // a record's shape is checked on import; a stored step that is not JSON is said by checkStep
            }
            IntegrityCheck.CheckedTask checked = new IntegrityCheck.CheckedTask(task, gathered.images);
            for (Active check : checks) {
                try {
                    check.run().task(checked, (taskId, step, message) -> found(check.id(), check.severity(), taskId, step, message));
                } catch (RuntimeException e) {
                    error("checks", gathered.taskId, -1, "the check '" + check.id() + "' failed on it: " + e);
                }
            }
        }

        /** The problems of one stored step: its record, the doubts its build noted, its code, its image; the step's JSON, or null. */
        private JsonNode checkStep(String taskId, int position, String record, String name, String sha, boolean imageNoted) {
            JsonNode step;
            try {
                step = Json.MAPPER.readTree(record);
            } catch (IOException e) {
                error("stored-step", taskId, position, "stored step is not JSON: " + e.getMessage());
                return null;
            }
            for (JsonNode doubt : step.path(Step.BUILD_PROBLEMS)) {
                error("build", taskId, position, doubt.asText());
            }
            String code = step.path(Step.VALUE).path(Step.CODE).asText();
            for (CodeProblem problem : ActionCheck.problems(code)) {
                error("code", taskId, position, "code " + problem);
            }
            if (name != null && sha == null && !imageNoted) {
                error("image", taskId, position, "image '" + name + "' is missing");
            } else if (sha != null) {
                String damage = checkedImages.computeIfAbsent(sha, h -> check(dataset.images(), h));
                if (!damage.isEmpty()) {
                    error("image", taskId, position, "image '" + name + "' " + damage);
                }
            }
            return step;
        }
    }

    /** What is wrong with a stored image file, or "" when it is whole. */
    private static String check(ImageStore store, String sha) {
        try {
            ImageFormat.inspect(store.read(sha));
            return "";
        } catch (NoSuchFileException e) {
            return "is gone from " + store.describe() + " (" + store.where(sha) + ")";
        } catch (IOException e) {
            return "cannot be read from " + store.describe() + ": " + e.getMessage();
        } catch (ImageFormat.InvalidImageException e) {
            return "is damaged in " + store.describe() + " (" + store.where(sha) + "): it " + e.getMessage();
        }
    }
}
