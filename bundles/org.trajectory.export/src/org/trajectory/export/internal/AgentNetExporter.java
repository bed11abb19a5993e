package org.trajectory.export.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.trajectory.dataset.ExportReport;
import org.trajectory.dataset.JsonlExport;
import org.trajectory.export.ExportJob;
import org.trajectory.export.ExportResult;
import org.trajectory.export.ExportSetting;
import org.trajectory.export.Exporter;
import org.trajectory.export.Privacy;
import org.trajectory.export.Selection;
import org.trajectory.model.Progress;

/**
 * AgentNet JSONL: the destination file holds the records as stored (an untouched import exports equal, with identical
 * image bytes), the images go to a folder or a zip. With splits, one file per split ({@code data_train.jsonl}...).
 */
public final class AgentNetExporter implements Exporter {

    static final String IMAGES = "images";

    @Override
    public List<ExportSetting> settings() {
        return List.of(ExportSetting.text(IMAGES, "", "where the screenshots go: a folder or FILE.zip; empty for images/ beside"
                + " the JSONL file, 'none' for the records only"), Privacy.setting(Privacy.KEEP));
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
        JsonlExport export = new JsonlExport(job.dataset(), jsonl, imagePath, job.force(), selection::part);
        if (job.settings().text(Privacy.SETTING).equals(Privacy.STRIP)) {
            export.rewritingRecords(Privacy::strip);
        }
        ExportReport report = export.run(progress);
        List<Path> files = new ArrayList<>();
        selection.partCounts().keySet().forEach(part -> files.add(JsonlExport.partFile(jsonl, part)));
        return new ExportResult(report.tasks(), report.tasks(), report.images(), report.bytes(), files, report.problems(), report.cancelled());
    }
}
