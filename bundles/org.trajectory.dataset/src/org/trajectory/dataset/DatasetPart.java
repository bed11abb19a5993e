package org.trajectory.dataset;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/** One concern of the store (reviews, scores, team review, task records): its SQL, on the dataset's connection. */
abstract class DatasetPart {

    final Dataset dataset;
    final Connection connection;

    DatasetPart(Dataset dataset) {
        this.dataset = dataset;
        this.connection = dataset.connection();
    }

    /** Writes one task's row: the statement's parameters are {@code values} and then the task id; no such task is an error. */
    static void writeTaskRow(PreparedStatement write, String taskId, String... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            write.setString(i + 1, values[i]);
        }
        write.setString(values.length + 1, taskId);
        if (write.executeUpdate() != 1) {
            throw new SQLException("no task '" + taskId + "' in the dataset");
        }
    }

    /** Keeps a judgement of a task ({@code what}: a review or a verdict) in its audit trail (unless the server's triggers do) and announces it. */
    void judged(Connection c, String taskId, String at, String what, String before, String after) throws SQLException {
        if (!dataset.auditedByServer()) {
            TaskHistory.add(c, taskId, List.of(new TaskHistory.Entry(TaskHistory.version(c, taskId), dataset.user(), at, what, before, after)));
        }
        DatasetChanges.announce(c, dataset.engine(), what, taskId);
    }

    /** A verdict as the audit trail shows it: its state, and the note after a colon. */
    static String verdictText(ReviewState state, String note) {
        return state.id() + (note == null || note.isBlank() ? "" : ": " + note);
    }
}
