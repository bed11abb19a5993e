package org.trajectory.dataset;

import java.util.List;

/**
 * What an import did. {@code problems} holds at most {@link JsonlImport#MAX_REPORTED_PROBLEMS}; {@code problemCount}
 * counts them all. {@code skipped} lines were not imported (malformed, duplicate); tasks with content problems (bad
 * code, missing image) are imported and their problems listed.
 */
public record ImportReport(long imported, long alreadyPresent, long skipped, long problemCount, List<Problem> problems,
        long bytes, boolean cancelled) {
}
