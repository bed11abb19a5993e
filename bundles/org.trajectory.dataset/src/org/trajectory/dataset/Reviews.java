package org.trajectory.dataset;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The review of each task ({@link Dataset#reviews()}): its state, reviewer, time and note, and what to review next.
 *
 * @since 0.4
 */
public final class Reviews extends DatasetPart {

    Reviews(Dataset dataset) {
        super(dataset);
    }

    /** The task's review (state NEW and nulls when never reviewed). */
    public Dataset.Review of(String taskId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT r.state, r.reviewer, r.reviewed_at, r.note"
                + " FROM trajectories t LEFT JOIN reviews r ON r.task_seq = t.seq WHERE t.task_id = ?")) {
            query.setString(1, taskId);
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    throw new SQLException("no task '" + taskId + "' in the dataset");
                }
                return new Dataset.Review(ReviewState.of(row.getString(1)), row.getString(2), row.getString(3), row.getString(4));
            }
        }
    }

    /**
     * The task after {@code taskId} in import order that still needs review (new, in review, or changed since), wrapping around;
     * null when every other task is reviewed.
     */
    public String next(String taskId) throws SQLException {
        String unreviewed = "COALESCE(r.state, 'new') IN ('new', 'in_review', 'changed') AND t.task_id <> ?";
        try (PreparedStatement query = connection.prepareStatement("SELECT t.task_id FROM trajectories t LEFT JOIN reviews r"
                + " ON r.task_seq = t.seq WHERE " + unreviewed + " ORDER BY CASE WHEN t.seq > (SELECT seq FROM trajectories"
                + " WHERE task_id = ?) THEN 0 ELSE 1 END, t.seq LIMIT 1")) {
            query.setString(1, taskId);
            query.setString(2, taskId);
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? row.getString(1) : null;
            }
        }
    }

    /** Everyone who gave a task its review, in alphabetical order: the choices of the table's Reviewer filter. */
    public List<String> reviewers() throws SQLException {
        return Dataset.strings(connection, "SELECT DISTINCT reviewer FROM reviews WHERE reviewer IS NOT NULL ORDER BY reviewer");
    }

    /** The task's grades ({@link ReviewGrades#NONE} when it has none). */
    public ReviewGrades grades(String taskId) throws SQLException {
        ReviewGrades grades = ofTask("review_grades", "g", "g.accept_level, g.correctness, g.difficulty, g.knowledge, g.value", taskId,
                (row, first) -> new ReviewGrades(grade(row, first), grade(row, first + 1), grade(row, first + 2), grade(row, first + 3),
                        grade(row, first + 4)));
        return grades == null ? ReviewGrades.NONE : grades;
    }

    /** A grade column's value, null where none was given. */
    private static Integer grade(ResultSet row, int column) throws SQLException {
        int grade = row.getInt(column);
        return row.wasNull() ? null : grade;
    }

    /** Whether any task has grades (an export that finds none writes its records as stored). */
    public boolean anyGraded() throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery("SELECT 1 FROM review_grades LIMIT 1")) {
            return row.next();
        }
    }

    /** Grades the task as the user ({@link ReviewGrades#NONE} takes its grades away), kept in its audit trail. */
    public void grade(String taskId, ReviewGrades grades) throws SQLException {
        dataset.promptly("grades of task " + taskId, c -> {
            if (!dataset.contains(taskId)) {
                throw new SQLException("no task '" + taskId + "' in the dataset");
            }
            ReviewGrades before = grades(taskId);
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM review_grades"
                    + " WHERE task_seq = (SELECT seq FROM trajectories WHERE task_id = ?)")) {
                delete.setString(1, taskId);
                delete.executeUpdate();
            }
            if (!grades.isEmpty()) {
                try (PreparedStatement insert = c.prepareStatement("INSERT INTO review_grades (task_seq, accept_level, correctness, difficulty,"
                        + " knowledge, value) SELECT seq, ?, ?, ?, ?, ? FROM trajectories WHERE task_id = ?")) {
                    Integer[] all = { grades.acceptLevel(), grades.correctness(), grades.difficulty(), grades.knowledge(), grades.value() };
                    for (int i = 0; i < all.length; i++) {
                        insert.setObject(i + 1, all[i], java.sql.Types.INTEGER);
                    }
                    insert.setString(all.length + 1, taskId);
                    if (insert.executeUpdate() == 0) {
                        throw new SQLException("no task '" + taskId + "' in the dataset");
                    }
                }
            }
            // written here on a server too: its triggers keep the trail of reviews, not of grades
            TaskHistory.add(c, taskId, List.of(new TaskHistory.Entry(TaskHistory.version(c, taskId), dataset.user(), Instant.now().toString(),
                    "grades", before.words(), grades.words())));
            DatasetChanges.announce(c, dataset.engine(), "grades", taskId);
            return null;
        });
    }

    /** How many tasks there are, and how many have a review decision. */
    public Dataset.ReviewProgress progress() throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT COUNT(*), COALESCE(SUM(CASE WHEN r.state IN ('approved',"
                        + " 'rejected', 'needs_fix') THEN 1 ELSE 0 END), 0) FROM trajectories t LEFT JOIN reviews r ON r.task_seq = t.seq")) {
            row.next();
            return new Dataset.ReviewProgress(row.getLong(1), row.getLong(2));
        }
    }

    /** Sets the task's review, kept in its audit trail. */
    public void set(String taskId, ReviewState state, String reviewer, String note) throws SQLException {
        dataset.promptly("review of task " + taskId, c -> {
            setOne(c, taskId, state, reviewer, note, Instant.now().toString());
            return null;
        });
    }

    /**
     * The user's decision on every task in {@code taskIds} (one task in the editor, many in bulk), in one transaction:
     * each task's review, kept in its audit trail, and the user's verdict on those assigned to them (a verdict is
     * approved, rejected or needs fix). A null {@code note} keeps each task's own note. A task that is not there fails
     * them all.
     */
    public void decide(List<String> taskIds, ReviewState state, String note) throws SQLException {
        boolean verdict = state == ReviewState.APPROVED || state == ReviewState.REJECTED || state == ReviewState.NEEDS_FIX;
        TeamReview team = dataset.teamReview();
        dataset.promptly("review of " + (taskIds.size() == 1 ? "task " + taskIds.get(0) : taskIds.size() + " tasks"), c -> {
            String at = Instant.now().toString();
            // each statement prepared once and run for every task (hundreds in a bulk decision), the writes batched
            List<TaskHistory.Entry> trail = new java.util.ArrayList<>();
            List<String> notes = new java.util.ArrayList<>();
            Map<String, Before> before = before(c, taskIds);
            for (String taskId : taskIds) {
                Before was = before.get(taskId);
                if (was == null) {
                    throw new SQLException("no task '" + taskId + "' in the dataset");
                }
                String kept = note != null ? note : was.note();
                notes.add(kept);
                trail.add(new TaskHistory.Entry(was.version(), dataset.user(), at, "review", verdictText(was.state(), was.note()),
                        verdictText(state, kept)));
            }
            boolean assigned = verdict && team.hasAssignments();
            for (int i = 0; assigned && i < taskIds.size(); i++) {
                if (team.isAssignedToMe(taskIds.get(i))) {
                    team.judge(c, taskIds.get(i), state, notes.get(i), at); // a reviewer's own verdict, for the team's agreement
                }
            }
            try (PreparedStatement upsert = c.prepareStatement("INSERT INTO reviews (task_seq, state, reviewer, reviewed_at, note)"
                    + " SELECT seq, ?, ?, ?, ? FROM trajectories WHERE task_id = ?"
                    + " ON CONFLICT (task_seq) DO UPDATE SET state = excluded.state, reviewer = excluded.reviewer,"
                    + " reviewed_at = excluded.reviewed_at, note = excluded.note")) {
                for (int i = 0; i < taskIds.size(); i++) {
                    upsert.setString(1, state.id());
                    upsert.setString(2, dataset.user());
                    upsert.setString(3, at);
                    upsert.setString(4, notes.get(i));
                    upsert.setString(5, taskIds.get(i));
                    upsert.addBatch();
                }
                upsert.executeBatch();
            }
            if (!dataset.auditedByServer()) {
                TaskHistory.add(c, taskIds, trail);
            }
            DatasetChanges.announceEach(c, dataset.engine(), "review", taskIds);
            return null;
        });
    }

    /** A task's version and review before a decision. */
    private record Before(long version, ReviewState state, String note) {
    }

    /** Each task's version and review before a decision, read five hundred tasks a query. */
    private static Map<String, Before> before(Connection c, List<String> taskIds) throws SQLException {
        Map<String, Before> found = new java.util.HashMap<>();
        for (int from = 0; from < taskIds.size(); from += 500) {
            List<String> chunk = taskIds.subList(from, Math.min(taskIds.size(), from + 500));
            String places = String.join(", ", java.util.Collections.nCopies(chunk.size(), "?"));
            try (PreparedStatement read = c.prepareStatement("SELECT t.task_id, t.version, r.state, r.note FROM trajectories t"
                    + " LEFT JOIN reviews r ON r.task_seq = t.seq WHERE t.task_id IN (" + places + ")")) {
                for (int i = 0; i < chunk.size(); i++) {
                    read.setString(i + 1, chunk.get(i));
                }
                try (ResultSet rows = read.executeQuery()) {
                    while (rows.next()) {
                        found.put(rows.getString(1), new Before(rows.getLong(2), ReviewState.of(rows.getString(3)), rows.getString(4)));
                    }
                }
            }
        }
        return found;
    }

    private void setOne(Connection c, String taskId, ReviewState state, String reviewer, String note, String now) throws SQLException {
        Dataset.Review before = of(taskId);
        try (PreparedStatement upsert = c.prepareStatement("INSERT INTO reviews (task_seq, state, reviewer, reviewed_at, note)"
                + " SELECT seq, ?, ?, ?, ? FROM trajectories WHERE task_id = ?"
                + " ON CONFLICT (task_seq) DO UPDATE SET state = excluded.state, reviewer = excluded.reviewer,"
                + " reviewed_at = excluded.reviewed_at, note = excluded.note")) {
            writeTaskRow(upsert, taskId, state.id(), reviewer, now, note);
        }
        judged(c, taskId, now, "review", verdictText(before.state(), before.note()), verdictText(state, note));
    }
}
