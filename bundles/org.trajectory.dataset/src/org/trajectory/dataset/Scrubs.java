package org.trajectory.dataset;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * The tasks' scrubs ({@link Dataset#scrubs()}): one per task, its last, with the review of its findings. Storing one
 * is not an edit of the task.
 *
 * @since 0.4
 */
public final class Scrubs extends DatasetPart {

    private static final String COLUMNS = "s.content_hash, s.detectors, s.findings, s.scrubbed_at";

    Scrubs(Dataset dataset) {
        super(dataset);
    }

    /** The personal data the task's last scrub found, with its review; null when it was never scrubbed. */
    public StoredScrub get(String taskId) throws SQLException {
        return ofTask("scrubs", "s", COLUMNS, taskId, Scrubs::read);
    }

    /** Every task's last scrub, by task id, in dataset order. */
    public Map<String, StoredScrub> all() throws SQLException {
        return byTask("scrubs", "s", COLUMNS, Scrubs::read);
    }

    /** Stores (replaces) the task's scrub: what was found, and how each finding was reviewed. */
    public void put(String taskId, StoredScrub scrub) throws SQLException {
        try (PreparedStatement upsert = connection.prepareStatement("INSERT INTO scrubs (task_seq, content_hash, detectors, findings,"
                + " unreviewed, scrubbed_at) SELECT seq, ?, ?, ?, ?, ? FROM trajectories WHERE task_id = ? ON CONFLICT (task_seq) DO UPDATE"
                + " SET content_hash = excluded.content_hash, detectors = excluded.detectors, findings = excluded.findings,"
                + " unreviewed = excluded.unreviewed, scrubbed_at = excluded.scrubbed_at")) {
            upsert.setString(1, scrub.contentHash());
            upsert.setString(2, String.join(",", scrub.detectors()));
            upsert.setString(3, scrub.findingsJson());
            upsert.setInt(4, scrub.unreviewed());
            upsert.setString(5, scrub.scrubbedAt());
            upsert.setString(6, taskId);
            if (upsert.executeUpdate() == 0) {
                throw new SQLException("no task '" + taskId + "' in the dataset");
            }
        }
    }

    private static StoredScrub read(ResultSet row, int first) throws SQLException {
        String detectors = row.getString(first + 1);
        return new StoredScrub(row.getString(first), detectors.isEmpty() ? List.of() : List.of(detectors.split(",")),
                row.getString(first + 3), StoredScrub.readFindings(row.getString(first + 2)));
    }
}
