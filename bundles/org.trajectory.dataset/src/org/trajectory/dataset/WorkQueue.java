package org.trajectory.dataset;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The work a server dataset shares among its workers, in the dataset itself (no scheduler of our own): one row per
 * piece of work (a recording to build, a video to extract, a task to annotate, score or replay). A worker claims a
 * batch with {@code FOR UPDATE SKIP LOCKED}, so workers starting together take different rows without waiting; a
 * claim is a lease on the server's clock, renewed while the work goes on; a worker that dies loses its claims when the
 * lease runs out, and the next claim takes them. Finishing needs the claim: a worker whose lease ran out and whose item
 * another took records nothing, so each item is recorded done once. Its own connection, so renewals from another
 * thread never join the transaction of the work.
 *
 * @since 0.1
 */
public final class WorkQueue implements AutoCloseable {

    /** Claims an item's workers lost (their lease ran out) before it is failed as the likely cause of their end. */
    public static final int MAX_ATTEMPTS = 3;
    private static final int LISTED = 200;

    /** Where a piece of work is. */
    public enum State {
        WAITING, CLAIMED, DONE, FAILED, DISMISSED;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A claimed piece of work: what to do it to, and how many claims it has had (this one included). */
    public record Item(long id, String operation, String subject, int attempts) {
    }

    /** An item as {@code jobs} lists it; times on the server's clock, null where not reached. */
    public record Entry(long id, String operation, String subject, State state, String worker, Instant claimedAt, Instant leaseUntil,
            int attempts, String outcome, Instant finishedAt) {
    }

    /** How many items of an operation are in each state. */
    public record Counts(String operation, long waiting, long claimed, long done, long failed, long dismissed) {
        public long total() {
            return waiting + claimed + done + failed + dismissed;
        }
    }

    /** What one worker did for one operation: items done and failed, holding now, from its first claim to its last finish. */
    public record WorkerRate(String worker, String operation, long done, long failed, long holding, Instant first, Instant last) {
        /** Items finished a minute, or 0 before the second. */
        public double perMinute() {
            if (first == null || last == null || !last.isAfter(first)) {
                return 0;
            }
            return (done + failed) * 60_000.0 / Duration.between(first, last).toMillis();
        }
    }

    /** The queue as {@code jobs} shows it: counts per operation, the items held now and those failed, each worker's rate. */
    public record Status(List<Counts> operations, List<Entry> claimed, List<Entry> failed, List<WorkerRate> workers, Instant now) {
    }

    private final Connection connection;
    private final String now;
    private final String skipLocked;

    private WorkQueue(Engine engine) throws SQLException {
        this.connection = engine.connect();
        this.now = engine.clockMillis();
        this.skipLocked = engine.skipLocked();
    }

    /** The queue of {@code dataset}, on a connection of its own; only a server dataset has one. */
    static WorkQueue of(Dataset dataset) throws SQLException {
        if (!(dataset.engine() instanceof Engine.Postgres)) {
            throw new SQLException("the dataset " + dataset.address() + " is a folder: workers share work on a server dataset"
                    + " (postgresql://...); on a folder, run the command with its recordings or tasks");
        }
        return new WorkQueue(dataset.engine());
    }

