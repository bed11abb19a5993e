package org.trajectory.export.internal;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.trajectory.dataset.Redaction;
import org.trajectory.dataset.StoredRecords;
import org.trajectory.export.ExportJob;
import org.trajectory.export.ExportResult;
import org.trajectory.export.ExportSetting;
import org.trajectory.export.ExportTarget;
import org.trajectory.export.Exporter;
import org.trajectory.export.ImageSink;
import org.trajectory.export.PersonalData;
import org.trajectory.export.Selection;
import org.trajectory.model.Json;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Task;
import org.trajectory.model.Words;
import org.trajectory.model.format.AgentNetBenchFormat;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A benchmark in AgentNetBench's layout, as OpenCUA's {@code run.py --data} reads it: one {@code TASK_ID.json} task
 * file per task and the screenshots in {@code images/} beside them ({@link AgentNetBenchFormat}: the code becomes the
 * ground truth, the element boxes a recording captured its {@code bboxes}, the alternatives its
 * {@code alternative_options}); with splits, one such folder per split. The format holds no window titles, element
 * names or submitter, so nothing private beyond the task's own words and screenshots goes out. What it cannot hold
 * (a keyDown, a sleep, a click without a position, code that does not parse) is reported per task and step.
 */
public final class AgentNetBenchExporter implements Exporter {

    static final String IMAGES = "images";

    @Override
    public List<ExportSetting> settings() {
        return List.of(PersonalData.setting());
    }

    @Override
    public boolean writesFolder() {
        return true;
    }

    @Override
    public ExportResult export(ExportJob job, Progress progress) throws IOException, SQLException {
        Selection selection = job.selection();
        List<Problem> problems = new ArrayList<>();
        PersonalData personal = PersonalData.of(job);
        Map<String, ImageSink> parts = new LinkedHashMap<>();
        Set<String> names = new HashSet<>();
        List<Path> files = new ArrayList<>();
        long tasks = 0;
        long bytes = 0;
        boolean cancelled = false;
        progress.begin("Exporting " + Words.count(selection.tasks().size(), "task") + " to " + job.destination().getFileName(),
                selection.tasks().size(), "tasks");
        try (ExportTarget target = ExportTarget.folder(job.destination(), job.force()); StoredRecords records = job.dataset().records()) {
            try {
                while (records.next()) {
                    String part = selection.part(records.seq());
                    if (part == null || personal.leftOut(records, problems)) {
                        continue;
                    }
                    Path folder = part.isEmpty() ? target.partial() : target.partial().resolve(part);
                    ImageSink images = parts.get(part);
                    if (images == null) {
                        Files.createDirectories(folder);
                        images = ImageSink.open(folder.resolve(IMAGES), false, job.dataset().images());
                        parts.put(part, images);
                    }
                    Path file = write(records, folder, images, names, problems, personal.redaction(records.seq()));
                    if (file != null) {
                        tasks++;
                        bytes += Files.size(file);
                        files.add(job.destination().resolve(target.partial().relativize(file)));
                    }
                    progress.worked(1);
                    if (progress.isCancelled()) {
                        cancelled = true;
                        break;
                    }
                }
                long images = 0;
                for (ImageSink sink : parts.values()) {
                    sink.finish();
                    images += sink.count();
                    bytes += sink.bytes();
                }
                target.commit();
                return new ExportResult(tasks, tasks, images, bytes, files, List.copyOf(problems), cancelled);
            } catch (IOException e) {
                throw target.failure(e);
            } finally {
                for (ImageSink sink : parts.values()) {
                    sink.close();
                }
            }
        }
    }

    /**
     * Writes the task {@code records} is on as a task file in {@code folder}, and its images, its personal data redacted
     * when there is a {@code redaction}; the file, or null when it could not be.
     */
    private static Path write(StoredRecords records, Path folder, ImageSink images, Set<String> names, List<Problem> problems,
            Redaction redaction) throws IOException, SQLException {
        StringWriter text = new StringWriter();
        records.write(text);
        ObjectNode record = (ObjectNode) Json.MAPPER.readTree(text.toString());
        if (redaction != null) {
            redaction.apply(record);
        }
        List<StoredRecords.StoredStep> steps = records.steps();
        List<String> exported = images.exportNames(steps);
        ImageSink.renamed(record, exported);
        Task task;
        try {
            task = Task.of(record);
        } catch (RecordFormatException e) {
            problems.add(Problem.at("", 0, "task " + record.path(Task.TASK_ID).asText() + ": " + e.getMessage() + "; not exported"));
            return null;
        }
        List<String> lost = new ArrayList<>();
        ObjectNode bench = AgentNetBenchFormat.fromTask(task, lost);
        lost.forEach(what -> problems.add(Problem.at("", 0, "task " + task.taskId() + " " + what)));
        String name = fileName(task.taskId());
        for (int n = 2; !names.add(folder.resolve(name).toString()); n++) {
            name = fileName(task.taskId()).replaceFirst("\\.json$", "-" + n + ".json");
        }
        Path file = folder.resolve(name);
        Files.writeString(file, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(bench) + "\n", StandardCharsets.UTF_8);
        for (int i = 0; i < steps.size(); i++) {
            int step = i;
            images.write(exported.get(i), steps.get(i).imageSha256(), problems, png -> redaction == null ? png : redaction.image(step, png));
        }
        return file;
    }

    /** The task id as a file name: letters, digits, dot, dash and underscore are kept, anything else becomes an underscore. */
    private static String fileName(String taskId) {
        String safe = taskId.replaceAll("[^A-Za-z0-9._-]", "_");
        return (safe.isEmpty() || safe.startsWith(".") ? "task" + safe : safe) + ".json";
    }
}
