package org.trajectory.evaluation.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.ImportOperation;
import org.trajectory.dataset.Importer;
import org.trajectory.dataset.Importers;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Task;
import org.trajectory.model.operation.Progress;

/**
 * Reads the trajectories to compare, by task id: from a dataset (a folder or a server), or from records in any format an
 * importer reads (an AgentNet JSONL file, AgentNetBench task files or their folder).
 */
public final class Trajectories {

    private Trajectories() {
    }

    /**
     * Every trajectory of {@code source} in its order. A record that is not a task is reported as "file:line: what is
     * wrong" and the rest is read; a task id seen before is reported and the first one kept.
     */
    public static Map<String, Trajectory> read(DatasetAddress address, List<String> problems, Progress progress) throws IOException, SQLException {
        return read(address, problems, true, progress);
    }

    /** The same; {@code codeProblems} false leaves out the steps whose code does not parse (for code read another way). */
    public static Map<String, Trajectory> read(DatasetAddress address, List<String> problems, boolean codeProblems, Progress progress)
            throws IOException, SQLException {
        List<String> codeSink = codeProblems ? problems : new ArrayList<>();
        if (!(address instanceof DatasetAddress.Folder(Path source)) || Files.isRegularFile(source.resolve(Dataset.DATABASE))) {
            return readDataset(address, codeSink, progress);
        }
        if (!Files.exists(source)) {
            throw new NoSuchFileException(source.toString(), null, "no such dataset folder or JSONL file");
        }
        Importer importer = importerOf(source);
        if (importer == null) {
            return readDataset(address, codeSink, progress); // a folder nothing reads: says it is not a dataset
        }
        Map<String, Trajectory> trajectories = new LinkedHashMap<>();
        Map<String, String> first = new LinkedHashMap<>();
        try (Importer.Records records = importer.open(source, ImportOperation.DEFAULT_MAX_LINE_BYTES)) {
            progress.begin("Reading " + source.getFileName(), records.size(), "B");
            long done = 0;
            for (Importer.Record record = records.next(); record != null; record = records.next()) {
                progress.worked(records.position() - done);
                done = records.position();
                String where = (Files.isDirectory(source) ? source.resolve(record.file()) : source) + (record.line() > 0 ? ":" + record.line() : "");
                if (record.error() != null) {
                    problems.add(where + ": " + record.error() + "; the line was left out");
                    continue;
                }
                String line = new String(record.json(), StandardCharsets.UTF_8);
                if (line.isBlank()) {
                    continue;
                }
                try {
                    Task task = Task.parse(line);
                    String before = first.putIfAbsent(task.taskId(), where);
                    if (before != null) {
                        problems.add(where + ": task " + task.taskId() + " appears already at " + before + "; the first is kept");
                    } else {
                        trajectories.put(task.taskId(), Trajectory.of(task, where, codeSink));
                    }
                } catch (RecordFormatException e) {
                    problems.add(where + ": " + e.getMessage() + "; the line was left out");
                }
            }
        }
        return trajectories;
    }

    /** The importer that reads {@code source}; a file none claims is read as AgentNet JSONL, line by line. */
    private static Importer importerOf(Path source) throws IOException {
        try {
            return Importers.get().readerOf(source).created();
        } catch (IllegalArgumentException e) {
            return Files.isRegularFile(source) ? Importers.get().named(Importers.AGENTNET).created() : null;
        }
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
