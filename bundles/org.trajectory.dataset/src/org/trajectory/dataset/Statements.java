package org.trajectory.dataset;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

import org.trajectory.model.Task;

/**
 * The inserts of one writer (an import run, a built trajectory): tasks, their images, steps and problems gathered and
 * written by the engine's bulk path at {@link #flush}, which the writer calls before it commits. A task needs its
 * number at once (its steps carry it): SQLite inserts it there and then (in process, cheap); PostgreSQL takes numbers
 * from the table's sequence a thousand at a time, so its tasks go by COPY too instead of a round trip each.
 */
final class Statements implements AutoCloseable {
    private static final int RESERVE = 1000;
    private static final List<String> TASK_COLUMNS = List.of("seq", "task_id", "trajectory_id", "instruction", "domain", "os", "step_count",
            "task_completed", "alignment_score", "efficiency_score", "task_difficulty", "final_score", "source", "imported_at", "updated_at",
            "header", "extraction_confidence");
    private final Connection connection;
    private final boolean server;
    private final java.util.ArrayDeque<Long> reserved = new java.util.ArrayDeque<>();
    private final BulkRows tasks;
    private final PreparedStatement task;
    private final BulkRows images;
    private final java.util.Set<String> imagesInBatch = new java.util.HashSet<>();
    private final BulkRows steps;
    private final BulkRows problems;

    Statements(Engine engine, Connection connection) throws SQLException {
        this.connection = connection;
        this.server = engine instanceof Engine.Postgres;
        tasks = new BulkRows(engine, "trajectories", TASK_COLUMNS);
        task = connection.prepareStatement("INSERT INTO trajectories (task_id, trajectory_id, instruction, domain, os,"
                + " step_count, task_completed, alignment_score, efficiency_score, task_difficulty, final_score, source,"
                + " imported_at, updated_at, header, extraction_confidence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                PreparedStatement.RETURN_GENERATED_KEYS);
        images = new BulkRows(engine, "trajectory_images", List.of("sha256", "format", "width", "height", "bytes"));
        steps = new BulkRows(engine, "steps", List.of("task_seq", "position", "image_name", "image_sha256", "actions", "record"));
        problems = new BulkRows(engine, "step_problems", List.of("task_seq", "position", "message"));
    }

    /** Writes what was gathered: tasks and images first, as steps refer to them. */
    void flush() throws SQLException {
        tasks.flush(connection);
        images.flushNew(connection);
        imagesInBatch.clear();
        steps.flush(connection);
        problems.flush(connection);
    }

    /** Keeps what the writer found wrong with a stored step and only it can tell (a rejected image, a doubtful event). */
    void insertProblem(long seq, int position, String message) throws SQLException {
        problems.add(seq, position, message);
    }

    long insertTask(Task record, String header, String source, String now) throws SQLException {
        if (server) {
            long seq = reserve();
            tasks.add(seq, record.taskId(), record.text(Task.TRAJECTORY_ID), record.instruction(), record.text(Task.DOMAIN), record.text(Task.OS),
                    record.json().get(Task.TRAJ).size(), record.taskCompleted(), record.number(Task.ALIGNMENT_SCORE),
                    record.number(Task.EFFICIENCY_SCORE), record.number(Task.TASK_DIFFICULTY), record.score("final_score"), source, now, now,
                    header, record.extractionConfidence());
            return seq;
        }
        task.setString(1, record.taskId());
        task.setString(2, record.text(Task.TRAJECTORY_ID));
        task.setString(3, record.instruction());
        task.setString(4, record.text(Task.DOMAIN));
        task.setString(5, record.text(Task.OS));
        task.setInt(6, record.json().get(Task.TRAJ).size());
        setBoolean(task, 7, record.taskCompleted());
        setReal(task, 8, record.number(Task.ALIGNMENT_SCORE));
        setReal(task, 9, record.number(Task.EFFICIENCY_SCORE));
        setReal(task, 10, record.number(Task.TASK_DIFFICULTY));
        setReal(task, 11, record.score("final_score"));
        task.setString(12, source);
        task.setString(13, now);
        task.setString(14, now);
        task.setString(15, header);
        setReal(task, 16, record.extractionConfidence());
        task.executeUpdate();
        try (var keys = task.getGeneratedKeys()) {
            keys.next();
            return keys.getLong(1);
        }
    }

    /** The next task number from the table's own sequence, fetched a thousand at a time (unused ones leave a gap, as sequences do). */
    private long reserve() throws SQLException {
        if (reserved.isEmpty()) {
            try (PreparedStatement numbers = connection.prepareStatement(
                    "SELECT nextval(pg_get_serial_sequence('trajectories', 'seq')) FROM generate_series(1, ?)")) {
                numbers.setInt(1, RESERVE);
                try (var rows = numbers.executeQuery()) {
                    while (rows.next()) {
                        reserved.add(rows.getLong(1));
                    }
                }
            }
        }
        return reserved.removeFirst();
    }

    void insertStep(long seq, int position, String image, String sha, String actions, String record) throws SQLException {
        steps.add(seq, position, image, sha, actions, record);
    }

    void insertImage(String sha, ImageFormat.Info info, long bytes) {
        if (imagesInBatch.add(sha)) { // a screenshot shared by steps goes once
            images.add(sha, info.format().extension(), info.width(), info.height(), bytes);
        }
    }

    private static void setReal(PreparedStatement statement, int index, Double value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.REAL);
        } else {
            statement.setDouble(index, value);
        }
    }

    private static void setBoolean(PreparedStatement statement, int index, Boolean value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.BOOLEAN);
        } else {
            statement.setBoolean(index, value);
        }
    }

    @Override
    public void close() throws SQLException {
        task.close();
    }
}
