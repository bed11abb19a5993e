package org.trajectory.export;

import java.nio.file.Path;

import org.trajectory.dataset.Dataset;

/**
 * What an exporter is asked to write: the dataset, the tasks selected (each with its split), where, and its settings.
 *
 * @since 0.1
 */
public record ExportJob(Dataset dataset, Selection selection, Path destination, ExportSettings settings, boolean force) {
}
