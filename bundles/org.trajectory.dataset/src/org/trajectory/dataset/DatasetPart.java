package org.trajectory.dataset;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One concern of the store (reviews, scores, team review, task records): its SQL, on the dataset's connection. */
abstract class DatasetPart {

    final Dataset dataset;
    final Connection connection;

    DatasetPart(Dataset dataset) {
        this.dataset = dataset;
        this.connection = dataset.connection();
    }

    /** Reads a stored row into its record, its columns from {@code first} on. */
    @FunctionalInterface
    interface RowReader<T> {
        T read(ResultSet row, int first) throws SQLException;
    }

    /** The task's row of {@code table} (aliased {@code alias}, {@code columns} in its terms), or null when it has none. */
    <T> T ofTask(String table, String alias, String columns, String taskId, RowReader<T> reader) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT " + columns + " FROM " + table + " " + alias
                + " JOIN trajectories t ON t.seq = " + alias + ".task_seq WHERE t.task_id = ?")) {
            query.setString(1, taskId);
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? reader.read(row, 1) : null;
            }
        }
    }

    /** Every task's row of {@code table}, by task id, in dataset order. */
    <T> Map<String, T> byTask(String table, String alias, String columns, RowReader<T> reader) throws SQLException {
        Map<String, T> rows = new LinkedHashMap<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT t.task_id, " + columns + " FROM " + table + " " + alias
                + " JOIN trajectories t ON t.seq = " + alias + ".task_seq ORDER BY t.seq"); ResultSet row = query.executeQuery()) {
            while (row.next()) {
                rows.put(row.getString(1), reader.read(row, 2));
            }
        }
        return rows;
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
