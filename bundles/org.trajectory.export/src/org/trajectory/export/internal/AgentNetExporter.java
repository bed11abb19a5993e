package org.trajectory.export.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ReviewGrades;
import org.trajectory.dataset.TaskHistory;
import org.trajectory.export.ExportJob;
import org.trajectory.export.ExportResult;
import org.trajectory.export.ExportSetting;
import org.trajectory.export.Exporter;
import org.trajectory.export.PersonalData;
import org.trajectory.export.Privacy;
import org.trajectory.export.Selection;
import org.trajectory.model.Task;
import org.trajectory.model.operation.Progress;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * AgentNet JSONL: the destination file holds the records as stored (an untouched import exports equal, with identical
 * image bytes), the images go to a folder or a zip. With splits, one file per split ({@code data_train.jsonl}...).
 */
public final class AgentNetExporter implements Exporter {

    static final String IMAGES = "images";
    /** The setting that adds each task's audit trail to its record as {@code history}. */
    static final String HISTORY = "history";

    @Override
    public List<ExportSetting> settings() {
        return List.of(ExportSetting.text(IMAGES, "", "where the screenshots go: a folder or FILE.zip; empty for images/ beside"
                + " the JSONL file, 'none' for the records only"), Privacy.setting(Privacy.KEEP), PersonalData.setting(),
                ExportSetting.choice(HISTORY, "leave", "include: each task's edits and reviews (who, when, before and after) as"
                        + " 'history'; leave: the records only", "leave", "include"));
    }

    @Override
    public boolean writesFolder() {
        return false;
    }

    @Override
    public ExportResult export(ExportJob job, Progress progress) throws IOException, SQLException {
        String images = job.settings().text(IMAGES);
        Path jsonl = job.destination();
        Path imagePath = images.equals("none") ? null : images.isEmpty() ? jsonl.toAbsolutePath().resolveSibling(IMAGES) : Path.of(images);
        Selection selection = job.selection();
        JsonlExport export = new JsonlExport(job.dataset(), jsonl, imagePath, job.force(), selection::part).redacting(PersonalData.of(job));
        boolean strip = job.settings().text(Privacy.SETTING).equals(Privacy.STRIP);
        UnaryOperator<ObjectNode> rewrite = strip ? Privacy::strip : UnaryOperator.identity();
        if (job.settings().text(HISTORY).equals("include")) {
            UnaryOperator<ObjectNode> before = rewrite;
            rewrite = record -> withHistory(job.dataset(), before.apply(record), strip);
        }
        boolean graded = job.dataset().reviews().anyGraded();
        if (graded) {
            UnaryOperator<ObjectNode> before = rewrite;
            rewrite = record -> withGrades(job.dataset(), before.apply(record));
        }
        if (strip || graded || job.settings().text(HISTORY).equals("include")) {
            export.rewritingRecords(rewrite);
        }
        ExportReport report = export.run(progress);
        List<Path> files = new ArrayList<>();
        selection.partCounts().keySet().forEach(part -> files.add(JsonlExport.partFile(jsonl, part)));
        return new ExportResult(report.tasks(), report.tasks(), report.images(), report.bytes(), files, report.problems(), report.cancelled());
    }

    /** The record with its reviewer's grades as {@value ReviewGrades#FIELD}, when it has any. */
    static ObjectNode withGrades(Dataset dataset, ObjectNode record) {
        String taskId = record.path(Task.TASK_ID).asText();
        try {
            ReviewGrades grades = dataset.reviews().grades(taskId);
            if (!grades.isEmpty()) {
                record.set(ReviewGrades.FIELD, grades.toJson());
            }
            return record;
        } catch (SQLException e) {
            throw new UncheckedIOException(new IOException("the grades of task " + taskId + " could not be read: " + e.getMessage(), e));
        }
    }

    /** The record with its task's audit trail, oldest first; stripped records get only the changes of what they keep, and no names. */
    private static ObjectNode withHistory(Dataset dataset, ObjectNode record, boolean strip) {
        String taskId = record.path(Task.TASK_ID).asText();
        List<TaskHistory.Entry> entries;
        try {
            entries = dataset.history(taskId);
        } catch (SQLException e) {
            throw new UncheckedIOException(new IOException("the history of task " + taskId + " could not be read: " + e.getMessage(), e));
        }
        ArrayNode history = record.putArray(HISTORY);
        for (TaskHistory.Entry entry : entries) {
            if (strip && !Privacy.keepsChange(entry.what())) {
                continue;
            }
            ObjectNode change = history.addObject().put("version", entry.version());
            if (!strip) {
                change.put("by", entry.by()); // a person's name, which stripped records do not carry
            }
            change.put("at", entry.at()).put("what", entry.what()).put("before", entry.before()).put("after", entry.after());
        }
        return record;
    }
}
