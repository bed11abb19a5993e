package org.trajectory.dataset;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.trajectory.model.Json;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;

/**
 * Copies a whole dataset into another, across engines (a folder to a server and back): every table row as it is,
 * task numbers kept, the images into the target's images folder. Streams in batches of tasks, each batch one
 * transaction of the target, so a killed copy leaves the target holding whole tasks and a rerun goes on after the last
 * one. Into PostgreSQL the rows go by COPY, the server's bulk path. At the end both sides are counted and hashed, table
 * by table, and any difference is reported.
 *
 * @since 0.1
 */
public final class CopyOperation extends DatasetOperation<CopyOperation.Report> {

    /** Tasks per transaction: large enough for the bulk path to pay, small enough that a resumed copy redoes little. */
    static final int BATCH = 200;

    /** The tables of tasks, with their columns and order; the first column is the task's number. */
    private static final Map<String, List<String>> TABLES = new LinkedHashMap<>();
    static {
        TABLES.put("trajectories", List.of("seq", "task_id", "trajectory_id", "instruction", "domain", "os", "step_count", "task_completed",
                "alignment_score", "efficiency_score", "task_difficulty", "final_score", "source", "extraction_confidence", "imported_at",
                "updated_at", "header", "version", "updated_by"));
        TABLES.put("steps", List.of("task_seq", "position", "image_name", "image_sha256", "actions", "record", "application"));
        TABLES.put("reviews", List.of("task_seq", "state", "reviewer", "reviewed_at", "note"));
        TABLES.put("review_grades", List.of("task_seq", "accept_level", "correctness", "difficulty", "knowledge", "value"));
        TABLES.put("scores", List.of("task_seq", "criterion", "version", "content_hash", "value", "reason", "details", "error", "scored_at"));
        TABLES.put("embeddings", List.of("task_seq", "model", "text_hash", "vector"));
        TABLES.put("step_problems", List.of("task_seq", "position", "message"));
        TABLES.put("assignments", List.of("task_seq", "reviewer"));
        TABLES.put("verdicts", List.of("task_seq", "reviewer", "verdict", "note", "judged_at"));
        TABLES.put("gold", List.of("task_seq", "verdict"));
        TABLES.put("replays", List.of("task_seq", "environment", "content_hash", "outcome", "diverged_at", "steps_matched", "step_count",
                "details", "replayed_at"));
        TABLES.put("scrubs", List.of("task_seq", "content_hash", "detectors", "findings", "unreviewed", "scrubbed_at"));
    }
    private static final Map<String, String> ORDER = Map.ofEntries(Map.entry("trajectories", "seq"), Map.entry("steps", "task_seq, position"),
            Map.entry("reviews", "task_seq"), Map.entry("review_grades", "task_seq"), Map.entry("scores", "task_seq, criterion"), Map.entry("embeddings", "task_seq, model"),
            Map.entry("step_problems", "task_seq, position, message"), Map.entry("assignments", "task_seq, reviewer"),
            Map.entry("verdicts", "task_seq, reviewer"), Map.entry("gold", "task_seq"), Map.entry("replays", "task_seq"),
            Map.entry("scrubs", "task_seq"));
    private static final List<String> IMAGE_COLUMNS = List.of("sha256", "format", "width", "height", "bytes");
    private static final List<String> HISTORY_COLUMNS = List.of("id", "task_id", "version", "changed_by", "changed_at", "what", "before_text", "after_text");
    /** Meta entries that belong to the place, not the data. */
    private static final List<String> LOCAL_META = List.of("schema_version", Dataset.IMAGES_FOLDER, Dataset.UNFINISHED_COPY);

    private final Dataset source;
    private final Dataset target;

    /** A copy into {@code target}, the dataset it writes. */
    public CopyOperation(Dataset source, Dataset target) {
        super(target, "Copying " + source.address() + " to " + target.address());
        this.source = source;
        this.target = target;
    }

    /** The target is written; the source is only read, but a copy of a dataset that changes meanwhile would not verify. */
    @Override
    public Set<String> exclusive() {
        return Set.of(source.address().exclusive(), target.address().exclusive());
    }

