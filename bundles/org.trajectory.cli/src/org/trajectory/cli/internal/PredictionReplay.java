package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.StoredReplay;
import org.trajectory.model.Folders;
import org.trajectory.model.Json;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.replay.ReplayOperation;

/**
 * {@code evaluate --replay}: each predicted trajectory replayed from its reference task's first screen, and whether it
 * reaches the reference's final screen, as Sharingan's Table VII reports next to precision and recall. Its fields join
 * the evaluation's JSON as {@code replay}.
 */
final class PredictionReplay {

    private PredictionReplay() {
    }

    static Map<String, Object> run(DatasetAddress reference, DatasetAddress predicted, Map<String, String> mapping, boolean json,
            PrintStream out, PrintStream err) throws Exception {
        if (reference instanceof DatasetAddress.Folder folder && !Files.isDirectory(folder.path())) {
            throw new OptionsCommand.UsageException("--replay needs the reference as a dataset (its tasks' setups and screenshots), not a file");
        }
        Map<String, List<String>> predictions = new LinkedHashMap<>();
        Map<String, Task> byId = predictedTasks(predicted);
        try (Dataset dataset = DatasetOptions.open(reference, err)) {
            for (String referenceId : dataset.taskIds()) {
                Task task = byId.get(mapping == null ? referenceId : mapping.getOrDefault(referenceId, referenceId));
                if (task != null) {
                    predictions.put(referenceId, task.steps().stream().map(Step::code).map(code -> code == null ? "" : code).toList());
                }
            }
            Path work = Files.createTempDirectory("trajectory-replay");
            TerminalProgress progress = new TerminalProgress(err);
            ReplayOperation.Report report;
            try {
                report = new ReplayOperation(dataset, ReplayOperation.Options.predictions(predictions, null, work)).run(progress);
            } finally {
                progress.finish();
            }
            if (report.results().stream().anyMatch(result -> result.outcome().equals(StoredReplay.NOT_STARTED))) {
                err.println("evaluate: the replay environments' logs (X server, window manager, each application) are in " + work);
            } else {
                Folders.deleteTree(work); // the logs matter only when an environment could not start
            }
            List<Map<String, Object>> tasks = new ArrayList<>();
            long reached = 0;
            for (ReplayOperation.TaskResult result : report.results()) {
                boolean success = result.outcome().equals(StoredReplay.REPLAYED);
                reached += success ? 1 : 0;
                tasks.add(Json.fields("reference_id", result.taskId(), "reached_final_screen", success, "outcome", result.outcome(),
                        "message", result.message()));
            }
            if (!json) {
                out.println("replayed " + report.results().size() + " predictions from their reference's first screen: " + reached
                        + " reached its final screen");
            }
            return Map.of("replay", Json.fields("predictions", report.results().size(), "reached_final_screen", reached, "tasks", tasks));
        }
    }

    /** The predicted tasks by id: a dataset's, or a JSONL file's (its malformed lines left to the evaluation to report). */
    private static Map<String, Task> predictedTasks(DatasetAddress predicted) throws IOException, SQLException {
        Map<String, Task> tasks = new LinkedHashMap<>();
        if (predicted instanceof DatasetAddress.Folder folder && Files.isRegularFile(folder.path())) {
            for (String line : Files.readAllLines(folder.path())) {
                try {
                    if (!line.isBlank()) {
                        Task task = Task.parse(line);
                        tasks.put(task.taskId(), task);
                    }
                } catch (RecordFormatException e) {
                    // the evaluation lists it with its line
                }
            }
            return tasks;
        }
        try (Dataset dataset = Dataset.open(predicted)) {
            for (String id : dataset.taskIds()) {
                tasks.put(id, dataset.read(id));
            }
        }
        return tasks;
    }
}