    /**
     * Adds pieces of work of {@code operation}; an item already there stays as it is (waiting, held, or done once),
     * unless {@code again}, which puts a finished one back to waiting. Returns how many were added or put back.
     */
    public synchronized int enqueue(String operation, Collection<String> subjects, boolean again, String by) throws SQLException {
        String conflict = again ? " ON CONFLICT (operation, subject) DO UPDATE SET state = 'waiting', worker = NULL, lease_until = NULL,"
                + " attempts = 0, outcome = NULL, enqueued_by = excluded.enqueued_by, enqueued_at = excluded.enqueued_at"
                + " WHERE work_items.state IN ('done', 'failed', 'dismissed')" : " ON CONFLICT (operation, subject) DO NOTHING";
        return Dataset.transaction(connection, c -> {
            int added = 0;
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO work_items (operation, subject, state, enqueued_by, enqueued_at)"
                    + " VALUES (?, ?, 'waiting', ?, " + now + ")" + conflict)) {
                for (String subject : subjects) {
                    insert.setString(1, operation);
                    insert.setString(2, subject);
                    insert.setString(3, by);
                    added += insert.executeUpdate();
                }
            }
            return added;
        });
    }

    /**
     * Makes the dataset's tasks the work of {@code operation} done with settings {@code key}: a task without an item
     * gets one, and an item done for other settings or an earlier version of its task waits again. Workers started
     * together with the same settings agree, so none puts back what another just did. {@code again} puts back every
     * finished one (start one worker with it, the others without).
     */
    public synchronized int enqueueTasks(String operation, String key, String by, boolean again) throws SQLException {
        return Dataset.transaction(connection, c -> {
            int changed;
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO work_items (operation, subject, state, enqueued_by, enqueued_at)"
                    + " SELECT ?, task_id, 'waiting', ?, " + now + " FROM trajectories ORDER BY seq ON CONFLICT (operation, subject) DO NOTHING")) {
                insert.setString(1, operation);
                insert.setString(2, by);
                changed = insert.executeUpdate();
            }
            try (PreparedStatement redo = c.prepareStatement("UPDATE work_items SET state = 'waiting', worker = NULL, attempts = 0,"
                    + " outcome = NULL FROM trajectories t WHERE work_items.operation = ? AND t.task_id = work_items.subject AND ("
                    + (again ? "work_items.state IN ('done', 'failed', 'dismissed'))" : "work_items.state = 'done' AND (work_items.done_key IS NULL"
                            + " OR work_items.done_key <> ? || '@' || t.version))"))) {
                redo.setString(1, operation);
                if (!again) {
                    redo.setString(2, key);
                }
                changed += redo.executeUpdate();
            }
            return changed;
        });
    }

    /** The key an item of a task is recorded done with: the settings, and the version of the task the work left. */
    public static String taskKey(String key, long version) {
        return key + "@" + version;
    }

    /**
     * Claims up to {@code batch} items of {@code operation} for {@code lease}: waiting ones first in the order they came,
     * and those whose worker's lease ran out. An item whose workers lost it {@value #MAX_ATTEMPTS} times fails instead.
     */
    public synchronized List<Item> claim(String operation, String worker, int batch, Duration lease) throws SQLException {
        try (PreparedStatement poison = connection.prepareStatement("UPDATE work_items SET state = 'failed', lease_until = NULL,"
                + " finished_at = " + now + ", outcome = 'its workers stopped ' || attempts || ' times while on it (killed, out of memory,"
                + " or a machine gone): retry it once the cause is found' WHERE operation = ? AND state = 'claimed' AND lease_until < " + now
                + " AND attempts >= ?")) {
            poison.setString(1, operation);
            poison.setInt(2, MAX_ATTEMPTS);
            poison.executeUpdate();
        }
        List<Item> items = new ArrayList<>();
        try (PreparedStatement claim = connection.prepareStatement("UPDATE work_items SET state = 'claimed', worker = ?, claimed_at = " + now
                + ", lease_until = " + now + " + ?, attempts = attempts + 1 WHERE id IN (SELECT id FROM work_items WHERE operation = ?"
                + " AND (state = 'waiting' OR (state = 'claimed' AND lease_until < " + now + ")) ORDER BY id LIMIT ?" + skipLocked + ")"
                + " RETURNING id, subject, attempts")) {
            claim.setString(1, worker);
            claim.setLong(2, lease.toMillis());
            claim.setString(3, operation);
            claim.setInt(4, batch);
            try (ResultSet rows = claim.executeQuery()) {
                while (rows.next()) {
                    items.add(new Item(rows.getLong(1), operation, rows.getString(2), rows.getInt(3)));
                }
            }
        }
        items.sort((a, b) -> Long.compare(a.id(), b.id()));
        return items;
    }

    /** Extends the lease of every item {@code worker} holds; returns how many it still holds. */
    public synchronized int renew(String worker, Duration lease) throws SQLException {
        try (PreparedStatement renew = connection.prepareStatement("UPDATE work_items SET lease_until = " + now + " + ?"
                + " WHERE worker = ? AND state = 'claimed'")) {
            renew.setLong(1, lease.toMillis());
            renew.setString(2, worker);
            return renew.executeUpdate();
        }
    }

    /**
     * Records {@code item} done by {@code worker}, with the key of what it was done for and the words of what it made;
     * false when the worker no longer holds it (its lease ran out and another worker took it: theirs is recorded).
     */
    public synchronized boolean finish(Item item, String worker, String key, String outcome) throws SQLException {
        return end(item, worker, State.DONE, key, outcome);
    }

    /** Records {@code item} failed, with the reason; false when the worker no longer holds it. */
    public synchronized boolean fail(Item item, String worker, String reason) throws SQLException {
        return end(item, worker, State.FAILED, null, reason);
    }

    private boolean end(Item item, String worker, State state, String key, String outcome) throws SQLException {
        try (PreparedStatement end = connection.prepareStatement("UPDATE work_items SET state = ?, done_key = ?, outcome = ?,"
                + " finished_at = " + now + ", lease_until = NULL WHERE id = ? AND worker = ? AND state = 'claimed'")) {
            end.setString(1, state.id());
            end.setString(2, key);
            end.setString(3, outcome);
            end.setLong(4, item.id());
            end.setString(5, worker);
            return end.executeUpdate() == 1;
        }
    }

    /** Gives back what {@code worker} holds (it stops, or lost the server in the middle of a batch): others may take it at once. */
    public synchronized int release(String worker) throws SQLException {
        try (PreparedStatement release = connection.prepareStatement("UPDATE work_items SET state = 'waiting', worker = NULL,"
                + " lease_until = NULL, attempts = attempts - 1 WHERE worker = ? AND state = 'claimed'")) {
            release.setString(1, worker);
            return release.executeUpdate();
        }
    }

    /** Milliseconds until the first lease another worker holds on {@code operation} runs out, or -1 when none is held. */
    public synchronized long heldElsewhere(String operation, String worker) throws SQLException {
        try (PreparedStatement held = connection.prepareStatement("SELECT MIN(lease_until) - " + now + " FROM work_items"
                + " WHERE operation = ? AND state = 'claimed' AND worker <> ?")) {
            held.setString(1, operation);
            held.setString(2, worker);
            try (ResultSet row = held.executeQuery()) {
                row.next();
                long left = row.getLong(1);
                return row.wasNull() ? -1 : Math.max(0, left);
            }
        }
    }

    /** Puts failed (and dismissed) items back to waiting: those numbered, or every one of {@code operation} (null: all). */
    public synchronized int retry(Collection<Long> ids, String operation) throws SQLException {
        return change("state = 'waiting', worker = NULL, attempts = 0, outcome = NULL, finished_at = NULL",
                "state IN ('failed', 'dismissed')", ids, operation);
    }

    /** Sets failed items aside: {@code jobs} stops listing them, and no worker takes them. */
    public synchronized int dismiss(Collection<Long> ids, String operation) throws SQLException {
        return change("state = 'dismissed'", "state = 'failed'", ids, operation);
    }

    private int change(String set, String from, Collection<Long> ids, String operation) throws SQLException {
        StringBuilder sql = new StringBuilder("UPDATE work_items SET " + set + " WHERE " + from);
        List<Object> values = new ArrayList<>();
        if (!ids.isEmpty()) {
            sql.append(" AND id IN (").append(String.join(", ", java.util.Collections.nCopies(ids.size(), "?"))).append(")");
            values.addAll(ids);
        }
        if (operation != null) {
            sql.append(" AND operation = ?");
            values.add(operation);
        }
        try (PreparedStatement update = connection.prepareStatement(sql.toString())) {
            for (int i = 0; i < values.size(); i++) {
                update.setObject(i + 1, values.get(i));
            }
            return update.executeUpdate();
        }
    }

    /** Everything {@code jobs} shows. */
    public synchronized Status status() throws SQLException {
        List<Counts> counts = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT operation, SUM(CASE WHEN state = 'waiting' THEN 1 ELSE 0 END),"
                + " SUM(CASE WHEN state = 'claimed' THEN 1 ELSE 0 END), SUM(CASE WHEN state = 'done' THEN 1 ELSE 0 END),"
                + " SUM(CASE WHEN state = 'failed' THEN 1 ELSE 0 END), SUM(CASE WHEN state = 'dismissed' THEN 1 ELSE 0 END)"
                + " FROM work_items GROUP BY operation ORDER BY operation"); ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                counts.add(new Counts(rows.getString(1), rows.getLong(2), rows.getLong(3), rows.getLong(4), rows.getLong(5), rows.getLong(6)));
            }
        }
        List<WorkerRate> workers = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT worker, operation, SUM(CASE WHEN state = 'done' THEN 1 ELSE 0 END),"
                + " SUM(CASE WHEN state = 'failed' THEN 1 ELSE 0 END), SUM(CASE WHEN state = 'claimed' THEN 1 ELSE 0 END),"
                + " MIN(claimed_at), MAX(finished_at) FROM work_items WHERE worker IS NOT NULL GROUP BY worker, operation"
                + " ORDER BY operation, worker"); ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                workers.add(new WorkerRate(rows.getString(1), rows.getString(2), rows.getLong(3), rows.getLong(4), rows.getLong(5),
                        instant(rows, 6), instant(rows, 7)));
            }
        }
        Instant clock;
        try (PreparedStatement query = connection.prepareStatement("SELECT " + now); ResultSet row = query.executeQuery()) {
            row.next();
            clock = Instant.ofEpochMilli(row.getLong(1));
        }
        return new Status(counts, entries("state = 'claimed'"), entries("state = 'failed'"), workers, clock);
    }

    private List<Entry> entries(String where) throws SQLException {
        List<Entry> entries = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT id, operation, subject, state, worker, claimed_at, lease_until,"
                + " attempts, outcome, finished_at FROM work_items WHERE " + where + " ORDER BY operation, id LIMIT " + LISTED);
                ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                entries.add(new Entry(rows.getLong(1), rows.getString(2), rows.getString(3), State.valueOf(rows.getString(4).toUpperCase(Locale.ROOT)),
                        rows.getString(5), instant(rows, 6), instant(rows, 7), rows.getInt(8), rows.getString(9), instant(rows, 10)));
            }
        }
        return entries;
    }

    private static Instant instant(ResultSet row, int column) throws SQLException {
        long millis = row.getLong(column);
        return row.wasNull() ? null : Instant.ofEpochMilli(millis);
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
