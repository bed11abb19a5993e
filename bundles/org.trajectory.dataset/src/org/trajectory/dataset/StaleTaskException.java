package org.trajectory.dataset;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A save refused because somebody else saved the task after the draft was read: says who and when. Nothing was
 * written; the refused draft is still the caller's, to reload over or to keep as a copy ({@link Dataset#saveCopy}).
 *
 * @since 0.1
 */
public final class StaleTaskException extends SQLException {

    private static final long serialVersionUID = 1L;
    private final String taskId;
    private final String changedBy;
    private final String changedAt;

    private StaleTaskException(String taskId, String changedBy, String changedAt, long version, long draftVersion) {
        super("task '" + taskId + "' was changed by " + (changedBy == null ? "someone" : changedBy) + " at " + changedAt
                + " after you opened it (now version " + version + ", your edit began from version " + draftVersion
                + "); reload it to see that change, or keep your edit as a copy");
        this.taskId = taskId;
        this.changedBy = changedBy;
        this.changedAt = changedAt;
    }

    /** The refusal of a save of {@code taskId} begun from {@code draftVersion}; a plain error if the task is gone. */
    static SQLException of(Connection connection, String taskId, long draftVersion) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT version, updated_by, updated_at FROM trajectories WHERE task_id = ?")) {
            query.setString(1, taskId);
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    return new SQLException("no task '" + taskId + "' in the dataset (deleted since you opened it?)");
                }
                if (row.getLong(1) == draftVersion) {
                    // the row is there, unchanged, and was not updated: the server's row security kept it
                    return new SQLException("the edit of task '" + taskId + "' was refused by the server: it is not assigned to you"
                            + " (reviewers edit the tasks given to them; ask a curator)", "42501");
                }
                return new StaleTaskException(taskId, row.getString(2), row.getString(3), row.getLong(1), draftVersion);
            }
        }
    }

    public String taskId() {
        return taskId;
    }

    /** Who saved the task last, or null when not known (a dataset from before versions). */
    public String changedBy() {
        return changedBy;
    }

    /** When, as an ISO-8601 instant. */
    public String changedAt() {
        return changedAt;
    }
}
