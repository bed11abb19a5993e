package org.trajectory.dataset;

import java.util.List;
import java.util.Map;

import org.trajectory.model.Json;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Report;

/**
 * What an import did. {@code problems} holds at most {@link ImportOperation#MAX_REPORTED_PROBLEMS}; {@code problemCount}
 * counts them all. {@code skipped} lines were not imported (malformed, duplicate); tasks with content problems (bad
 * code, missing image) are imported and their problems listed.
 *
 * @since 0.1
 */
public record ImportReport(long imported, long alreadyPresent, long skipped, long problemCount, List<Problem> problems,
        long bytes, boolean cancelled) implements Report {

    /** One sentence for the command line and the window: "imported 2 tasks, 0 already in the dataset, ...". */
    @Override
    public String summary() {
        return "imported " + Words.count(imported, "task") + ", " + alreadyPresent + " already in the dataset, " + Words.count(skipped, "line")
                + " skipped, " + Words.count(problemCount, "problem") + (cancelled ? " (cancelled: run it again to finish)" : "");
    }

    /** The same for programs ({@code --json}). */
    @Override
    public Map<String, Object> json() {
        return Json.fields("imported", imported, "already_present", alreadyPresent, "skipped", skipped, "problems", problemCount,
                "bytes", bytes, "cancelled", cancelled);
    }
}
