package org.trajectory.dataset;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.trajectory.model.Json;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Task;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.trajectory.model.OperatingSystems;

/**
 * A task's record: read with its version, saved only from the version it was read at (with its audit trail and its
 * announcement), kept as a copy, put whole (a built task): the SQL behind {@link Dataset}'s task methods.
 */
final class TaskRecords extends DatasetPart {

    TaskRecords(Dataset dataset) {
        super(dataset);
    }

    /** The record of a task as stored, or null if there is none with that id. */
    Task read(String taskId) throws SQLException {
        Loaded loaded = load(taskId);
        return loaded == null ? null : loaded.task;
    }

    /** The task as a draft to edit, or null if there is none with that id. */
    TaskDraft draft(String taskId) throws SQLException {
        Loaded loaded = load(taskId);
        return loaded == null ? null : new TaskDraft(loaded.task.json(), loaded.images, loaded.version);
    }

    private record Loaded(long seq, Task task, List<String> images, long version) {
    }

    /** Reads a task's header, version and steps in one pass over its steps, with each step's image hash. */
    private Loaded load(String taskId) throws SQLException {
        try (PreparedStatement header = connection.prepareStatement("SELECT seq, header, version FROM trajectories WHERE task_id = ?")) {
            header.setString(1, taskId);
            try (ResultSet row = header.executeQuery()) {
                if (!row.next()) {
                    return null;
                }
                List<ObjectNode> steps = new ArrayList<>();
                List<String> hashes = new ArrayList<>();
                try (PreparedStatement query = connection.prepareStatement(
                        "SELECT record, image_sha256 FROM steps WHERE task_seq = ? ORDER BY position")) {
                    query.setLong(1, row.getLong(1));
                    try (ResultSet rows = query.executeQuery()) {
                        while (rows.next()) {
                            steps.add((ObjectNode) Json.MAPPER.readTree(rows.getString(1)));
                            hashes.add(rows.getString(2));
                        }
                    }
                }
                return new Loaded(row.getLong(1), Task.assemble((ObjectNode) Json.MAPPER.readTree(row.getString(2)), steps), hashes, row.getLong(3));
            }
        } catch (IOException | RecordFormatException e) {
            throw new SQLException("task '" + taskId + "' is stored damaged: " + e.getMessage(), e);
        }
    }

    /**
     * Stores an edited task in one transaction: its record, its steps (rewritten), the columns the table shows; returns
     * the draft at the version it stored. Refused with a {@link StaleTaskException} when the task was changed after the
     * draft's version was read (nothing is written; the draft stays the caller's). A process killed after this returns
     * loses nothing: the transaction is committed.
     */
    TaskDraft save(TaskDraft draft) throws SQLException {
        Task task = draft.task();
        return dataset.promptly("edit of task " + task.taskId(), c -> {
            Loaded stored = load(task.taskId()); // what the audit trail compares the edit with
            String now = Instant.now().toString();
            // Only the columns that change are written: a reviewer's grant covers the steps' columns, not the task's fields.
            Map<String, Object> was = columns(stored.task(), stored.task().steps().size());
            Map<String, Object> changed = new LinkedHashMap<>(columns(task, draft.stepCount()));
            changed.entrySet().removeIf(column -> Objects.equals(column.getValue(), was.get(column.getKey())));
            changed.put("updated_at", now);
            changed.put("updated_by", dataset.user());
            StringBuilder update = new StringBuilder("UPDATE trajectories SET version = version + 1");
            changed.keySet().forEach(column -> update.append(", ").append(column).append(" = ?"));
            try (PreparedStatement write = c.prepareStatement(update.append(" WHERE task_id = ? AND version = ?").toString())) {
                int i = 1;
                for (Object value : changed.values()) {
                    write.setObject(i++, value);
                }
                write.setString(i++, task.taskId());
                write.setLong(i, draft.version());
                if (write.executeUpdate() != 1) {
                    throw StaleTaskException.of(c, task.taskId(), draft.version());
                }
            }
            for (String table : new String[] { "steps", "step_problems" }) {
                try (PreparedStatement delete = c.prepareStatement("DELETE FROM " + table + " WHERE task_seq = ?")) {
                    delete.setLong(1, stored.seq());
                    delete.executeUpdate();
                }
            }
            try (Statements sql = new Statements(dataset, c)) {
                sql.insertSteps(stored.seq(), task, draft::image);
                sql.flush();
            }
            List<TaskHistory.Entry> changes = TaskHistory.changes(stored.task(), task, draft.version() + 1, dataset.user(), now,
                    !dataset.auditedByServer());
            TaskHistory.add(c, task.taskId(), changes);
            DatasetChanges.announce(c, dataset.engine(), "edit", task.taskId());
            // the trail's entries leave the task's own fields and a change of step count to a server's triggers
            if (!changes.isEmpty() || stored.task().steps().size() != draft.stepCount() || !stored.task().header().equals(task.header())) {
                reopenReview(c, task.taskId(), now); // heard after the edit it follows from
            }
            return draft.at(draft.version() + 1);
        });
    }

    /**
     * A task whose content changed after a reviewer approved or rejected it is reviewed again: its state becomes
     * {@link ReviewState#CHANGED}, said in its audit trail beside the changes. Other states stand (needs_fix expects one).
     */
    private void reopenReview(Connection c, String taskId, String at) throws SQLException {
        ReviewState state;
        String note;
        try (PreparedStatement query = c.prepareStatement("SELECT r.state, r.note FROM reviews r JOIN trajectories t ON r.task_seq = t.seq"
                + " WHERE t.task_id = ?")) {
            query.setString(1, taskId);
            try (ResultSet row = query.executeQuery()) {
                if (!row.next() || !ReviewState.of(row.getString(1)).decided()) {
                    return;
                }
                state = ReviewState.of(row.getString(1));
                note = row.getString(2);
            }
        }
        try (PreparedStatement update = c.prepareStatement("UPDATE reviews SET state = ? WHERE task_seq = (SELECT seq FROM trajectories"
                + " WHERE task_id = ?)")) {
            update.setString(1, ReviewState.CHANGED.id());
            update.setString(2, taskId);
            update.executeUpdate();
        }
        judged(c, taskId, at, "review", verdictText(state, note), ReviewState.CHANGED.id() + ": the content changed after it was "
                + state.id() + "; review it again");
    }

