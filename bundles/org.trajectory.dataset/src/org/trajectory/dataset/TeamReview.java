package org.trajectory.dataset;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Review by a team ({@link Dataset#teamReview()}): the assignment of tasks to reviewers, each reviewer's verdicts, the
 * gold tasks.
 *
 * @since 0.4
 */
public final class TeamReview extends DatasetPart {

    TeamReview(Dataset dataset) {
        super(dataset);
    }

    /**
     * Gives each task to {@code overlap} of the reviewers, round-robin in task order (task i to reviewers i*overlap,
     * i*overlap+1... modulo their number), so the queues differ by one task at most and the same call gives the same
     * queues; each gold task goes to every reviewer, its known verdict kept. Adds to the assignments there are (the
     * same call twice adds nothing); {@code replace} drops them first. On a server every reviewer must be a member of
     * the dataset. Returns the number of assignments added.
     */
    public int assign(List<String> reviewers, int overlap, Map<String, ReviewState> gold, boolean replace) throws SQLException {
        if (reviewers.isEmpty() || overlap < 1 || overlap > reviewers.size()) {
            throw new IllegalArgumentException("overlap must be between 1 and the number of reviewers (" + reviewers.size() + ")");
        }
        if (dataset.engine() instanceof Engine.Postgres) {
            Map<String, TeamRoles.Role> members = dataset.members();
            String owner = TeamRoles.owner(connection);
            List<String> strangers = reviewers.stream().filter(name -> !name.equals(owner)
                    && (members.get(name) == null || members.get(name) == TeamRoles.Role.VIEWER)).toList();
            if (!strangers.isEmpty()) {
                throw new IllegalArgumentException("not a reviewer or curator of this dataset: " + String.join(", ", strangers)
                        + " (users --grant NAME=reviewer makes one)");
            }
        }
        List<String> ids = dataset.taskIds();
        for (String id : gold.keySet()) {
            if (!ids.contains(id)) {
                throw new SQLException("the gold task '" + id + "' is not in the dataset");
            }
        }
        return dataset.promptly("assignment of " + ids.size() + " tasks", c -> {
            if (replace) {
                try (Statement statement = c.createStatement()) {
                    statement.executeUpdate("DELETE FROM assignments");
                    statement.executeUpdate("DELETE FROM gold");
                }
            }
            Map<String, Long> seqs = seqs(c);
            long before = Dataset.count(c, "SELECT COUNT(*) FROM assignments");
            int next = 0;
            try (PreparedStatement assign = c.prepareStatement("INSERT INTO assignments (task_seq, reviewer) VALUES (?, ?) ON CONFLICT DO NOTHING");
                    PreparedStatement known = c.prepareStatement("INSERT INTO gold (task_seq, verdict) VALUES (?, ?)"
                            + " ON CONFLICT (task_seq) DO UPDATE SET verdict = excluded.verdict")) {
                for (String id : ids) {
                    long seq = seqs.get(id);
                    List<String> to = new ArrayList<>();
                    if (gold.containsKey(id)) {
                        known.setLong(1, seq);
                        known.setString(2, gold.get(id).id());
                        known.addBatch();
                        to.addAll(reviewers);
                    } else {
                        for (int j = 0; j < overlap; j++) {
                            to.add(reviewers.get((next * overlap + j) % reviewers.size()));
                        }
                        next++;
                    }
                    for (String reviewer : to) {
                        assign.setLong(1, seq);
                        assign.setString(2, reviewer);
                        assign.addBatch();
                    }
                }
                assign.executeBatch();
                known.executeBatch();
            }
            DatasetChanges.announce(c, dataset.engine(), "assign", null);
            return (int) (Dataset.count(c, "SELECT COUNT(*) FROM assignments") - before);
        });
    }

    private static Map<String, Long> seqs(Connection c) throws SQLException {
        Map<String, Long> seqs = new HashMap<>();
        try (Statement statement = c.createStatement(); ResultSet rows = statement.executeQuery("SELECT task_id, seq FROM trajectories")) {
            while (rows.next()) {
                seqs.put(rows.getString(1), rows.getLong(2));
            }
        }
        return seqs;
    }

    /** {@link #assign(List, int, Map, boolean)}, added to the earlier assignments. */
    public int assign(List<String> reviewers, int overlap, Map<String, ReviewState> gold) throws SQLException {
        return assign(reviewers, overlap, gold, false);
    }

    /** Whether tasks are assigned to the dataset's user: then the review queue is theirs. */
    public boolean hasAssignments() throws SQLException {
        return hasAssignments(dataset.user());
    }

    /** Whether {@code taskId} is assigned to the dataset's user (their verdict then counts in the agreement). */
    public boolean isAssignedToMe(String taskId) throws SQLException {
        return isAssigned(taskId, dataset.user());
    }

    /** Whether any task is assigned to {@code reviewer} (then their queue is what they review). */
    private boolean hasAssignments(String reviewer) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM assignments WHERE reviewer = ?")) {
            query.setMaxRows(1);
            query.setString(1, reviewer);
            try (ResultSet row = query.executeQuery()) {
                return row.next();
            }
        }
    }

    /** Whether {@code taskId} is assigned to {@code reviewer}. */
    private boolean isAssigned(String taskId, String reviewer) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM assignments a JOIN trajectories t ON t.seq = a.task_seq"
                + " WHERE t.task_id = ? AND a.reviewer = ?")) {
            query.setString(1, taskId);
            query.setString(2, reviewer);
            try (ResultSet row = query.executeQuery()) {
                return row.next();
            }
        }
    }

    /** The tasks given to {@code reviewer} that they have not judged yet, in task order: their queue. */
    public List<String> queue(String reviewer) throws SQLException {
        List<String> ids = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT t.task_id FROM assignments a JOIN trajectories t ON t.seq = a.task_seq"
                + " WHERE a.reviewer = ? AND NOT EXISTS (SELECT 1 FROM verdicts v WHERE v.task_seq = a.task_seq AND v.reviewer = a.reviewer)"
                + " ORDER BY t.seq")) {
            query.setString(1, reviewer);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    ids.add(rows.getString(1));
                }
            }
        }
        return ids;
    }

    /** Each reviewer's assigned tasks and how many of them they judged, by reviewer. */
    public Map<String, Dataset.Workload> workload() throws SQLException {
        Map<String, Dataset.Workload> workload = new java.util.LinkedHashMap<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT a.reviewer, COUNT(*), COUNT(v.task_seq) FROM assignments a"
                        + " LEFT JOIN verdicts v ON v.task_seq = a.task_seq AND v.reviewer = a.reviewer GROUP BY a.reviewer ORDER BY a.reviewer")) {
            while (rows.next()) {
                workload.put(rows.getString(1), new Dataset.Workload(rows.getLong(2), rows.getLong(3)));
            }
        }
        return workload;
    }

    /** Keeps the verdict of the dataset's user on a task (replacing their earlier one), in the audit trail too. */
    public void judge(String taskId, ReviewState verdict, String note) throws SQLException {
        if (verdict != ReviewState.APPROVED && verdict != ReviewState.REJECTED && verdict != ReviewState.NEEDS_FIX) {
            throw new IllegalArgumentException("a verdict is approved, rejected or needs_fix, not " + verdict.id());
        }
        dataset.promptly("verdict on task " + taskId, c -> {
            judge(c, taskId, verdict, note, Instant.now().toString());
            return null;
        });
    }

    /** The user's verdict, inside a transaction on {@code c}. */
    void judge(Connection c, String taskId, ReviewState verdict, String note, String now) throws SQLException {
        try (PreparedStatement upsert = c.prepareStatement("INSERT INTO verdicts (task_seq, reviewer, verdict, note, judged_at)"
                + " SELECT seq, ?, ?, ?, ? FROM trajectories WHERE task_id = ? ON CONFLICT (task_seq, reviewer)"
                + " DO UPDATE SET verdict = excluded.verdict, note = excluded.note, judged_at = excluded.judged_at")) {
            writeTaskRow(upsert, taskId, dataset.user(), verdict.id(), note, now);
        }
        judged(c, taskId, now, "verdict", null, verdictText(verdict, note));
    }

    /** Every reviewer's verdicts, the gold tasks' known ones and each task's final state. */
    public Dataset.Verdicts verdicts() throws SQLException {
        List<Dataset.Verdict> verdicts = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT t.task_id, v.reviewer, v.verdict FROM verdicts v JOIN trajectories t ON t.seq = v.task_seq")) {
            while (rows.next()) {
                verdicts.add(new Dataset.Verdict(rows.getString(1), rows.getString(2), ReviewState.of(rows.getString(3))));
            }
        }
        return new Dataset.Verdicts(verdicts, states("SELECT t.task_id, g.verdict FROM gold g JOIN trajectories t ON t.seq = g.task_seq"),
                states("SELECT t.task_id, r.state FROM reviews r JOIN trajectories t ON t.seq = r.task_seq"));
    }

    private Map<String, ReviewState> states(String sql) throws SQLException {
        Map<String, ReviewState> states = new HashMap<>();
        try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
            while (rows.next()) {
                states.put(rows.getString(1), ReviewState.of(rows.getString(2)));
            }
        }
        return states;
    }
}