    /** What a copy did: tasks copied now and found copied by an earlier run, images stored, and the check at the end. */
    public record Report(DatasetAddress target, long copied, long resumed, long images, Map<String, Long> rows, List<String> differences,
            boolean cancelled, double copySeconds, double verifySeconds) implements org.trajectory.model.operation.Report {
        public boolean verified() {
            return differences.isEmpty() && !cancelled;
        }

        /** Each difference the check found between the two sides. */
        @Override
        public List<Problem> problems() {
            return differences.stream().map(d -> Problem.at(target.toString(), 0, "the copy differs: " + d)).toList();
        }

        /** One sentence: what was copied to the target, and whether the check found it the same. */
        @Override
        public String summary() {
            return cancelled ? "cancelled after " + Words.count(copied, "task") + "; run it again to go on"
                    : "copied " + Words.count(copied, "task") + (resumed > 0 ? " (" + resumed + " were there already)" : "") + " and "
                            + Words.count(images, "image") + " to " + target + "; " + (verified() ? "counts and hashes of every table match" : "NOT the same: see above");
        }

        @Override
        public Map<String, Object> json() {
            return Json.fields("copied", copied, "already_there", resumed, "images", images, "rows", rows, "verified", verified(),
                    "copy_seconds", copySeconds, "verify_seconds", verifySeconds);
        }
    }