    /** The columns of the tasks table that show a task's fields (its header holds them all). */
    private static Map<String, Object> columns(Task task, int stepCount) {
        Map<String, Object> columns = new LinkedHashMap<>();
        columns.put("trajectory_id", task.text(Task.TRAJECTORY_ID));
        columns.put("instruction", task.instruction());
        columns.put("domain", task.text(Task.DOMAIN));
        columns.put("os", OperatingSystems.name(task.text(Task.OS)));
        columns.put("step_count", stepCount);
        columns.put("task_completed", task.taskCompleted());
        columns.put("alignment_score", task.number(Task.ALIGNMENT_SCORE));
        columns.put("efficiency_score", task.number(Task.EFFICIENCY_SCORE));
        columns.put("task_difficulty", task.number(Task.TASK_DIFFICULTY));
        columns.put("final_score", task.score("final_score"));
        columns.put("header", task.header().toString());
        return columns;
    }

    /**
     * Keeps an edit that could not be saved (its task changed meanwhile) as a task of its own, {@code newId}, with the
     * same steps and images; returns it as a draft. Nothing of either edit is lost.
     */
    TaskDraft saveCopy(TaskDraft draft, String newId) throws SQLException {
        if (dataset.contains(newId)) {
            throw new SQLException("there is already a task '" + newId + "'");
        }
        TaskDraft copy = draft.withTaskText(Task.TASK_ID, newId);
        Task task = copy.task();
        dataset.promptly("copy of task " + draft.taskId(), c -> {
            try (Statements sql = new Statements(dataset, c)) {
                String now = Instant.now().toString();
                long seq = sql.insertTask(task, task.header().toString(), source(draft.taskId()), now);
                sql.insertSteps(seq, task, copy::image);
                sql.flush();
            }
            TaskHistory.add(c, newId, List.of(new TaskHistory.Entry(1, dataset.user(), Instant.now().toString(), "copied from task",
                    draft.taskId() + " version " + draft.version(), newId)));
            DatasetChanges.announce(c, dataset.engine(), "copy", newId);
            return null;
        });
        return draft(newId);
    }

    private String source(String taskId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT source FROM trajectories WHERE task_id = ?")) {
            query.setString(1, taskId);
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? row.getString(1) : null;
            }
        }
    }

    /**
     * Adds a task made elsewhere (a trajectory built from a recording), with the image of each step (null where none),
     * in one transaction; a task with the same id is replaced, so building a recording again updates its trajectory.
     */
    void put(Task task, List<byte[]> stepImages, String source) throws SQLException, IOException {
        List<org.trajectory.model.Step> steps = task.steps();
        if (steps.size() != stepImages.size()) {
            throw new IllegalArgumentException("one image (or null) per step");
        }
        List<String> hashes = new ArrayList<>();
        List<ImageFormat.Info> infos = new ArrayList<>();
        for (byte[] bytes : stepImages) {
            if (bytes == null) {
                hashes.add(null);
                infos.add(null);
                continue;
            }
            try {
                infos.add(ImageFormat.inspect(bytes));
            } catch (ImageFormat.InvalidImageException e) {
                throw new IOException("the image of step " + hashes.size() + " is not a readable image: " + e.getMessage(), e);
            }
            hashes.add(dataset.images().put(bytes));
        }
        dataset.promptly("build of task " + task.taskId(), c -> {
            Dataset.Review review = dataset.updatedAt(task.taskId()) == null ? null : dataset.reviews().of(task.taskId());
            boolean reviewed = review != null && review.reviewer() != null;
            // only a decision is reopened, so only then is the content it was made on read, to compare
            Task before = reviewed && review.state().decided() ? load(task.taskId()).task() : null;
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM trajectories WHERE task_id = ?")) {
                delete.setString(1, task.taskId());
                delete.executeUpdate();
            }
            try (Statements sql = new Statements(dataset, c)) {
                String now = Instant.now().toString();
                long seq = sql.insertTask(task, task.header().toString(), source, now);
                for (int i = 0; i < steps.size(); i++) {
                    if (hashes.get(i) != null) {
                        sql.insertImage(hashes.get(i), infos.get(i), stepImages.get(i).length);
                    }
                }
                sql.insertSteps(seq, task, hashes::get);
                sql.flush();
                if (reviewed) {
                    // the task built again keeps its review; a decision on other content is reopened
                    try (PreparedStatement keep = c.prepareStatement("INSERT INTO reviews (task_seq, state, reviewer, reviewed_at, note)"
                            + " VALUES (?, ?, ?, ?, ?)")) {
                        keep.setLong(1, seq);
                        keep.setString(2, review.state().id());
                        keep.setString(3, review.reviewer());
                        keep.setString(4, review.reviewedAt());
                        keep.setString(5, review.note());
                        keep.executeUpdate();
                    }
                }
            }
            DatasetChanges.announce(c, dataset.engine(), "build", task.taskId());
            if (before != null && !before.toJson().equals(task.toJson())) {
                reopenReview(c, task.taskId(), Instant.now().toString());
            }
            return null;
        });
    }
}
