package org.trajectory.dataset;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;
import org.trajectory.model.Json;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Task;
import org.trajectory.model.action.ActionParser;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A dataset: a folder with an embedded SQLite database ({@value #DATABASE}, WAL mode) and an {@value #IMAGES} folder
 * of content-addressed images. Each record is kept as the JSON it came in (header and steps), with the columns the
 * table filters and sorts on beside it, so an untouched task exports exactly as it was imported. The SQL is kept
 * portable (no SQLite-only syntax in queries) so a PostgreSQL server can hold a team's dataset later. This class is
 * the facade and keeps the schema, the tasks and their images; scores and embeddings ({@code ScoreTables}), reviews
 * ({@code ReviewTable}) and the table's queries and statistics ({@code TaskQueries}) have their SQL in classes of their own.
 */
public final class Dataset implements AutoCloseable {

    public static final String DATABASE = "dataset.db";
    public static final String IMAGES = "images";
    /** The record field with each criterion's reason and version, beside {@code scores}. */
    public static final String SCORE_DETAILS = "score_details";
    public static final String FINAL_SCORE = "final_score";
    /** The meta entry holding the weights of the last scoring run (criterion to weight, JSON), behind the final scores. */
    public static final String SCORING_WEIGHTS = "scoring_weights";
    static final int SCHEMA_VERSION = 1;
    /** The source of a task extracted from a video begins so, the method's id after it. */
    public static final String EXTRACTED = "extraction:";
    /** The source of a task built from a recording. */
    public static final String RECORDED = "recording";
    /**
     * How long a writer waits for another process's transaction. Writers take the lock when their transaction begins
     * (a read turned into a write could not wait), and long writers let others in between their transactions, so
     * a wait lasts at most one transaction of the other process: an import batch or a built task, seconds.
     */
    public static final int BUSY_TIMEOUT_MS = 120_000;

    private static final String[] SCHEMA = {
        "CREATE TABLE IF NOT EXISTS meta (name VARCHAR(100) PRIMARY KEY, value TEXT)",
        // Modelled on the seed's agent_trajectories; header holds the record's JSON without traj.
        """
        CREATE TABLE IF NOT EXISTS trajectories (
          seq INTEGER PRIMARY KEY,
          task_id VARCHAR(255) NOT NULL UNIQUE,
          trajectory_id VARCHAR(255),
          instruction TEXT NOT NULL,
          domain VARCHAR(100),
          os VARCHAR(40),
          step_count INTEGER NOT NULL,
          task_completed BOOLEAN,
          alignment_score REAL,
          efficiency_score REAL,
          task_difficulty REAL,
          final_score REAL,
          source TEXT,
          extraction_confidence REAL,
          imported_at VARCHAR(40) NOT NULL,
          updated_at VARCHAR(40) NOT NULL,
          header TEXT NOT NULL)""",
        """
        CREATE TABLE IF NOT EXISTS steps (
          task_seq INTEGER NOT NULL REFERENCES trajectories(seq) ON DELETE CASCADE,
          position INTEGER NOT NULL,
          image_name TEXT,
          image_sha256 CHAR(64) REFERENCES trajectory_images(sha256),
          actions VARCHAR(400),
          record TEXT NOT NULL,
          PRIMARY KEY (task_seq, position))""",
        // Modelled on the seed's trajectory_images, keyed by content.
        """
        CREATE TABLE IF NOT EXISTS trajectory_images (
          sha256 CHAR(64) PRIMARY KEY,
          format VARCHAR(10) NOT NULL,
          width INTEGER NOT NULL,
          height INTEGER NOT NULL,
          bytes INTEGER NOT NULL)""",
        """
        CREATE TABLE IF NOT EXISTS reviews (
          task_seq INTEGER PRIMARY KEY REFERENCES trajectories(seq) ON DELETE CASCADE,
          state VARCHAR(20) NOT NULL,
          reviewer VARCHAR(255),
          reviewed_at VARCHAR(40),
          note TEXT)""",
        // One row per task and criterion: the last score, the criterion version and the task content it judged.
        """
        CREATE TABLE IF NOT EXISTS scores (
          task_seq INTEGER NOT NULL REFERENCES trajectories(seq) ON DELETE CASCADE,
          criterion VARCHAR(100) NOT NULL,
          version VARCHAR(40) NOT NULL,
          content_hash CHAR(64) NOT NULL,
          value REAL,
          reason TEXT,
          details TEXT,
          error TEXT,
          scored_at VARCHAR(40) NOT NULL,
          PRIMARY KEY (task_seq, criterion))""",
        "CREATE INDEX IF NOT EXISTS scores_value ON scores(criterion, value)",
        // A text embedding per task and model (novelty), with the hash of the text it was made from.
        """
        CREATE TABLE IF NOT EXISTS embeddings (
          task_seq INTEGER NOT NULL REFERENCES trajectories(seq) ON DELETE CASCADE,
          model VARCHAR(100) NOT NULL,
          text_hash CHAR(64) NOT NULL,
          vector BLOB NOT NULL,
          PRIMARY KEY (task_seq, model))""",
        // What an import found wrong with a step's image that the stored data cannot show again (an image refused,
        // missing or not what its name says): validate reports it. An edit of the task clears it.
        """
        CREATE TABLE IF NOT EXISTS step_problems (
          task_seq INTEGER NOT NULL REFERENCES trajectories(seq) ON DELETE CASCADE,
          position INTEGER NOT NULL,
          message TEXT NOT NULL)""",
        "CREATE INDEX IF NOT EXISTS step_problems_task ON step_problems(task_seq, position)",
        "CREATE INDEX IF NOT EXISTS trajectories_domain ON trajectories(domain)",
        "CREATE INDEX IF NOT EXISTS trajectories_score ON trajectories(final_score)",
        "CREATE INDEX IF NOT EXISTS trajectories_steps ON trajectories(step_count)",
        "CREATE INDEX IF NOT EXISTS steps_image ON steps(image_sha256)",
    };

    private final Path folder;
    private final Connection connection;
    private final ImageStore images;
    private final ScoreTables scoreTables;
    private final ReviewTable reviewTable;
    private final TaskQueries taskQueries;

    private Dataset(Path folder, Connection connection) {
        this.folder = folder;
        this.connection = connection;
        this.images = new ImageStore(folder.resolve(IMAGES));
        this.scoreTables = new ScoreTables(this);
        this.reviewTable = new ReviewTable(this);
        this.taskQueries = new TaskQueries(connection);
    }

    /** Opens the dataset in {@code folder}, creating it (folder, database, images) if it does not exist yet. */
    public static Dataset openOrCreate(Path folder) throws IOException, SQLException {
        Files.createDirectories(folder.resolve(IMAGES));
        return connect(folder);
    }

    /** Opens an existing dataset; fails with a clear message if the folder holds none. */
    public static Dataset open(Path folder) throws IOException, SQLException {
        if (!Files.isRegularFile(folder.resolve(DATABASE))) {
            throw new NoSuchFileException(folder.toString(), null, "not a dataset (no " + DATABASE + " in it)");
        }
        return connect(folder);
    }

    private static Dataset connect(Path folder) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
        config.enforceForeignKeys(true);
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        SQLiteDataSource source = new SQLiteDataSource(config);
        source.setUrl("jdbc:sqlite:" + folder.resolve(DATABASE).toAbsolutePath());
        Connection connection = watched(source.getConnection());
        try (Statement statement = connection.createStatement()) {
            for (String ddl : SCHEMA) {
                statement.execute(ddl);
            }
            statement.execute("INSERT INTO meta (name, value) VALUES ('schema_version', '" + SCHEMA_VERSION
                    + "') ON CONFLICT (name) DO NOTHING");
            addExtractionConfidence(connection);
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
        return new Dataset(folder, connection);
    }

    /**
     * A dataset made before extraction existed lacks the column of an extracted task's confidence: it gets it, filled
     * from the records that have one.
     */
    private static void addExtractionConfidence(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            try (ResultSet columns = statement.executeQuery("SELECT 1 FROM pragma_table_info('trajectories') WHERE name = 'extraction_confidence'")) {
                if (columns.next()) {
                    return;
                }
            }
            statement.execute("ALTER TABLE trajectories ADD COLUMN extraction_confidence REAL");
            statement.execute("UPDATE trajectories SET extraction_confidence = json_extract(header, '$." + Task.EXTRACTION + "."
                    + Task.CONFIDENCE + "') WHERE json_valid(header)");
        }
    }

    public Path folder() {
        return folder;
    }

    public ImageStore images() {
        return images;
    }

    /** Notes a long write on this dataset (see {@link DatasetActivity}); close it when the work ends. */
    public DatasetActivity activity(String what) {
        return DatasetActivity.begin(folder, what);
    }

    private static volatile Consumer<String> statementWatcher;

    /**
     * Tells {@code watcher} the SQL of every statement any dataset prepares, on the thread preparing it (null: no
     * one). For tests that prove where the work runs: the window's tests fail a query made on the UI thread.
     */
    public static void watchStatements(Consumer<String> watcher) {
        statementWatcher = watcher;
    }

    /** The connection, telling the watcher of each statement before it is prepared. */
    private static Connection watched(Connection connection) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] { Connection.class },
                (proxy, method, arguments) -> {
                    Consumer<String> watcher = statementWatcher;
                    if (watcher != null && (method.getName().startsWith("prepare") || method.getName().equals("createStatement"))) {
                        watcher.accept(arguments != null && arguments.length > 0 && arguments[0] instanceof String sql ? sql : "(a statement)");
                    }
                    try {
                        return method.invoke(connection, arguments);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /** The JDBC connection, for operations of this bundle; callers outside use the methods here. */
    Connection connection() {
        return connection;
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }

    /** Runs {@code work} in one transaction: all of it is stored, or none. */
    public <T> T transaction(SqlWork<T> work) throws SQLException {
        boolean auto = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try {
            T result = work.run(connection);
            if (auto) {
                connection.setAutoCommit(true); // commits; commit() would begin the next transaction and wait for its lock
            } else {
                connection.commit();
            }
            return result;
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(auto);
        }
    }

    /**
     * A transaction a person waits for (an edit, a review, a built task), announced as an activity first so that a
     * long writer (an import) lets it in at its next pause instead of keeping the window waiting.
     */
    <T> T promptly(String what, SqlWork<T> work) throws SQLException {
        try (DatasetActivity activity = activity(what)) {
            return transaction(work);
        }
    }

    /** Work on the connection inside {@link #transaction}. */
    @FunctionalInterface
    public interface SqlWork<T> {
        T run(Connection connection) throws SQLException;
    }

    public boolean contains(String taskId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM trajectories WHERE task_id = ?")) {
            query.setString(1, taskId);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next();
            }
        }
    }

    /** The record of a task as stored, or null if there is none with that id. */
    public Task read(String taskId) throws SQLException {
        return load(taskId, new ArrayList<>());
    }

    /** The task as a draft to edit, or null if there is none with that id. */
    public TaskDraft draft(String taskId) throws SQLException {
        List<String> hashes = new ArrayList<>();
        Task task = load(taskId, hashes);
        return task == null ? null : new TaskDraft(task.json(), hashes);
    }

    /** Reads a task's header and steps in one pass over its steps, adding each step's image hash to {@code hashes}. */
    private Task load(String taskId, List<String> hashes) throws SQLException {
        try (PreparedStatement header = connection.prepareStatement("SELECT seq, header FROM trajectories WHERE task_id = ?")) {
            header.setString(1, taskId);
            try (ResultSet row = header.executeQuery()) {
                if (!row.next()) {
                    return null;
                }
                List<ObjectNode> steps = new ArrayList<>();
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
                return Task.assemble((ObjectNode) Json.MAPPER.readTree(row.getString(2)), steps);
            }
        } catch (IOException | RecordFormatException e) {
            throw new SQLException("task '" + taskId + "' is stored damaged: " + e.getMessage(), e);
        }
    }

    /**
     * Stores an edited task in one transaction: its record, its steps (rewritten), the columns the table shows.
     * A process killed after this returns loses nothing: the transaction is committed to the WAL.
     */
    public void save(TaskDraft draft) throws SQLException {
        Task task = draft.task();
        promptly("edit of task " + task.taskId(), c -> {
            long seq;
            try (PreparedStatement update = c.prepareStatement("UPDATE trajectories SET trajectory_id = ?, instruction = ?,"
                    + " domain = ?, os = ?, step_count = ?, task_completed = ?, alignment_score = ?, efficiency_score = ?,"
                    + " task_difficulty = ?, final_score = ?, updated_at = ?, header = ? WHERE task_id = ?")) {
                update.setString(1, task.text(Task.TRAJECTORY_ID));
                update.setString(2, task.instruction());
                update.setString(3, task.text(Task.DOMAIN));
                update.setString(4, task.text(Task.OS));
                update.setInt(5, draft.stepCount());
                update.setObject(6, task.taskCompleted());
                update.setObject(7, task.number(Task.ALIGNMENT_SCORE));
                update.setObject(8, task.number(Task.EFFICIENCY_SCORE));
                update.setObject(9, task.number(Task.TASK_DIFFICULTY));
                update.setObject(10, task.score("final_score"));
                update.setString(11, Instant.now().toString());
                update.setString(12, task.header().toString());
                update.setString(13, task.taskId());
                if (update.executeUpdate() != 1) {
                    throw new SQLException("no task '" + task.taskId() + "' in the dataset");
                }
            }
            try (PreparedStatement query = c.prepareStatement("SELECT seq FROM trajectories WHERE task_id = ?")) {
                query.setString(1, task.taskId());
                try (ResultSet row = query.executeQuery()) {
                    row.next();
                    seq = row.getLong(1);
                }
            }
            for (String table : new String[] { "steps", "step_problems" }) {
                try (PreparedStatement delete = c.prepareStatement("DELETE FROM " + table + " WHERE task_seq = ?")) {
                    delete.setLong(1, seq);
                    delete.executeUpdate();
                }
            }
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO steps (task_seq, position, image_name,"
                    + " image_sha256, actions, record) VALUES (?, ?, ?, ?, ?, ?)")) {
                List<org.trajectory.model.Step> steps = task.steps();
                for (int i = 0; i < steps.size(); i++) {
                    insert.setLong(1, seq);
                    insert.setInt(2, i);
                    insert.setString(3, steps.get(i).image());
                    insert.setString(4, draft.image(i));
                    insert.setString(5, JsonlImport.actionNames(ActionParser.parse(steps.get(i).code())));
                    insert.setString(6, steps.get(i).json().toString());
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            return null;
        });
    }

    /**
     * Adds a task made elsewhere (a trajectory built from a recording), with the image of each step (null where none),
     * in one transaction; a task with the same id is replaced, so building a recording again updates its trajectory.
     */
    public void put(Task task, List<byte[]> stepImages, String source) throws SQLException, IOException {
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
            hashes.add(images.put(bytes));
        }
        promptly("build of task " + task.taskId(), c -> {
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM trajectories WHERE task_id = ?")) {
                delete.setString(1, task.taskId());
                delete.executeUpdate();
            }
            try (Statements sql = new Statements(c)) {
                String now = Instant.now().toString();
                long seq = sql.insertTask(task, task.header().toString(), source, now);
                for (int i = 0; i < steps.size(); i++) {
                    if (hashes.get(i) != null) {
                        sql.insertImage(hashes.get(i), infos.get(i), stepImages.get(i).length);
                    }
                    sql.insertStep(seq, i, steps.get(i).image(), hashes.get(i),
                            JsonlImport.actionNames(ActionParser.parse(steps.get(i).code())), steps.get(i).json().toString());
                }
            }
            return null;
        });
    }

    /**
     * A stored score of one criterion: its value in [0,1] (null when it failed: then {@code error} says why), the
     * reason, machine-readable details (JSON text), the criterion's version and the hash of the task content it judged.
     */
    public record StoredScore(String criterion, String version, String contentHash, Double value, String reason, String details,
            String error, String scoredAt) {
    }

    /** Every task id, in import order. */
    public List<String> taskIds() throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT task_id FROM trajectories ORDER BY seq")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }

    /** When the task's content was last changed (imported, edited, built), as an ISO-8601 instant; null if no such task. */
    public String updatedAt(String taskId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT updated_at FROM trajectories WHERE task_id = ?")) {
            query.setString(1, taskId);
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? row.getString(1) : null;
            }
        }
    }

    /** The stored scores of a task, by criterion. */
    public Map<String, StoredScore> scores(String taskId) throws SQLException {
        return scoreTables.scores(taskId);
    }

    /**
     * Stores a task's scores in one transaction: the rows of {@code scores}, and in the record the fields
     * {@code scores} (criterion to value, and {@code final_score}) and {@code score_details} (reason, version, error),
     * so they are exported with it. Scoring is not an edit: {@code updated_at} stays.
     */
    public void putScores(String taskId, List<StoredScore> scores, Double finalScore) throws SQLException {
        scoreTables.putScores(taskId, scores, finalScore);
    }

    /** Every stored embedding of {@code model}, in task order. */
    public List<Embedding> embeddings(String model) throws SQLException {
        return scoreTables.embeddings(model);
    }

    /** Stores (replaces) embeddings of {@code model} in one transaction. */
    public void putEmbeddings(String model, List<Embedding> embeddings) throws SQLException {
        scoreTables.putEmbeddings(model, embeddings);
    }

    /** How many scored tasks have a value of {@code criterion} (or the final score) in each of {@code bins} equal bins of [0,1]. */
    public long[] histogram(String criterion, int bins) throws SQLException {
        return scoreTables.histogram(criterion, bins);
    }

    public Review review(String taskId) throws SQLException {
        return reviewTable.review(taskId);
    }

    /**
     * The task after {@code taskId} in import order that still needs review (new or in review), wrapping around;
     * null when every other task is reviewed.
     */
    public String nextToReview(String taskId) throws SQLException {
        return reviewTable.nextToReview(taskId);
    }

    public ReviewProgress reviewProgress() throws SQLException {
        return reviewTable.reviewProgress();
    }

    public void setReview(String taskId, ReviewState state, String reviewer, String note) throws SQLException {
        reviewTable.setReview(taskId, state, reviewer, note);
    }

    public long count(TaskQuery query) throws SQLException {
        return taskQueries.count(query);
    }

    /** One page of the table, filtered and sorted; ties are broken by import order so pages never overlap. */
    public List<TaskRow> page(TaskQuery query, long offset, int limit) throws SQLException {
        return taskQueries.page(query, offset, limit);
    }

    /** The distinct values of a text column (domain, os), for filter choices. */
    public List<String> distinct(String column) throws SQLException {
        return taskQueries.distinct(column);
    }

    /** A value kept about the whole dataset (the last scoring run's weights...), or null. */
    public String meta(String name) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT value FROM meta WHERE name = ?")) {
            query.setString(1, name);
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? row.getString(1) : null;
            }
        }
    }

    /** Keeps a value about the whole dataset, replacing the one of that name. */
    public void setMeta(String name, String value) throws SQLException {
        promptly("meta " + name, c -> {
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM meta WHERE name = ?");
                    PreparedStatement insert = c.prepareStatement("INSERT INTO meta (name, value) VALUES (?, ?)")) {
                delete.setString(1, name);
                delete.executeUpdate();
                insert.setString(1, name);
                insert.setString(2, value);
                insert.executeUpdate();
            }
            return null;
        });
    }

    /** The records as stored, in dataset order, for an export to stream; close it when done. */
    public StoredRecords records() throws SQLException {
        return new StoredRecords(this);
    }

    /** What filters look at, for every task in dataset order. */
    public List<TaskFacts> facts() throws SQLException {
        return taskQueries.facts();
    }

    /**
     * The tasks ({@link TaskFacts#seq()}) with a step whose record field {@code titleField} (a window title) holds
     * {@code text}, in any case.
     */
    public java.util.Set<Long> tasksInWindow(String text, String titleField) throws SQLException {
        return taskQueries.inWindow(text, titleField);
    }

    public DatasetStats stats() throws SQLException {
        return taskQueries.stats();
    }

    /** A task's embedding by one model: little-endian float32 values, and the hash of the text it embeds. */
    public record Embedding(String taskId, String textHash, float[] vector) {
    }

    /** The review of a task: state, reviewer, time and note (state NEW and nulls when never reviewed). */
    public record Review(ReviewState state, String reviewer, String reviewedAt, String note) {
    }

    /** How many tasks there are, and how many have a review decision (approved, rejected or needs fix). */
    public record ReviewProgress(long tasks, long reviewed) {
    }

    static Double real(ResultSet rows, int column) throws SQLException {
        double value = rows.getDouble(column);
        return rows.wasNull() ? null : value;
    }

}
