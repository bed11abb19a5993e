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
import org.trajectory.model.Step;
import org.trajectory.model.Words;
import org.trajectory.model.action.ActionCheck;
import org.trajectory.model.action.CodeProblem;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Finds every action-language error, every missing or damaged image, and what an import or a build noted about a
 * step when it stored it (an image it refused, from {@code step_problems}; an event left out, from the step's own
 * {@code build_problems}), per task and step: whatever {@code import} and {@code build} check, validate checks again
 * or remembers. Records are checked for their shape on import, so a stored record always has one; what is checked
 * here is their content. Each stored image file is read once and walked whole.
 *
 * @since 0.1
 */
public final class ValidateOperation extends DatasetOperation<ValidateOperation.Report> {

    /** The problems a report keeps to list; beyond them it only counts (a broken import can have millions). */
    public static final int LISTED_PROBLEMS = 10_000;

    private final Consumer<Problem> each;

    public ValidateOperation(Dataset dataset) {
        this(dataset, problem -> {
        });
    }

    /** A validation that also hands each problem to {@code each} as it is found, all of them, for a stream of findings. */
    public ValidateOperation(Dataset dataset, Consumer<Problem> each) {
        super(dataset, "Validating " + dataset.address());
        this.each = each;
    }

    /**
     * What validation found: the first {@value #LISTED_PROBLEMS} problems (each names its task and step), how many
     * there are in all and on how many tasks, and whether it was cancelled before it checked every step.
     */
    public record Report(DatasetAddress dataset, List<Problem> problems, long problemCount, int tasks, boolean cancelled)
            implements org.trajectory.model.operation.Report {

        @Override
        public String summary() {
            return (problemCount == 0 ? "no problems" : Words.count(problemCount, "problem") + " in " + Words.count(tasks, "task"))
                    + (cancelled ? " in the steps checked before it was cancelled" : "");
        }

        @Override
        public Map<String, Object> json() {
            return Json.fields("problems", problemCount, "tasks", tasks, "cancelled", cancelled, "listed", problems.stream()
                    .map(p -> Json.fields("task_id", p.source(), "step", p.step(), "message", p.message())).toList());
        }
    }

    @Override
    public Report run(Progress progress) throws SQLException {
        List<Problem> listed = new ArrayList<>();
        Set<String> tasks = new HashSet<>();
        long count = check(dataset, progress, problem -> {
            tasks.add(problem.source());
            if (listed.size() < LISTED_PROBLEMS) {
                listed.add(problem);
            }
            each.accept(problem);
        });
        return new Report(dataset.address(), List.copyOf(listed), count, tasks.size(), progress.isCancelled());
    }

    /** Reports each problem (source = task_id) to {@code sink}; returns how many there were. */
    private static long check(Dataset dataset, Progress progress, Consumer<Problem> sink) throws SQLException {
        long total = dataset.stats().steps();
        progress.begin("Validating " + Words.count(total, "step"), total, "steps");
        long count = 0;
        String unfinished = dataset.unfinishedCopy();
        if (unfinished != null) {
            sink.accept(new Problem("dataset", 0, -1, dataset.address() + " is " + unfinished));
            count++;
        }
        // A task whose record says another number of steps than it holds (steps lost outside the workbench).
        try (Statement statement = dataset.connection().createStatement(); ResultSet wrong = statement.executeQuery(
                "SELECT t.task_id, t.step_count, COUNT(s.position) FROM trajectories t LEFT JOIN steps s ON s.task_seq = t.seq"
                        + " GROUP BY t.seq, t.task_id, t.step_count HAVING COUNT(s.position) <> t.step_count ORDER BY t.seq")) {
            while (wrong.next()) {
                sink.accept(new Problem(wrong.getString(1), 0, -1, "its record says " + Words.count(wrong.getLong(2), "step")
                        + " and the dataset holds " + wrong.getLong(3) + " (steps were removed or added outside the workbench)"));
                count++;
            }
        }
        Walk walk = new Walk();
        try (PreparedStatement query = dataset.connection().prepareStatement("SELECT t.task_id, s.position, s.record,"
                + " s.image_name, s.image_sha256, t.seq FROM trajectories t JOIN steps s ON s.task_seq = t.seq ORDER BY t.seq, s.position");
                PreparedStatement noted = dataset.connection().prepareStatement(
                        "SELECT task_seq, position, message FROM step_problems ORDER BY task_seq, position");
                ResultSet rows = query.executeQuery(); ResultSet notes = noted.executeQuery()) {
            // Both cursors walk in (task, step) order: one pass.
            boolean noteLeft = notes.next();
            while (rows.next()) {
                String taskId = rows.getString(1);
                int position = rows.getInt(2);
                long seq = rows.getLong(6);
                boolean imageNoted = false; // import said what is wrong with the image: "missing" would say less
                while (noteLeft && (notes.getLong(1) < seq || notes.getLong(1) == seq && notes.getInt(2) <= position)) {
                    if (notes.getLong(1) == seq && notes.getInt(2) == position) {
                        sink.accept(new Problem(taskId, 0, position, notes.getString(3)));
                        count++;
                        imageNoted = true;
                    }
                    noteLeft = notes.next();
                }
                count += checkStep(dataset, taskId, position, rows.getString(3), rows.getString(4), rows.getString(5), imageNoted,
                        walk, sink);
                progress.worked(1);
                if (progress.isCancelled()) {
                    break;
                }
            }
        }
        return count;
    }

    /** What the walk over the steps remembers: each image's verdict (read once), and the last step's task and index. */
    private static final class Walk {
        final Map<String, String> checkedImages = new HashMap<>(); // sha to its problem, "" when sound
        String task;
        long index;
    }

    /** The problems of one stored step: its record, its index, the doubts its build noted, its code, its image; how many. */
    private static long checkStep(Dataset dataset, String taskId, int position, String record, String name, String sha, boolean imageNoted,
            Walk walk, Consumer<Problem> sink) {
        long count = 0;
        JsonNode step;
        try {
            step = Json.MAPPER.readTree(record);
        } catch (IOException e) {
            sink.accept(new Problem(taskId, 0, position, "stored step is not JSON: " + e.getMessage()));
            return 1;
        }
        JsonNode index = step.get(Step.INDEX);
        if (index != null && index.canConvertToLong()) {
            // steps numbered 13 then 15 (OpenCUA issue 40): one was lost before the data came here, or one is there twice
            if (taskId.equals(walk.task) && index.asLong() != walk.index + 1) {
                sink.accept(new Problem(taskId, 0, position, "its index is " + index.asLong() + " after " + walk.index
                        + ": a step was lost or repeated before the data came here"));
                count++;
            }
            walk.task = taskId;
            walk.index = index.asLong();
        }
        for (JsonNode doubt : step.path(Step.BUILD_PROBLEMS)) {
            sink.accept(new Problem(taskId, 0, position, doubt.asText()));
            count++;
        }
        String code = step.path(Step.VALUE).path(Step.CODE).asText();
        for (CodeProblem problem : ActionCheck.problems(code)) {
            sink.accept(new Problem(taskId, 0, position, "code " + problem));
            count++;
        }
        if (name != null && sha == null && !imageNoted) {
            sink.accept(new Problem(taskId, 0, position, "image '" + name + "' is missing"));
            count++;
        } else if (sha != null) {
            String damage = walk.checkedImages.computeIfAbsent(sha, h -> check(dataset.images(), h));
            if (!damage.isEmpty()) {
                sink.accept(new Problem(taskId, 0, position, "image '" + name + "' " + damage));
                count++;
            }
        }
        return count;
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
