package org.trajectory.evaluation.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Task;
import org.trajectory.model.operation.Progress;

/** Reads the trajectories to compare from a dataset folder or an AgentNet JSONL file, by task id. */
public final class Trajectories {

    private Trajectories() {
    }

    /**
     * Every trajectory of {@code source} in its order. A line that is not a task is reported as "file:line: what is
     * wrong" and the rest is read; a task id seen before is reported and the first one kept.
     */
    public static Map<String, Trajectory> read(DatasetAddress address, List<String> problems, Progress progress) throws IOException, SQLException {
        if (!(address instanceof DatasetAddress.Folder(Path source)) || Files.isDirectory(source)) {
            return readDataset(address, problems, progress);
        }
        if (!Files.exists(source)) {
            throw new NoSuchFileException(source.toString(), null, "no such dataset folder or JSONL file");
        }
        Map<String, Trajectory> trajectories = new LinkedHashMap<>();
        Map<String, Long> firstLine = new LinkedHashMap<>();
        progress.begin("Reading " + source.getFileName(), Files.size(source), "B");
        try (BufferedReader reader = Files.newBufferedReader(source, StandardCharsets.UTF_8)) {
            long number = 0;
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                number++;
                progress.worked(line.length() + 1);
                if (line.isBlank()) {
                    continue;
                }
                try {
                    Task task = Task.parse(line);
                    Long first = firstLine.putIfAbsent(task.taskId(), number);
                    if (first != null) {
                        problems.add(source + ":" + number + ": task " + task.taskId() + " appears already on line " + first
                                + "; the first is kept");
                    } else {
                        trajectories.put(task.taskId(), Trajectory.of(task, source + ":" + number, problems));
                    }
                } catch (RecordFormatException e) {
                    problems.add(source + ":" + number + ": " + e.getMessage() + "; the line was left out");
                }
            }
        }
        return trajectories;
    }

    private static Map<String, Trajectory> readDataset(DatasetAddress address, List<String> problems, Progress progress)
            throws IOException, SQLException {
        Map<String, Trajectory> trajectories = new LinkedHashMap<>();
        try (Dataset dataset = Dataset.open(address)) {
            List<String> ids = dataset.taskIds();
            progress.begin("Reading " + (address instanceof DatasetAddress.Folder(Path folder) ? folder.getFileName() : address), ids.size(), "tasks");
            for (String id : ids) {
                Task task = dataset.read(id);
                if (task != null) {
                    trajectories.put(id, Trajectory.of(task, address.toString(), problems));
                }
                progress.worked(1);
            }
        }
        return trajectories;
    }
}
