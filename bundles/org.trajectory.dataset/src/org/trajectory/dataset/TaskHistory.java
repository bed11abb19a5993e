package org.trajectory.dataset;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

import org.trajectory.model.Step;
import org.trajectory.model.Task;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The audit trail: every edit and review of a task, who made it, when, and what changed (a field's text before and
 * after). Kept by task id, so it outlives a task built again; written in the same transaction as the change.
 *
 * @since 0.1
 */
public final class TaskHistory {

    private TaskHistory() {
    }

    /** One change: at which version of the task, who, when, what ("review", "instruction", "step 3 code"...), before and after. */
    public record Entry(long version, String by, String at, String what, String before, String after) {
    }

    /**
     * What differs between two versions of a task: its fields and number of steps ({@code withRecord}: false where the
     * server's triggers write those), and each step's fields when the steps are the same in number.
     */
    static List<Entry> changes(Task before, Task after, long version, String by, String at, boolean withRecord) {
        List<Entry> changes = new ArrayList<>();
        if (withRecord) {
            compare(before.header(), after.header(), "", version, by, at, changes);
        }
        List<Step> a = before.steps();
        List<Step> b = after.steps();
        if (a.size() != b.size() && withRecord) {
            changes.add(new Entry(version, by, at, "steps", a.size() + " steps", b.size() + " steps"));
        }
        stepChanges(a, b, version, by, at, changes);
        return changes;
    }

    /**
     * Each step's changes, the steps paired by alignment (the longest run of unchanged steps in order, as a diff pairs
     * lines): an inserted, deleted or merged step shifts no other, and within a stretch that changed, steps are paired
     * in order, the rest said added ("step 4", its code after) or removed (its code before). Numbers are the new
     * positions, a removed step's its old one.
     */
    private static void stepChanges(List<Step> a, List<Step> b, long version, String by, String at, List<Entry> changes) {
        // the table of common run lengths; past 2,000 by 2,000 steps (16 MB) the longer side's extra steps go first instead
        int[][] common = (long) a.size() * b.size() > 4_000_000L ? null : new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; common != null && i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                common[i][j] = value(a.get(i)).equals(value(b.get(j))) ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        int i = 0;
        int j = 0;
        while (i < a.size() || j < b.size()) {
            int removedFrom = i;
            int addedFrom = j;
            while (i < a.size() || j < b.size()) { // the stretch up to the next unchanged step
                if (i < a.size() && j < b.size() && value(a.get(i)).equals(value(b.get(j)))) {
                    break;
                }
                boolean remove = j == b.size()
                        || i < a.size() && (common == null ? a.size() - i > b.size() - j : common[i + 1][j] >= common[i][j + 1]);
                if (remove) {
                    i++;
                } else {
                    j++;
                }
            }
            int paired = Math.min(i - removedFrom, j - addedFrom);
            for (int k = 0; k < paired; k++) {
                compare(value(a.get(removedFrom + k)), value(b.get(addedFrom + k)), "step " + (addedFrom + k) + " ", version, by, at, changes);
            }
            for (int k = removedFrom + paired; k < i; k++) {
                changes.add(new Entry(version, by, at, "step " + k, text(value(a.get(k)).get(Step.CODE)), null));
            }
            for (int k = addedFrom + paired; k < j; k++) {
                changes.add(new Entry(version, by, at, "step " + k, null, text(value(b.get(k)).get(Step.CODE))));
            }
            if (i < a.size() && j < b.size()) { // an unchanged step
                i++;
                j++;
            }
        }
    }

    private static ObjectNode value(Step step) {
        JsonNode value = step.json().get(Step.VALUE);
        return value instanceof ObjectNode object ? object : step.json();
    }

    private static void compare(ObjectNode a, ObjectNode b, String prefix, long version, String by, String at, List<Entry> changes) {
        TreeSet<String> fields = new TreeSet<>();
        a.fieldNames().forEachRemaining(fields::add);
        b.fieldNames().forEachRemaining(fields::add);
        fields.remove(Task.TRAJ);
        for (String field : fields) {
            String x = text(a.get(field));
            String y = text(b.get(field));
            if (!Objects.equals(x, y)) {
                changes.add(new Entry(version, by, at, prefix + field, x, y));
            }
        }
    }

    private static String text(JsonNode node) {
        return node == null || node.isNull() ? null : node.isTextual() ? node.textValue() : node.toString();
    }

    /** The task's current version (0 when there is no such task). */
    static long version(Connection c, String taskId) throws SQLException {
        try (PreparedStatement query = c.prepareStatement("SELECT version FROM trajectories WHERE task_id = ?")) {
            query.setString(1, taskId);
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? row.getLong(1) : 0;
            }
        }
    }

    static void add(Connection connection, String taskId, List<Entry> entries) throws SQLException {
        add(connection, java.util.Collections.nCopies(entries.size(), taskId), entries);
    }

    /** Adds each entry to the trail of the task at the same place in {@code taskIds}, in one batch. */
    static void add(Connection connection, List<String> taskIds, List<Entry> entries) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO task_history (task_id, version, changed_by, changed_at,"
                + " what, before_text, after_text) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            for (int i = 0; i < entries.size(); i++) {
                Entry entry = entries.get(i);
                insert.setString(1, taskIds.get(i));
                insert.setLong(2, entry.version());
                insert.setString(3, entry.by());
                insert.setString(4, entry.at());
                insert.setString(5, entry.what());
                insert.setString(6, entry.before());
                insert.setString(7, entry.after());
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /** A task's changes, oldest first. */
    static List<Entry> of(Connection connection, String taskId) throws SQLException {
        List<Entry> entries = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT version, changed_by, changed_at, what, before_text, after_text"
                + " FROM task_history WHERE task_id = ? ORDER BY id")) {
            query.setString(1, taskId);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    entries.add(new Entry(rows.getLong(1), rows.getString(2), rows.getString(3), rows.getString(4), rows.getString(5), rows.getString(6)));
                }
            }
        }
        return entries;
    }
}
