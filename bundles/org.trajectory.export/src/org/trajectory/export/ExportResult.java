package org.trajectory.export;

import java.nio.file.Path;
import java.util.List;

import org.trajectory.model.operation.Problem;

/**
 * What an exporter wrote: tasks, samples (records or training samples), images and bytes, the files, and the
 * problems (images it could not write, steps it left out and why).
 *
 * @since 0.1
 */
public record ExportResult(long tasks, long samples, long images, long bytes, List<Path> files, List<Problem> problems, boolean cancelled) {
}
