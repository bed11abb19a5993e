package org.trajectory.dataset;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.trajectory.model.OperatingSystems;

/** The table's queries (filter, sort, page, the distinct values of a column) and the dataset's statistics: the SQL behind {@link Dataset}'s query methods. */
final class TaskQueries {

    private final Engine engine;
    private final Connection connection;

    TaskQueries(Engine engine, Connection connection) {
        this.engine = engine;
        this.connection = connection;
    }

    /** The facts of every task, in dataset order. */
    List<TaskFacts> facts() throws SQLException {
        List<TaskFacts> facts = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT t.seq, t.task_id, t.instruction, t.os, t.domain, t.final_score,"
                        + " t.source, r.state, r.reviewer FROM trajectories t LEFT JOIN reviews r ON r.task_seq = t.seq ORDER BY t.seq")) {
            while (rows.next()) {
                facts.add(new TaskFacts(rows.getLong(1), rows.getString(2), rows.getString(3), rows.getString(4), rows.getString(5),
                        Dataset.real(rows, 6), rows.getString(7), ReviewState.of(rows.getString(8)), rows.getString(9)));
            }
        }
        return facts;
    }

    /** The tasks with a step made in a window whose title holds {@code text} (any case): the application filter. */
    java.util.Set<Long> inWindow(String text, String titleField) throws SQLException {
        java.util.Set<Long> seqs = new java.util.HashSet<>();
        try (PreparedStatement statement = connection.prepareStatement("SELECT DISTINCT task_seq FROM steps"
                + " WHERE LOWER(" + engine.jsonText("record") + ") LIKE ? ESCAPE '\\'")) {
            statement.setString(1, engine.jsonField(titleField));
            statement.setString(2, containing(text));
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    seqs.add(rows.getLong(1));
                }
            }
        }
        return seqs;
    }

    long count(TaskQuery query) throws SQLException {
        Sql where = where(query);
        try (PreparedStatement statement = connection.prepareStatement("SELECT COUNT(*) FROM trajectories t"
                + " LEFT JOIN reviews r ON r.task_seq = t.seq" + where.text)) {
            where.bind(statement, 1);
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    /** One page of the table, filtered and sorted; ties are broken by import order so pages never overlap. */
    List<TaskRow> page(TaskQuery query, long offset, int limit) throws SQLException {
        Sql where = where(query);
        String direction = query.ascending() ? " ASC" : " DESC";
        // NULLs last whichever the direction, the same on SQLite and PostgreSQL.
        String key = query.sortCriterion() == null ? query.sortBy().sql
                : "(SELECT s.value FROM scores s WHERE s.task_seq = t.seq AND s.criterion = ?)";
        String order = query.sortCriterion() == null && query.sortBy() == TaskQuery.Column.ORDER ? " ORDER BY t.seq" + direction // the key's own index
                : query.sortCriterion() == null && !query.sortBy().nullable ? " ORDER BY " + key + direction + ", t.seq" + direction
                : " ORDER BY CASE WHEN " + key + " IS NULL THEN 1 ELSE 0 END, " + key + direction + ", t.seq" + direction;
        String sql = "SELECT t.task_id, t.instruction, t.domain, t.os, t.step_count, t.final_score, t.alignment_score,"
                + " t.efficiency_score, t.task_difficulty, t.task_completed, COALESCE(r.state, 'new') AS review_state, t.seq, t.extraction_confidence,"
                + " p.outcome, p.diverged_at, sc.unreviewed FROM trajectories t LEFT JOIN reviews r ON r.task_seq = t.seq"
                + " LEFT JOIN replays p ON p.task_seq = t.seq LEFT JOIN scrubs sc ON sc.task_seq = t.seq"
                + where.text + order + " LIMIT ? OFFSET ?";
        List<TaskRow> page = new ArrayList<>(limit);
        List<Long> seqs = new ArrayList<>(limit);
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            int next = where.bind(statement, 1);
            if (query.sortCriterion() != null) {
                statement.setString(next++, query.sortCriterion());
                statement.setString(next++, query.sortCriterion());
            }
            statement.setInt(next, limit);
            statement.setLong(next + 1, offset);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    page.add(new TaskRow(rows.getString(1), rows.getString(2), rows.getString(3), rows.getString(4),
                            rows.getInt(5), Dataset.real(rows, 6), Dataset.real(rows, 7), Dataset.real(rows, 8), Dataset.real(rows, 9),
                            rows.getObject(10) == null ? null : rows.getBoolean(10), ReviewState.of(rows.getString(11)), Dataset.real(rows, 13), null,
                            rows.getString(14) == null ? null : StoredReplay.describe(rows.getString(14),
                                    rows.getObject(15) == null ? null : rows.getInt(15)),
                            rows.getObject(16) == null ? null : rows.getInt(16) == 0 ? "reviewed" : rows.getInt(16) + " to review"));
                    seqs.add(rows.getLong(12));
                }
            }
        }
        return withScores(page, seqs);
    }

    /** The rows with their criteria's scores, read in one query for the page. */
    private List<TaskRow> withScores(List<TaskRow> page, List<Long> seqs) throws SQLException {
        if (page.isEmpty()) {
            return page;
        }
        Map<Long, Map<String, Double>> scores = new java.util.HashMap<>();
        String marks = String.join(",", java.util.Collections.nCopies(seqs.size(), "?"));
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT task_seq, criterion, value FROM scores WHERE value IS NOT NULL AND task_seq IN (" + marks + ")")) {
            for (int i = 0; i < seqs.size(); i++) {
                query.setLong(i + 1, seqs.get(i));
            }
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    scores.computeIfAbsent(rows.getLong(1), k -> new java.util.HashMap<>()).put(rows.getString(2), rows.getDouble(3));
                }
            }
        }
        if (scores.isEmpty()) {
            return page;
        }
        List<TaskRow> scored = new ArrayList<>(page.size());
        for (int i = 0; i < page.size(); i++) {
            TaskRow row = page.get(i);
            scored.add(new TaskRow(row.taskId(), row.instruction(), row.domain(), row.os(), row.steps(), row.finalScore(),
                    row.alignmentScore(), row.efficiencyScore(), row.difficulty(), row.completed(), row.review(), row.extractionConfidence(),
                    scores.get(seqs.get(i)), row.replay(), row.personalData()));
        }
        return scored;
    }

    /** The distinct values of a text column (domain, os), for filter choices. */
    List<String> distinct(String column) throws SQLException {
        if (!column.equals("domain") && !column.equals("os")) {
            throw new IllegalArgumentException(column);
        }
        return Dataset.strings(connection, "SELECT DISTINCT " + column + " FROM trajectories WHERE " + column + " IS NOT NULL ORDER BY " + column);
    }

    DatasetStats stats() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            long tasks;
            long steps;
            int min;
            int max;
            try (ResultSet row = statement.executeQuery("SELECT COUNT(*), COALESCE(SUM(step_count), 0),"
                    + " COALESCE(MIN(step_count), 0), COALESCE(MAX(step_count), 0) FROM trajectories")) {
                row.next();
                tasks = row.getLong(1);
                steps = row.getLong(2);
                min = row.getInt(3);
                max = row.getInt(4);
            }
            long images;
            long bytes;
            try (ResultSet row = statement.executeQuery("SELECT COUNT(*), COALESCE(SUM(bytes), 0) FROM trajectory_images")) {
                row.next();
                images = row.getLong(1);
                bytes = row.getLong(2);
            }
            Map<String, Long> actions = new TreeMap<>();
            try (ResultSet rows = statement.executeQuery("SELECT actions, COUNT(*) FROM steps GROUP BY actions")) {
                while (rows.next()) {
                    String list = rows.getString(1);
                    for (String action : (list == null || list.isEmpty() ? DatasetStats.NONE : list).split(" ")) {
                        actions.merge(action, rows.getLong(2), Long::sum);
                    }
                }
            }
            Map<ReviewState, Long> reviews = new EnumMap<>(ReviewState.class);
            try (ResultSet rows = statement.executeQuery("SELECT COALESCE(r.state, 'new'), COUNT(*) FROM trajectories t"
                    + " LEFT JOIN reviews r ON r.task_seq = t.seq GROUP BY COALESCE(r.state, 'new')")) {
                while (rows.next()) {
                    reviews.put(ReviewState.of(rows.getString(1)), rows.getLong(2));
                }
            }
            Map<String, Long> byDay = new TreeMap<>();
            try (ResultSet rows = statement.executeQuery("SELECT substr(reviewed_at, 1, 10), COUNT(*) FROM reviews"
                    + " WHERE state IN ('approved', 'rejected', 'needs_fix') AND reviewed_at IS NOT NULL GROUP BY substr(reviewed_at, 1, 10)")) {
                while (rows.next()) {
                    byDay.put(rows.getString(1), rows.getLong(2));
                }
            }
            return new DatasetStats(tasks, steps, images, bytes, min, max, tasks == 0 ? 0 : (double) steps / tasks,
                    group(statement, "domain"), group(statement, "os"), applications(statement), actions, reviews, byDay);
        }
    }

    /** Tasks by the applications their steps were in (a task in two counts in both); none named: {@link DatasetStats#NONE}. */
    private static Map<String, Long> applications(Statement statement) throws SQLException {
        Map<String, Long> counts = new TreeMap<>();
        try (ResultSet rows = statement.executeQuery("SELECT application, COUNT(DISTINCT task_seq) FROM steps WHERE application IS NOT NULL"
                + " GROUP BY application")) {
            while (rows.next()) {
                counts.put(rows.getString(1), rows.getLong(2));
            }
        }
        try (ResultSet row = statement.executeQuery("SELECT COUNT(*) FROM trajectories t WHERE NOT EXISTS"
                + " (SELECT 1 FROM steps s WHERE s.task_seq = t.seq AND s.application IS NOT NULL)")) {
            row.next();
            if (row.getLong(1) > 0) {
                counts.put(DatasetStats.NONE, row.getLong(1));
            }
        }
        return counts;
    }

    private static Map<String, Long> group(Statement statement, String column) throws SQLException {
        Map<String, Long> counts = new TreeMap<>();
        try (ResultSet rows = statement.executeQuery("SELECT COALESCE(" + column + ", '" + DatasetStats.NONE + "'), COUNT(*) FROM trajectories GROUP BY "
                + column)) {
            while (rows.next()) {
                counts.merge(rows.getString(1), rows.getLong(2), Long::sum);
            }
        }
        return counts;
    }

    /** A LIKE pattern (escape character \\) matching lower-case text that holds {@code text} anywhere. */
    private static String containing(String text) {
        return "%" + text.toLowerCase(java.util.Locale.ROOT).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }

    /** Adds the condition with its one parameter, unless the query leaves it open (null). */
    private static void term(List<String> terms, List<Object> parameters, String condition, Object value) {
        if (value != null) {
            terms.add(condition);
            parameters.add(value);
        }
    }

    private static Sql where(TaskQuery query) {
        List<String> terms = new ArrayList<>();
        List<Object> parameters = new ArrayList<>();
        if (query.text() != null && !query.text().isBlank()) {
            terms.add("(LOWER(t.instruction) LIKE ? ESCAPE '\\' OR LOWER(t.task_id) LIKE ? ESCAPE '\\')");
            parameters.add(containing(query.text().strip()));
            parameters.add(containing(query.text().strip()));
        }
        term(terms, parameters, "t.domain = ?", query.domain());
        term(terms, parameters, "t.os = ?", OperatingSystems.name(query.os()));
        term(terms, parameters, "EXISTS (SELECT 1 FROM steps s WHERE s.task_seq = t.seq AND s.application = ?)", query.application());
        term(terms, parameters, "t.step_count >= ?", query.minSteps());
        term(terms, parameters, "t.step_count <= ?", query.maxSteps());
        if (query.scoreCriterion() == null) {
            term(terms, parameters, "t.final_score >= ?", query.minScore());
            term(terms, parameters, "t.final_score <= ?", query.maxScore());
        } else if (query.minScore() != null || query.maxScore() != null) {
            terms.add("EXISTS (SELECT 1 FROM scores s WHERE s.task_seq = t.seq AND s.criterion = ? AND s.value >= ? AND s.value <= ?)");
            parameters.add(query.scoreCriterion());
            parameters.add(query.minScore() == null ? -Double.MAX_VALUE : query.minScore());
            parameters.add(query.maxScore() == null ? Double.MAX_VALUE : query.maxScore());
        }
        term(terms, parameters, "COALESCE(r.state, 'new') = ?", query.review() == null ? null : query.review().id());
        if (query.queueOf() != null) {
            terms.add("EXISTS (SELECT 1 FROM assignments a WHERE a.task_seq = t.seq AND a.reviewer = ?)"
                    + " AND NOT EXISTS (SELECT 1 FROM verdicts v WHERE v.task_seq = t.seq AND v.reviewer = ?)");
            parameters.add(query.queueOf());
            parameters.add(query.queueOf());
        }
        if (TaskQuery.NEVER_REPLAYED.equals(query.replay())) {
            terms.add("NOT EXISTS (SELECT 1 FROM replays p WHERE p.task_seq = t.seq)");
        } else {
            term(terms, parameters, "EXISTS (SELECT 1 FROM replays p WHERE p.task_seq = t.seq AND p.outcome = ?)", query.replay());
        }
        term(terms, parameters, "r.reviewer = ?", query.reviewer());
        if (query.personalData() == TaskQuery.PersonalData.NEVER_SCRUBBED) {
            terms.add("NOT EXISTS (SELECT 1 FROM scrubs sc WHERE sc.task_seq = t.seq)");
        } else if (query.personalData() != null) {
            terms.add("EXISTS (SELECT 1 FROM scrubs sc WHERE sc.task_seq = t.seq AND sc." + query.personalData().unreviewed + ")");
        }
        if (query.extracted() != null) {
            terms.add(query.extracted() ? "t.source LIKE ?" : "(t.source IS NULL OR t.source NOT LIKE ?)");
            parameters.add(Dataset.EXTRACTED + "%"); // its few letters hold no wildcard
        }
        return new Sql(terms.isEmpty() ? "" : " WHERE " + String.join(" AND ", terms), parameters);
    }

    /** A WHERE clause and its parameters, built from a query. */
    private record Sql(String text, List<Object> parameters) {
        int bind(PreparedStatement statement, int first) throws SQLException {
            int index = first;
            for (Object parameter : parameters) {
                if (parameter == null) {
                    statement.setNull(index++, Types.VARCHAR);
                } else {
                    statement.setObject(index++, parameter);
                }
            }
            return index;
        }
    }
}
