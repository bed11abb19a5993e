package org.trajectory.dataset;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;

import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.OperatingSystems;

/**
 * The inserts of one writer (an import run, a built trajectory): tasks, their images, steps and problems gathered and
 * written by the engine's bulk path at {@link #flush}, which the writer calls before it commits. A task needs its
 * number at once (its steps carry it): SQLite inserts it there and then (in process, cheap); PostgreSQL takes numbers
 * from the table's sequence a thousand at a time, so its tasks go by COPY too instead of a round trip each.
 */
final class Statements implements AutoCloseable {
    private static final int RESERVE = 1000;
    /** The columns of a new task after its number, in the order {@link #taskValues} gives them. */
    private static final List<String> TASK_COLUMNS = List.of("task_id", "trajectory_id", "instruction", "domain", "os", "step_count",
            "task_completed", "alignment_score", "efficiency_score", "task_difficulty", "final_score", "source", "imported_at", "updated_at",
            "header", "extraction_confidence");
    private final Connection connection;
    private final ImageStore imageStore;
    private final ArrayDeque<Long> reserved = new ArrayDeque<>();
    /** PostgreSQL: tasks gathered for COPY. SQLite: null, each task is inserted at once. */
    private final BulkRows tasks;
    /** SQLite: the insert giving a task its number. PostgreSQL: null. */
    private final PreparedStatement task;
    private final BulkRows images;
    private final Set<String> imagesInBatch = new HashSet<>();
    private final BulkRows steps;
    private final BulkRows problems;

    Statements(Dataset dataset, Connection connection) throws SQLException {
        Engine engine = dataset.engine();
        this.connection = connection;
        this.imageStore = dataset.images();
        if (engine instanceof Engine.Postgres) {
            List<String> columns = new ArrayList<>(List.of("seq"));
            columns.addAll(TASK_COLUMNS);
            tasks = new BulkRows(engine, "trajectories", columns);
            task = null;
        } else {
            tasks = null;
            task = connection.prepareStatement("INSERT INTO trajectories (" + String.join(", ", TASK_COLUMNS) + ") VALUES ("
                    + String.join(", ", Collections.nCopies(TASK_COLUMNS.size(), "?")) + ")", PreparedStatement.RETURN_GENERATED_KEYS);
        }
        images = new BulkRows(engine, "trajectory_images", List.of("sha256", "format", "width", "height", "bytes"));
        steps = new BulkRows(engine, "steps", List.of("task_seq", "position", "image_name", "image_sha256", "actions", "record", "application"));
        problems = new BulkRows(engine, "step_problems", List.of("task_seq", "position", "message"));
    }

    /** Writes what was gathered: images (where the store keeps them, then their rows) and tasks first, as steps refer to them. */
    void flush() throws SQLException {
        imageStore.flush();
        if (tasks != null) {
            tasks.flush(connection);
        }
        images.flushNew(connection);
        imagesInBatch.clear();
        steps.flush(connection);
        problems.flush(connection);
    }

    /** Keeps what the writer found wrong with a stored step and only it can tell (a rejected image, a doubtful event). */
    void insertProblem(long seq, int position, String message) throws SQLException {
        problems.add(seq, position, message);
    }

    /** Adds a task (its steps follow with its number); returns the number. */
    long insertTask(Task record, String header, String source, String now) throws SQLException {
        Object[] values = taskValues(record, header, source, now);
        if (tasks != null) {
            long seq = reserve();
            Object[] row = new Object[values.length + 1];
            row[0] = seq;
            System.arraycopy(values, 0, row, 1, values.length);
            tasks.add(row);
            return seq;
        }
        for (int i = 0; i < values.length; i++) {
            task.setObject(i + 1, values[i]);
        }
        task.executeUpdate();
        try (var keys = task.getGeneratedKeys()) {
            keys.next();
            return keys.getLong(1);
        }
    }

    private static Object[] taskValues(Task record, String header, String source, String now) {
        return new Object[] { record.taskId(), record.text(Task.TRAJECTORY_ID), record.instruction(), record.text(Task.DOMAIN),
            OperatingSystems.name(record.text(Task.OS)), record.json().get(Task.TRAJ).size(), record.taskCompleted(), record.number(Task.ALIGNMENT_SCORE),
            record.number(Task.EFFICIENCY_SCORE), record.number(Task.TASK_DIFFICULTY), record.score("final_score"), source, now, now,
            header, record.extractionConfidence() };
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

    void insertStep(long seq, int position, String image, String sha, String actions, String record, String application) throws SQLException {
        steps.add(seq, position, image, sha, actions, record, application);
    }

    /** Adds every step of {@code task} with the stored image {@code images} gives for its position (null: none). */
    void insertSteps(long seq, Task task, IntFunction<String> images) throws SQLException {
        List<Step> all = task.steps();
        for (int i = 0; i < all.size(); i++) {
            Step step = all.get(i);
            insertStep(seq, i, step.image(), images.apply(i), ImportOperation.actionNames(ActionParser.parse(step.code())), step.json().toString(),
                    step.application());
        }
    }

    void insertImage(String sha, ImageFormat.Info info, long bytes) {
        if (imagesInBatch.add(sha)) { // a screenshot shared by steps goes once
            images.add(sha, info.format().extension(), info.width(), info.height(), bytes);
        }
    }

    @Override
    public void close() throws SQLException {
        if (task != null) {
            task.close();
        }
    }
}