    @Override
    public Report run(Progress progress) throws SQLException, IOException {
        long start = System.nanoTime();
        long done = resumeAfter();
        long resumed = Dataset.count(target.connection(), "SELECT COUNT(*) FROM trajectories");
        long total = Dataset.count(source.connection(), "SELECT COUNT(*) FROM trajectories");
        // Said to every opener until the copy is verified whole: a stopped copy must not pass for a dataset.
        target.setMeta(Dataset.UNFINISHED_COPY, "from " + source.address() + ", begun " + java.time.Instant.now());
        progress.begin("Copying " + source.address() + " to " + target.address(), total, "tasks");
        progress.worked(resumed);
        long copied = 0;
        long images = 0;
        boolean cancelled = false;
        // The next batch is read from the source while this one is written to the target.
        ExecutorService reader = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "Copy reader " + source.address());
            thread.setDaemon(true);
            return thread;
        });
        try (DatasetActivity activity = target.activity("copy from " + source.address())) {
            long after = done;
            Future<Batch> next = reader.submit(() -> read(after));
            while (true) {
                Batch batch = result(next);
                if (batch == null) {
                    break;
                }
                if (progress.isCancelled()) {
                    cancelled = true;
                    break;
                }
                next = reader.submit(() -> read(batch.last()));
                write(batch);
                images += batch.storedImages();
                copied += batch.tasks();
                progress.worked(batch.tasks());
            }
            next.cancel(false);
        } finally {
            reader.shutdown();
            try {
                reader.awaitTermination(1, TimeUnit.MINUTES); // the source's connection is the reader's until it ends
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (!cancelled) {
            copyHistory();
            copyMeta();
            target.engine().afterExplicitKeys(target.connection());
        }
        double copySeconds = (System.nanoTime() - start) / 1e9;
        Map<String, Long> rows = new LinkedHashMap<>();
        List<String> differences = cancelled ? List.of() : verify(rows);
        if (!cancelled && differences.isEmpty()) {
            target.setMeta(Dataset.UNFINISHED_COPY, null);
        }
        return new Report(target.address(), copied, resumed, images, rows, differences, cancelled, copySeconds, (System.nanoTime() - start) / 1e9 - copySeconds);
    }

    /** What one batch of tasks holds: its range of task numbers, its rows by table, and the images stored for it. */
    private record Batch(long after, long last, long tasks, List<List<Object>> images, Map<String, List<List<Object>>> rows, long storedImages) {
    }

    private static Batch result(Future<Batch> future) throws SQLException, IOException {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("the copy was interrupted", e);
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case SQLException sql -> throw sql;
                case IOException io -> throw io;
                case RuntimeException runtime -> throw runtime;
                default -> throw new SQLException(e.getCause());
            }
        }
    }

    /** The last task number the target already holds, after checking it holds the source's first tasks and nothing else. */
    private long resumeAfter() throws SQLException {
        long last = Dataset.count(target.connection(), "SELECT COALESCE(MAX(seq), 0) FROM trajectories");
        if (last == 0) {
            return 0;
        }
        String theirs = taskAt(target.connection(), last);
        if (!Objects.equals(theirs, taskAt(source.connection(), last))
                || Dataset.count(target.connection(), "SELECT COUNT(*) FROM trajectories") != Dataset.count(source.connection(),
                        "SELECT COUNT(*) FROM trajectories WHERE seq <= " + last)) {
            throw new SQLException(target.address() + " already holds other tasks (" + theirs + "...); copy into an empty dataset");
        }
        return last;
    }

    private static String taskAt(Connection connection, long seq) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT task_id FROM trajectories WHERE seq = ?")) {
            query.setLong(1, seq);
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? row.getString(1) : null;
            }
        }
    }

    /** The next batch after task number {@code after}: {first exclusive, last inclusive, tasks}, or null at the end. */
    private long[] nextBatch(long after) throws SQLException {
        try (PreparedStatement query = source.connection().prepareStatement(
                "SELECT MAX(seq), COUNT(*) FROM (SELECT seq FROM trajectories WHERE seq > ? ORDER BY seq LIMIT " + BATCH + ") batch")) {
            query.setLong(1, after);
            try (ResultSet row = query.executeQuery()) {
                row.next();
                return row.getLong(2) == 0 ? null : new long[] { after, row.getLong(1), row.getLong(2) };
            }
        }
    }

    /** Reads the batch after task number {@code after} from the source and stores its images in the target's folder; null at the end. */
    private Batch read(long after) throws SQLException, IOException {
        long[] range = nextBatch(after);
        if (range == null) {
            return null;
        }
        long last = range[1];
        List<List<Object>> imageRows = rows(source.connection(), "SELECT DISTINCT i.sha256, i.format, i.width, i.height, i.bytes"
                + " FROM steps s JOIN trajectory_images i ON i.sha256 = s.image_sha256 WHERE s.task_seq > ? AND s.task_seq <= ?", after, last);
        long stored = 0;
        boolean samePlace = source.images().sameAs(target.images());
        for (List<Object> image : imageRows) {
            String sha = (String) image.get(0);
            if (!samePlace && !target.images().has(sha)) {
                byte[] bytes = source.images().read(sha);
                if (!target.images().put(bytes).equals(sha)) {
                    throw new IOException("the " + source.images().where(sha) + " is not what its name says (damaged); the copy stopped before it");
                }
                stored++;
            }
        }
        Map<String, List<List<Object>>> tables = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> table : TABLES.entrySet()) {
            List<String> columns = table.getValue();
            tables.put(table.getKey(), rows(source.connection(), "SELECT " + String.join(", ", columns) + " FROM " + table.getKey()
                    + " WHERE " + columns.get(0) + " > ? AND " + columns.get(0) + " <= ?", after, last));
        }
        return new Batch(after, last, range[2], imageRows, tables, stored);
    }

    /** Writes a batch's rows in one transaction of the target: a killed copy leaves whole tasks. */
    private void write(Batch batch) throws SQLException {
        target.images().flush();
        target.transaction(c -> {
            target.engine().bulkTransaction(c);
            write(c, "trajectory_images", IMAGE_COLUMNS, batch.images(), true);
            for (Map.Entry<String, List<List<Object>>> table : batch.rows().entrySet()) {
                write(c, table.getKey(), TABLES.get(table.getKey()), table.getValue(), false);
            }
            return null;
        });
    }

    /** The audit trail after the tasks, in batches, going on after the last entry the target has. */
    private void copyHistory() throws SQLException {
        String select = "SELECT " + String.join(", ", HISTORY_COLUMNS) + " FROM task_history WHERE id > ? ORDER BY id LIMIT 10000";
        while (true) {
            long last = Dataset.count(target.connection(), "SELECT COALESCE(MAX(id), 0) FROM task_history");
            List<List<Object>> rows = rows(source.connection(), select, last);
            if (rows.isEmpty()) {
                return;
            }
            target.transaction(c -> {
                target.engine().bulkTransaction(c);
                write(c, "task_history", HISTORY_COLUMNS, rows, false);
                return null;
            });
        }
    }

    private void copyMeta() throws SQLException {
        for (List<Object> row : rows(source.connection(), "SELECT name, value FROM meta")) {
            if (!LOCAL_META.contains(row.get(0))) {
                target.setMeta((String) row.get(0), (String) row.get(1));
            }
        }
    }

    private static List<List<Object>> rows(Connection connection, String sql, Object... parameters) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                query.setObject(i + 1, parameters[i]);
            }
            try (ResultSet result = query.executeQuery()) {
                int columns = result.getMetaData().getColumnCount();
                while (result.next()) {
                    List<Object> row = new ArrayList<>(columns);
                    for (int i = 1; i <= columns; i++) {
                        row.add(result.getObject(i));
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    /** Writes rows into the target by its bulk path; images may be there already (another copy, a shared folder). */
    private void write(Connection c, String table, List<String> columns, List<List<Object>> rows, boolean skipExisting) throws SQLException {
        BulkRows bulk = new BulkRows(target.engine(), table, columns);
        for (List<Object> row : rows) {
            Object[] values = new Object[row.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = column(columns.get(i), row.get(i));
                if (values[i] instanceof String text && text.indexOf('\0') >= 0) { // a folder from before StorableTask took it
                    throw new SQLException(table + " row " + columns.get(0) + " = " + row.get(0) + ": its " + columns.get(i)
                            + " holds a NUL character (U+0000), which " + target.address() + " cannot keep; edit it out in the source and copy again");
                }
            }
            bulk.add(values);
        }
        if (skipExisting) {
            bulk.flushNew(c);
        } else {
            bulk.flush(c);
        }
    }

    /** A value as the target's column takes it: SQLite keeps booleans as 0 and 1. */
    private static Object column(String name, Object value) {
        return BOOLEANS.contains(name) && value instanceof Number n ? n.intValue() != 0 : value;
    }

    private static final List<String> BOOLEANS = List.of("task_completed");

    /**
     * Reads every table on both sides in the same order, row by row, and compares the values as both engines give
     * them; returns what differs (nothing when the copy is whole): the row count, and the first differing row's key and column.
     */
    private List<String> verify(Map<String, Long> counts) throws SQLException {
        List<String> differences = new ArrayList<>();
        Map<String, List<String>> all = new LinkedHashMap<>(TABLES);
        all.put("trajectory_images", IMAGE_COLUMNS);
        all.put("task_history", HISTORY_COLUMNS);
        for (Map.Entry<String, List<String>> table : all.entrySet()) {
            List<String> columns = table.getValue();
            String sql = "SELECT " + String.join(", ", columns) + " FROM " + table.getKey() + " ORDER BY " + ORDER.getOrDefault(table.getKey(), table.getValue().get(0));
            long mine = 0;
            long theirs = 0;
            String first = null;
            try (PreparedStatement a = source.connection().prepareStatement(sql);
                    PreparedStatement b = target.connection().prepareStatement(sql);
                    AutoCloseable streamingA = source.engine().streaming(source.connection(), a);
                    AutoCloseable streamingB = target.engine().streaming(target.connection(), b);
                    ResultSet rowsA = a.executeQuery();
                    ResultSet rowsB = b.executeQuery()) {
                boolean moreA = rowsA.next();
                boolean moreB = rowsB.next();
                while (moreA || moreB) {
                    if (moreA && moreB && first == null) {
                        for (int i = 0; i < columns.size() && first == null; i++) {
                            String x = canonical(columns.get(i), rowsA.getObject(i + 1));
                            String y = canonical(columns.get(i), rowsB.getObject(i + 1));
                            if (!x.equals(y)) {
                                first = "row " + columns.get(0) + " = " + rowsA.getObject(1) + " differs in " + columns.get(i) + ": "
                                        + shortened(x) + " in the source, " + shortened(y) + " in the copy";
                            }
                        }
                    }
                    if (moreA) {
                        mine++;
                        moreA = rowsA.next();
                    }
                    if (moreB) {
                        theirs++;
                        moreB = rowsB.next();
                    }
                }
            } catch (SQLException e) {
                throw e;
            } catch (Exception e) {
                throw new SQLException(e);
            }
            counts.put(table.getKey(), theirs);
            if (mine != theirs) {
                differences.add(table.getKey() + ": " + mine + " rows in the source, " + theirs + " in the copy");
            } else if (first != null) {
                differences.add(table.getKey() + ": " + first);
            }
        }
        return differences;
    }

    /** A value written the same way whichever engine gave it. */
    private static String canonical(String column, Object raw) {
        Object value = column(column, raw);
        return switch (value) {
            case null -> "NULL";
            case byte[] bytes -> "x" + HexFormat.of().formatHex(bytes);
            case Double d -> "d" + d;
            case Float f -> "d" + f.doubleValue();
            case Number n -> "i" + n.longValue();
            default -> "'" + value + "'";
        };
    }

    private static String shortened(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }

}
