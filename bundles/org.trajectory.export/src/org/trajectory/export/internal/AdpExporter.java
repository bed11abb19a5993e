package org.trajectory.export.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.trajectory.export.ExportJob;
import org.trajectory.export.ExportResult;
import org.trajectory.export.ExportSetting;
import org.trajectory.export.Exporter;
import org.trajectory.export.PersonalData;
import org.trajectory.export.Privacy;
import org.trajectory.export.Selection;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Task;
import org.trajectory.model.format.AgentDataProtocolFormat;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The Agent Data Protocol's standardized trajectories ({@link AgentDataProtocolFormat}), one a line, the screenshots
 * in {@code screenshots/} beside the file (ADP's AgentNet content names them {@code datasets/agentnet/screenshots/NAME});
 * with splits, one file per split. What ADP's content does not hold goes to each trajectory's {@code details}, so
 * importing the file gives the records back; a step whose code does not parse is reported and has no actions in the
 * content. With {@code privacy=strip}, the records are stripped first, as for AgentNet JSONL.
 */
public final class AdpExporter implements Exporter {

    static final String IMAGES = "screenshots";

    @Override
    public List<ExportSetting> settings() {
        return List.of(Privacy.setting(Privacy.KEEP), PersonalData.setting());
    }

    @Override
    public boolean writesFolder() {
        return false;
    }

    @Override
    public ExportResult export(ExportJob job, Progress progress) throws IOException, SQLException {
        Path jsonl = job.destination();
        Selection selection = job.selection();
        JsonlExport export = new JsonlExport(job.dataset(), jsonl, jsonl.toAbsolutePath().resolveSibling(IMAGES), job.force(), selection::part);
        boolean strip = job.settings().text(Privacy.SETTING).equals(Privacy.STRIP);
        List<Problem> lost = new ArrayList<>();
        export.rewritingRecords(record -> adp(strip ? Privacy.strip(record) : record, lost)).redacting(PersonalData.of(job));
        ExportReport report = export.run(progress);
        List<Problem> problems = new ArrayList<>(report.problems());
        problems.addAll(lost);
        List<Path> files = new ArrayList<>();
        selection.partCounts().keySet().forEach(part -> files.add(JsonlExport.partFile(jsonl, part)));
        return new ExportResult(report.tasks(), report.tasks(), report.images(), report.bytes(), files, problems, report.cancelled());
    }

    /** The record as an ADP trajectory; what it cannot hold is added to {@code lost} as "task ID step N: what". */
    private static ObjectNode adp(ObjectNode record, List<Problem> lost) {
        try {
            Task task = Task.of(record);
            List<String> said = new ArrayList<>();
            ObjectNode trajectory = AgentDataProtocolFormat.fromTask(task, said);
            said.forEach(what -> lost.add(Problem.at("", 0, "task " + task.taskId() + " " + what)));
            return trajectory;
        } catch (RecordFormatException e) {
            throw new IllegalStateException("a stored record is not a task: " + e.getMessage(), e);
        }
    }
}
