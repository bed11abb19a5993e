package org.trajectory.export;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ReviewState;
import org.trajectory.model.Json;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Operation;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;
import org.trajectory.model.operation.Report;

/**
 * One export, as the command line and the Export wizard run it: the exporter, its settings, the filter and splits.
 * {@link #preview()} says what would be exported before anything is written; {@link #run} selects and writes.
 *
 * @since 0.1
 */
public final class ExportOperation implements Operation<ExportOperation.Summary> {

    private final Dataset dataset;
    private final Exporters.Descriptor exporter;
    private final Path destination;
    private final ExportSettings settings;
    private final ExportFilter filter;
    private final Splits splits;
    private final boolean force;

    /**
     * @param filter its {@code review} null for the default of every export: approved tasks only
     * @param splits null for none
     * @throws IllegalArgumentException a setting is unknown or has a value not among its choices (said in one line)
     */
    public ExportOperation(Dataset dataset, Exporters.Descriptor exporter, Path destination, Map<String, String> settings,
            ExportFilter filter, Splits splits, boolean force) {
        this.dataset = dataset;
        this.exporter = exporter;
        this.destination = destination;
        this.settings = ExportSettings.of(exporter.exporter().settings(), exporter.configured(), settings);
        this.filter = filter.review() != null ? filter : filter.withReview(Set.of(ReviewState.APPROVED));
        this.splits = splits;
        this.force = force;
    }

    /** The filter as applied (its review resolved). */
    public ExportFilter filter() {
        return filter;
    }

    /** The tasks that would be exported, with their splits and what each filter removed. */
    public Selection preview() throws SQLException, InterruptedException {
        return Selection.of(dataset, filter, splits);
    }

    /** What an export did: the selection and what the exporter wrote. */
    public record Summary(String format, Path destination, Selection selection, ExportResult result, double seconds)
            implements Report {

        /** What was written where, and what was selected; the time and rate are the runner's to add. */
        @Override
        public String summary() {
            String written = "exported " + Words.count(result.tasks(), "task")
                    + (result.samples() != result.tasks() ? " as " + Words.count(result.samples(), "sample") : "")
                    + " and " + Words.count(result.images(), "image") + " to " + destination;
            return written + (result.cancelled() ? " (cancelled: the files hold what was written so far)" : "") + "; selected "
                    + selection.summary();
        }

        @Override
        public List<Problem> problems() {
            return result.problems();
        }

        @Override
        public boolean cancelled() {
            return result.cancelled();
        }

        @Override
        public Map<String, Object> json() {
            return Json.fields("format", format, "destination", destination.toString(), "tasks", result.tasks(),
                    "samples", result.samples(), "images", result.images(), "bytes", result.bytes(),
                    "files", result.files().size(), "problems", result.problems().size(), "cancelled", result.cancelled(),
                    "seconds", seconds, "selection", selection.json());
        }
    }

    @Override
    public String title() {
        return "Exporting to " + destination.getFileName();
    }

    /** Writes its destination; reads the dataset, which it keeps from others so the export is one state of it. */
    @Override
    public Set<String> exclusive() {
        return Set.of(dataset.address().exclusive(), Operation.folder(destination));
    }

    @Override
    public Summary run(Progress progress) throws IOException, SQLException, InterruptedException {
        long start = System.nanoTime();
        progress.begin("Selecting tasks", -1);
        Selection selection = preview();
        ExportResult result = exporter.exporter().export(new ExportJob(dataset, selection, destination, settings, force), progress);
        return new Summary(exporter.id(), destination, selection, result, (System.nanoTime() - start) / 1e9);
    }

    /** The exporters' ids, for messages. */
    public static List<String> formats() {
        return Exporters.get().all().stream().map(Exporters.Descriptor::id).toList();
    }
}
