package org.trajectory.dataset;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;

import org.trajectory.model.Task;

/** The prepared INSERT statements of one writer (an import run, a built trajectory). */
final class Statements implements AutoCloseable {
    private final PreparedStatement task;
    private final PreparedStatement step;
    private final PreparedStatement image;
    private final PreparedStatement problem;

    Statements(Connection connection) throws SQLException {
        task = connection.prepareStatement("INSERT INTO trajectories (task_id, trajectory_id, instruction, domain, os,"
                + " step_count, task_completed, alignment_score, efficiency_score, task_difficulty, final_score, source,"
                + " imported_at, updated_at, header, extraction_confidence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                PreparedStatement.RETURN_GENERATED_KEYS);
        step = connection.prepareStatement("INSERT INTO steps (task_seq, position, image_name, image_sha256, actions, record)"
                + " VALUES (?, ?, ?, ?, ?, ?)");
        image = connection.prepareStatement("INSERT INTO trajectory_images (sha256, format, width, height, bytes)"
                + " VALUES (?, ?, ?, ?, ?) ON CONFLICT (sha256) DO NOTHING");
        problem = connection.prepareStatement("INSERT INTO step_problems (task_seq, position, message) VALUES (?, ?, ?)");
    }

    /** Keeps what the writer found wrong with a stored step and only it can tell (a rejected image, a doubtful event). */
    void insertProblem(long seq, int position, String message) throws SQLException {
        problem.setLong(1, seq);
        problem.setInt(2, position);
        problem.setString(3, message);
        problem.executeUpdate();
    }

    long insertTask(Task record, String header, String source, String now) throws SQLException {
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

    void insertStep(long seq, int position, String image, String sha, String actions, String record) throws SQLException {
        step.setLong(1, seq);
        step.setInt(2, position);
        step.setString(3, image);
        step.setString(4, sha);
        step.setString(5, actions);
        step.setString(6, record);
        step.executeUpdate();
    }

    void insertImage(String sha, ImageFormat.Info info, long bytes) throws SQLException {
        image.setString(1, sha);
        image.setString(2, info.format().extension());
        image.setInt(3, info.width());
        image.setInt(4, info.height());
        image.setLong(5, bytes);
        image.executeUpdate();
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
        step.close();
        image.close();
        problem.close();
    }
}
