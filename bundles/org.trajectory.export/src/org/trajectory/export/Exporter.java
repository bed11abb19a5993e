package org.trajectory.export;

import java.io.IOException;
import java.sql.SQLException;
import java.util.List;

import org.trajectory.model.operation.Progress;

/**
 * A way of writing a dataset (the part of it an export selected) somewhere, contributed to the {@code exporters}
 * extension point ({@link Exporters}). The workbench selects the tasks (filters, splits) and hands them over in an
 * {@link ExportJob}; the exporter writes them, says how far it got through {@code progress} and stops when it is
 * cancelled. An implementation is stateless.
 *
 * @since 0.1
 */
public interface Exporter {

    /** The settings it takes, with their defaults and what they do (shown by {@code help export} and the wizard). */
    List<ExportSetting> settings();

    /** True when the destination is a folder it fills; false when it is a file (others may be written beside it). */
    boolean writesFolder();

    /**
     * Writes the job's selection to its destination, replacing it only when the job says so, never leaving a partial
     * file under a final name ({@code org.trajectory.export.ExportTarget}).
     *
     * @throws IOException the destination cannot be written, or a setting's value is wrong, with the reason in one line
     */
    ExportResult export(ExportJob job, Progress progress) throws IOException, SQLException;
}
