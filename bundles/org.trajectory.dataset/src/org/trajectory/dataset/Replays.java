package org.trajectory.dataset;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;

/**
 * The tasks' replays ({@link Dataset#replays()}): one per task, its last. Storing one is not an edit of the task.
 *
 * @since 0.4
 */
public final class Replays extends DatasetPart {

    private static final String COLUMNS = "r.environment, r.content_hash, r.outcome, r.diverged_at, r.steps_matched, r.step_count,"
            + " r.details, r.replayed_at";

    Replays(Dataset dataset) {
        super(dataset);
    }

    /** The task's last replay, or null when it was never replayed. */
    public StoredReplay get(String taskId) throws SQLException {
        return ofTask("replays", "r", COLUMNS, taskId, Replays::read);
    }

    /** Every task's last replay, by task id, in dataset order. */
    public Map<String, StoredReplay> all() throws SQLException {
        return byTask("replays", "r", COLUMNS, Replays::read);
    }

    /** Stores (replaces) the task's last replay; its screenshots are in {@link Dataset#images()} already. */
    public void put(String taskId, StoredReplay replay) throws SQLException {
        dataset.transaction(c -> {
            try (PreparedStatement upsert = c.prepareStatement("INSERT INTO replays (task_seq, environment, content_hash, outcome,"
                    + " diverged_at, steps_matched, step_count, details, replayed_at) SELECT seq, ?, ?, ?, ?, ?, ?, ?, ? FROM trajectories"
                    + " WHERE task_id = ? ON CONFLICT (task_seq) DO UPDATE SET environment = excluded.environment,"
                    + " content_hash = excluded.content_hash, outcome = excluded.outcome, diverged_at = excluded.diverged_at,"
                    + " steps_matched = excluded.steps_matched, step_count = excluded.step_count, details = excluded.details,"
                    + " replayed_at = excluded.replayed_at")) {
                upsert.setString(1, replay.environment());
                upsert.setString(2, replay.contentHash());
                upsert.setString(3, replay.outcome());
                upsert.setObject(4, replay.divergedAt());
                upsert.setInt(5, replay.matched());
                upsert.setInt(6, replay.steps());
                upsert.setString(7, replay.details());
                upsert.setString(8, replay.replayedAt());
                upsert.setString(9, taskId);
                if (upsert.executeUpdate() == 0) {
                    throw new SQLException("no task '" + taskId + "' in the dataset");
                }
            }
            try (PreparedStatement stale = c.prepareStatement("DELETE FROM scores WHERE criterion = ? AND task_seq ="
                    + " (SELECT seq FROM trajectories WHERE task_id = ?)")) { // the next scoring run judges the new replay
                stale.setString(1, StoredReplay.CRITERION);
                stale.setString(2, taskId);
                stale.executeUpdate();
            }
            return null;
        });
    }

    private static StoredReplay read(ResultSet row, int first) throws SQLException {
        Object diverged = row.getObject(first + 3);
        return new StoredReplay(row.getString(first), row.getString(first + 1), row.getString(first + 2),
                diverged == null ? null : ((Number) diverged).intValue(), row.getInt(first + 4), row.getInt(first + 5),
                row.getString(first + 6), row.getString(first + 7));
    }
}
