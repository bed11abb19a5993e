package org.trajectory.dataset;

import java.util.List;

/** What an export wrote; problems are images that could not be written (missing from the store, name clashes). */
public record ExportReport(long tasks, long images, long bytes, List<Problem> problems, boolean cancelled) {
}
