package org.trajectory.dataset;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.trajectory.model.Json;
import org.trajectory.model.Task;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The tasks' scores ({@link Dataset#scores()}): each criterion's value, reason and details, and how they are spread.
 * Scoring is not an edit of the task.
 *
 * @since 0.4
 */
public final class Scores extends DatasetPart {

    Scores(Dataset dataset) {
        super(dataset);
    }

    /** The stored scores of a task, by criterion. */
    public Map<String, Dataset.StoredScore> get(String taskId) throws SQLException {
        Map<String, Dataset.StoredScore> scores = new LinkedHashMap<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT s.criterion, s.version, s.content_hash, s.value,"
                + " s.reason, s.details, s.error, s.scored_at FROM scores s JOIN trajectories t ON t.seq = s.task_seq"
                + " WHERE t.task_id = ? ORDER BY s.criterion")) {
            query.setString(1, taskId);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    scores.put(rows.getString(1), new Dataset.StoredScore(rows.getString(1), rows.getString(2), rows.getString(3),
                            Dataset.real(rows, 4), rows.getString(5), rows.getString(6), rows.getString(7), rows.getString(8)));
                }
            }
        }
        return scores;
    }

    /**
     * Stores a task's scores in one transaction: the rows of {@code scores}, and in the record the fields
     * {@code scores} (criterion to value, and {@code final_score}) and {@code score_details} (reason, version, error),
     * so they are exported with it. Scoring is not an edit: {@code updated_at} stays.
     */
    public void put(String taskId, List<Dataset.StoredScore> scores, Double finalScore) throws SQLException {
        dataset.transaction(c -> {
            long seq;
            ObjectNode header;
            try (PreparedStatement query = c.prepareStatement("SELECT seq, header FROM trajectories WHERE task_id = ?")) {
                query.setString(1, taskId);
                try (ResultSet row = query.executeQuery()) {
                    if (!row.next()) {
                        throw new SQLException("no task '" + taskId + "' in the dataset");
                    }
                    seq = row.getLong(1);
                    header = (ObjectNode) Json.MAPPER.readTree(row.getString(2));
                } catch (IOException e) {
                    throw new SQLException("task '" + taskId + "' is stored damaged: " + e.getMessage(), e);
                }
            }
            ObjectNode values = header.has(Task.SCORES) && header.get(Task.SCORES).isObject() ? (ObjectNode) header.get(Task.SCORES)
                    : header.putObject(Task.SCORES);
            ObjectNode details = header.has(Dataset.SCORE_DETAILS) && header.get(Dataset.SCORE_DETAILS).isObject()
                    ? (ObjectNode) header.get(Dataset.SCORE_DETAILS) : header.putObject(Dataset.SCORE_DETAILS);
            try (PreparedStatement upsert = c.prepareStatement("INSERT INTO scores (task_seq, criterion, version, content_hash,"
                    + " value, reason, details, error, scored_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (task_seq, criterion)"
                    + " DO UPDATE SET version = excluded.version, content_hash = excluded.content_hash, value = excluded.value,"
                    + " reason = excluded.reason, details = excluded.details, error = excluded.error, scored_at = excluded.scored_at")) {
                for (Dataset.StoredScore score : scores) {
                    upsert.setLong(1, seq);
                    upsert.setString(2, score.criterion());
                    upsert.setString(3, score.version());
                    upsert.setString(4, score.contentHash());
                    upsert.setObject(5, score.value());
                    upsert.setString(6, score.reason());
                    upsert.setString(7, score.details());
                    upsert.setString(8, score.error());
                    upsert.setString(9, score.scoredAt());
                    upsert.addBatch();
                    inRecord(score, values, details);
                }
                upsert.executeBatch();
            }
            if (finalScore == null) {
                values.remove(Dataset.FINAL_SCORE);
            } else {
                values.put(Dataset.FINAL_SCORE, finalScore);
            }
            try (PreparedStatement update = c.prepareStatement("UPDATE trajectories SET final_score = ?, header = ? WHERE seq = ?")) {
                update.setObject(1, finalScore);
                update.setString(2, header.toString());
                update.setLong(3, seq);
                update.executeUpdate();
            }
            DatasetChanges.announce(c, dataset.engine(), "score", taskId);
            return null;
        });
    }

    /** A score as the record's {@code scores} and {@code score_details} fields carry it (a score without a value is removed). */
    private static void inRecord(Dataset.StoredScore score, ObjectNode values, ObjectNode details) {
        if (score.value() == null) {
            values.remove(score.criterion());
        } else {
            values.put(score.criterion(), score.value());
        }
        ObjectNode detail = details.putObject(score.criterion()).put("version", score.version());
        if (score.reason() != null) {
            detail.put("reason", score.reason());
        }
        if (score.error() != null) {
            detail.put("error", score.error());
        }
    }

    /** How many scored tasks have a value of {@code criterion} (or the final score) in each of {@code bins} equal bins of [0,1]. */
    public long[] histogram(String criterion, int bins) throws SQLException {
        long[] counts = new long[bins];
        String sql = criterion.equals(Dataset.FINAL_SCORE) ? "SELECT final_score FROM trajectories WHERE final_score IS NOT NULL"
                : "SELECT value FROM scores WHERE criterion = ? AND value IS NOT NULL";
        try (PreparedStatement query = connection.prepareStatement(sql)) {
            if (!criterion.equals(Dataset.FINAL_SCORE)) {
                query.setString(1, criterion);
            }
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    counts[Math.max(0, Math.min(bins - 1, (int) (rows.getDouble(1) * bins)))]++;
                }
            }
        }
        return counts;
    }
}
