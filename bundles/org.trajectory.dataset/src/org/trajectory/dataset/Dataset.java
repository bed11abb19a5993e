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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.trajectory.model.Digests;
import org.trajectory.model.Task;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A dataset: a folder with an embedded SQLite database ({@value #DATABASE}, WAL mode) and an {@value #IMAGES} folder
 * of content-addressed images, or a database on a PostgreSQL server with its images in a shared folder
 * ({@link DatasetAddress}). Each record is kept as the JSON it came in (header and steps), with the columns the table
 * filters and sorts on beside it, so an untouched task exports exactly as it was imported. The SQL is the same on both
 * engines ({@code Engine} names the few words that differ; {@code Schema} its versioned migrations). This class is the
 * root: it keeps the tasks, their versions and their images, and hands out the stores of what features add to a task
 * ({@link #scores()}, {@link #embeddings()}, {@link #replays()}, {@link #scrubs()}, {@link #reviews()},
 * {@link #teamReview()}, {@link #workQueue()}), as JGit's {@code Repository} hands out its databases; the audit trail
 * ({@code TaskHistory}) and the table's queries and statistics ({@code TaskQueries}) have their SQL in classes of their own.
 *
 * @since 0.1
 */
public final class Dataset implements AutoCloseable {

    public static final String DATABASE = "dataset.db";
    public static final String IMAGES = "images";
    /** The record field with each criterion's reason and version, beside {@code scores}. */
    public static final String SCORE_DETAILS = "score_details";
    public static final String FINAL_SCORE = "final_score";
    /** The meta entry holding the weights of the last scoring run (criterion to weight, JSON), behind the final scores. */
    public static final String SCORING_WEIGHTS = "scoring_weights";
    /** The meta entry naming the images folder a server dataset was created with, or {@code database} for images inside it. */
    static final String IMAGES_FOLDER = "images_folder";
    /** The meta entry saying which setup of the server's roles the dataset has (set up once, by its owner). */
    private static final String TEAM_ROLES = "team_roles";
    // 2: curators may draw task numbers from the sequence; 3: image_data; 4: column grants, the audit trail written by triggers;
    // 5: the replays table; 6: the scrubs table (a reviewer reviews the findings of the tasks assigned to them);
    // 7: the work queue (curators work it, everyone reads it)
    private static final String TEAM_ROLES_VERSION = "7";
    private static final int AUDIT_BY_TRIGGERS = 4;
    /** The source of a task extracted from a video begins so, the method's id after it. */
    public static final String EXTRACTED = "extraction:";
    /**
     * The source of a task built from a recording begins so; since step playback, ":" and the recording's folder on
     * the machine that built it follow (see {@link #recordedFrom}; kept in the dataset, never in the record or an export).
     */
    public static final String RECORDED = "recording";

    /**
     * The source of a task built from the recording in {@code folder}. A folder in the home folder is written from
     * {@code ~/}, so the dataset (shared on a server, copied) names no user, and a teammate who keeps recordings in the
     * same place finds their copy.
     */
    public static String recordedFrom(Path folder) {
        Path absolute = folder.toAbsolutePath().normalize();
        Path home = home();
        return RECORDED + ":" + (absolute.startsWith(home) && !absolute.equals(home)
                ? "~/" + home.relativize(absolute).toString().replace(java.io.File.separatorChar, '/') : absolute.toString());
    }

    /** The recording folder a task's source names, or null: not built from a recording, or built before sources named it. */
    public static Path recordingFolder(String source) {
        if (source == null || !source.startsWith(RECORDED + ":")) {
            return null;
        }
        String where = source.substring(RECORDED.length() + 1);
        return where.startsWith("~/") ? home().resolve(where.substring(2)) : Path.of(where);
    }

    private static Path home() {
        return Path.of(System.getProperty("user.home")).toAbsolutePath().normalize();
    }

    /**
     * How long a writer waits for another process's transaction. Writers take the lock when their transaction begins
     * (a read turned into a write could not wait), and long writers let others in between their transactions, so
     * a wait lasts at most one transaction of the other process: an import batch or a built task, seconds.
     */
    public static final int BUSY_TIMEOUT_MS = 120_000;

    private final Engine engine;
    private final Connection connection;
    private final boolean auditedByServer;
    private final ImageStore images;
    private final Scores scores;
    private final Embeddings embeddings;
    private final Replays replays;
    private final Scrubs scrubs;
    private final Reviews reviews;
    private final TaskQueries taskQueries;
    private final TeamReview teamReview;
    private final TaskRecords taskRecords;
    private String user;

    private Dataset(Engine engine, Connection connection, ImageStore images) throws SQLException {
        this.engine = engine;
        this.connection = connection;
        this.images = images;
        this.scores = new Scores(this);
        this.embeddings = new Embeddings(this);
        this.replays = new Replays(this);
        this.scrubs = new Scrubs(this);
        this.reviews = new Reviews(this);
        this.taskQueries = new TaskQueries(engine, connection);
        this.teamReview = new TeamReview(this);
        this.taskRecords = new TaskRecords(this);
        this.user = engine.user(connection);
        String roles = engine instanceof Engine.Postgres ? metaValue(connection, TEAM_ROLES) : null;
        this.auditedByServer = roles != null && roles.matches("\\d{1,3}") && Integer.parseInt(roles) >= AUDIT_BY_TRIGGERS;
    }

    /**
     * Whether the server's triggers write the audit trail of the task's record, reviews and verdicts (a server dataset
     * its owner opened with this workbench); the workbench then writes only what they cannot see: each step's fields.
     */
    boolean auditedByServer() {
        return auditedByServer;
    }

    /** Opens the dataset in {@code folder}, creating it (folder, database, images) if it does not exist yet. */
    public static Dataset openOrCreate(Path folder) throws IOException, SQLException {
        return openOrCreate(new DatasetAddress.Folder(folder));
    }

    /** Opens an existing dataset; fails with a clear message if the folder holds none. */
    public static Dataset open(Path folder) throws IOException, SQLException {
        return open(new DatasetAddress.Folder(folder));
    }

    /**
     * Opens the dataset at {@code address}, creating it if there is none yet: a folder is made; a server database
     * must exist (its owner creates it) and gets the schema; its images folder is the address's {@code images} option.
     */
    public static Dataset openOrCreate(DatasetAddress address) throws IOException, SQLException {
        if (address instanceof DatasetAddress.Folder folder) {
            Files.createDirectories(folder.path().resolve(IMAGES));
        }
        return connect(address, true);
    }

    /** Opens an existing dataset; fails with a clear message if there is none at {@code address}. */
    public static Dataset open(DatasetAddress address) throws IOException, SQLException {
        if (address instanceof DatasetAddress.Folder folder && !Files.isRegularFile(folder.path().resolve(DATABASE))) {
            throw new NoSuchFileException(folder.path().toString(), null, "not a dataset (no " + DATABASE + " in it)");
        }
        return connect(address, false);
    }

    private static Dataset connect(DatasetAddress address, boolean create) throws IOException, SQLException {
        Engine engine = switch (address) {
            case DatasetAddress.Folder folder -> new Engine.Sqlite(folder.path());
            case DatasetAddress.Server server -> new Engine.Postgres(server, ServerPasswords.find(server));
        };
        Connection connection = watched(engine.connect());
        try {
            if (engine instanceof Engine.Postgres && !create && !Schema.exists(connection)) {
                throw new NoSuchFileException(address.toString(), null, "not a dataset (the database has no tasks table); create one with import");
            }
            Schema.migrate(engine, connection);
            if (engine instanceof Engine.Postgres && !TEAM_ROLES_VERSION.equals(metaValue(connection, TEAM_ROLES)) && TeamRoles.setUp(connection)) {
                putMeta(connection, TEAM_ROLES, TEAM_ROLES_VERSION);
            }
            return new Dataset(engine, connection, imageStore(engine, connection));
        } catch (IOException | SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /**
     * Where the images are: the dataset folder's {@value #IMAGES}; on a server, inside the database or in a shared
     * folder, as chosen when it was created, the folder as this machine reaches it (the address's, else the one it was
     * created with).
     */
    private static ImageStore imageStore(Engine engine, Connection connection) throws IOException, SQLException {
        if (engine.folder() != null) {
            return new ImageStore.Folder(engine.folder().resolve(IMAGES));
        }
        DatasetAddress.Server server = (DatasetAddress.Server) engine.address();
        String kept = metaValue(connection, IMAGES_FOLDER);
        String asked = server.imagesInDatabase() ? DatasetAddress.Server.IN_DATABASE : server.images() == null ? null : server.images().toAbsolutePath().toString();
        if (kept == null && asked == null) {
            throw new IOException("say where the images of " + server + " live: add ?images=/a/shared/folder (or ?images=database) to the address");
        }
        boolean inDatabase = DatasetAddress.Server.IN_DATABASE.equals(kept == null ? asked : kept);
        if (kept != null && asked != null && inDatabase != server.imagesInDatabase()) {
            throw new IOException(server + " keeps its images " + (inDatabase ? "inside the database" : "in the folder " + kept)
                    + ", chosen when it was created; leave images= out of the address" + (inDatabase ? "" : " or name where this machine reaches that folder"));
        }
        if (kept == null) {
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING")) {
                insert.setString(1, IMAGES_FOLDER);
                insert.setString(2, asked);
                insert.executeUpdate();
            }
        }
        if (inDatabase) {
            return new ImageStore.InDatabase(engine);
        }
        Path images = server.images() != null ? server.images() : Path.of(kept);
        Files.createDirectories(images);
        return new ImageStore.Folder(images);
    }

    /** Where the dataset lives. */
    public DatasetAddress address() {
        return engine.address();
    }

    /** The name this dataset knows the person working on it by: the server's user, or the login on this machine. */
    public String user() {
        return user;
    }

    /**
     * Names the person working on a folder dataset (the reviewer name they chose), for their verdicts and the audit
     * trail. On a server the login decides, and this is refused.
     */
    public void signAs(String name) {
        if (engine instanceof Engine.Postgres) {
            throw new IllegalStateException("on a server you are the user you log in as");
        }
        user = name;
    }

    /** The people with a role on this server dataset, and their roles (the server's grants). */
    public Map<String, TeamRoles.Role> members() throws SQLException {
        requireServer("members and roles");
        return TeamRoles.members(connection);
    }

    /** Gives the server login {@code login} exactly {@code role} on this dataset (null: takes every role away). */
    public void grant(String login, TeamRoles.Role role) throws SQLException {
        requireServer("roles");
        TeamRoles.grant(connection, login, role);
    }

    private void requireServer(String what) {
        if (!(engine instanceof Engine.Postgres)) {
            throw new IllegalStateException("a dataset folder has no " + what + ": whoever can write the folder curates it; put it on a server for a team");
        }
    }

    /** The dataset's folder, or null for a dataset on a server. */
    public Path folder() {
        return engine.folder();
    }

    public ImageStore images() {
        return images;
    }

    /** Notes a long write on this dataset (see {@link DatasetActivity}); close it when the work ends. */
    public DatasetActivity activity(String what) {
        return DatasetActivity.begin(engine.folder(), what);
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

    /** The work this server dataset shares among workers, on a connection of its own (close it); a folder has none. */
    public WorkQueue workQueue() throws SQLException {
        return WorkQueue.of(this);
    }

    /** The JDBC connection, for operations of this bundle; callers outside use the methods here. */
    Connection connection() {
        return connection;
    }

    Engine engine() {
        return engine;
    }

    @Override
    public void close() throws SQLException {
        try (connection; images) {
            // both closed, the connection last
        }
    }

    /** Runs {@code work} in one transaction: all of it is stored, or none. */
    public <T> T transaction(SqlWork<T> work) throws SQLException {
        return transaction(connection, work);
    }

    /** Runs {@code work} in one transaction on {@code connection}, for what runs before a dataset is open (its schema, its roles). */
    static <T> T transaction(Connection connection, SqlWork<T> work) throws SQLException {
        boolean auto = connection.getAutoCommit();
        connection.setAutoCommit(false);
        T result;
        try {
            result = work.run(connection);
            if (auto) {
                connection.setAutoCommit(true); // commits; commit() would begin the next transaction and wait for its lock
            } else {
                connection.commit();
            }
        } catch (SQLException | RuntimeException e) {
            try {
                connection.rollback();
            } catch (SQLException rollback) {
                e.addSuppressed(rollback); // a commit that failed may have ended the transaction already: its reason is the one to tell
            }
            try {
                connection.setAutoCommit(auto);
            } catch (SQLException restore) {
                e.addSuppressed(restore);
            }
            if (e instanceof SQLException sql && diskFull(sql)) {
                throw new SQLException("the disk holding the dataset is full: nothing of this change was kept; free some space and do it"
                        + " again (" + sql.getMessage() + ")", sql.getSQLState(), sql);
            }
            throw e;
        }
        connection.setAutoCommit(auto);
        return result;
    }

    /** Whether the engine refused for want of disk space (SQLite's SQLITE_FULL, PostgreSQL's disk_full). */
    private static boolean diskFull(SQLException e) {
        return "53100".equals(e.getSQLState()) || e.getMessage() != null && e.getMessage().contains("SQLITE_FULL");
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
        return taskRecords.read(taskId);
    }

    /** The task's stored version (0 when there is no such task): what tells whether a draft is still current. */
    public long version(String taskId) throws SQLException {
        return TaskHistory.version(connection, taskId);
    }

    /** The task as a draft to edit, or null if there is none with that id. */
    public TaskDraft draft(String taskId) throws SQLException {
        return taskRecords.draft(taskId);
    }

    /**
     * Stores an edited task in one transaction: its record, its steps (rewritten), the columns the table shows; returns
     * the draft at the version it stored. Refused with a {@link StaleTaskException} when the task was changed after the
     * draft's version was read (nothing is written; the draft stays the caller's). A process killed after this returns
     * loses nothing: the transaction is committed.
     */
    public TaskDraft save(TaskDraft draft) throws SQLException {
        return taskRecords.save(draft);
    }

    /**
     * Keeps an edit that could not be saved (its task changed meanwhile) as a task of its own, {@code newId}, with the
     * same steps and images; returns it as a draft. Nothing of either edit is lost.
     */
    public TaskDraft saveCopy(TaskDraft draft, String newId) throws SQLException {
        return taskRecords.saveCopy(draft, newId);
    }

    /**
     * Adds a task made elsewhere (a trajectory built from a recording), with the image of each step (null where none),
     * in one transaction; a task with the same id is replaced, so building a recording again updates its trajectory.
     */
    public void put(Task task, List<byte[]> stepImages, String source) throws SQLException, IOException {
        taskRecords.put(task, stepImages, source);
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
        return strings(connection, "SELECT task_id FROM trajectories ORDER BY seq");
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

    /** Where the task came from (see {@link TaskFacts#source()}); null if no such task. */
    public String source(String taskId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT source FROM trajectories WHERE task_id = ?")) {
            query.setString(1, taskId);
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? row.getString(1) : null;
            }
        }
    }

    /** SHA-256 of the record without its scores: what a stored score or replay judged, so it is known to be stale after an edit. */
    public static String contentHash(Task task) {
        ObjectNode copy = task.json().deepCopy();
        copy.remove(Task.SCORES);
        copy.remove(SCORE_DETAILS);
        return Digests.sha256(copy.toString());
    }

    /** The tasks' scores. */
    public Scores scores() {
        return scores;
    }

    /** The tasks' embeddings, by model. */
    public Embeddings embeddings() {
        return embeddings;
    }

    /** The tasks' last replays. */
    public Replays replays() {
        return replays;
    }

    /** The tasks' last scrubs and the review of their findings. */
    public Scrubs scrubs() {
        return scrubs;
    }

    /** The review of each task. */
    public Reviews reviews() {
        return reviews;
    }

    /** Review by a team: assignments, verdicts, gold tasks. */
    public TeamReview teamReview() {
        return teamReview;
    }

    /**
     * Tells {@code listener} of every change committed to this dataset from now on, by anyone, on a thread of its own;
     * close what this returns to stop. On a server each change names its kind and task; on a folder only that something changed.
     */
    public DatasetChanges watch(java.util.function.Consumer<DatasetChanges.Change> listener) throws SQLException {
        return DatasetChanges.watch(this, listener);
    }

    /** Every edit and review of a task, oldest first: who, when, what changed. */
    public List<TaskHistory.Entry> history(String taskId) throws SQLException {
        return TaskHistory.of(connection, taskId);
    }

    /** One verdict: which task, whose, what. */
    public record Verdict(String taskId, String reviewer, ReviewState verdict) {
    }

    /** Every reviewer's verdicts, the gold tasks' known ones and each task's final state: what agreement is measured on. */
    public record Verdicts(List<Verdict> verdicts, Map<String, ReviewState> gold, Map<String, ReviewState> finals) {
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

    /** The meta entry a copy into this dataset holds until the copy is verified whole. */
    static final String UNFINISHED_COPY = "unfinished_copy";

    /**
     * Null, or what every opener is told when this dataset is a copy that has not finished (stopped, killed, or not
     * yet verified), the most needed words first: until it is, tasks may be missing.
     */
    public String unfinishedCopy() throws SQLException {
        String copy = metaValue(connection, UNFINISHED_COPY);
        return copy == null ? null : "an unfinished copy: tasks may be missing; run the same copy again to finish it (" + copy + ")";
    }

    /** A value kept about the whole dataset (the last scoring run's weights...), or null. */
    public String meta(String name) throws SQLException {
        return metaValue(connection, name);
    }

    private static String metaValue(Connection connection, String name) throws SQLException {
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
            putMeta(c, name, value);
            return null;
        });
    }

    /** Keeps {@code value} under {@code name} in the dataset's meta table, replacing what was there; null forgets it. */
    static void putMeta(Connection connection, String name, String value) throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM meta WHERE name = ?");
                PreparedStatement insert = connection.prepareStatement("INSERT INTO meta (name, value) VALUES (?, ?)")) {
            delete.setString(1, name);
            delete.executeUpdate();
            if (value != null) {
                insert.setString(1, name);
                insert.setString(2, value);
                insert.executeUpdate();
            }
        }
    }

    /** The one number {@code sql} answers (a count, a maximum). */
    static long count(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery(sql)) {
            row.next();
            return row.getLong(1);
        }
    }

    /** The text of the first column of every row {@code sql} answers, in its order (ids, names). */
    static List<String> strings(Connection connection, String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
            while (rows.next()) {
                values.add(rows.getString(1));
            }
        }
        return values;
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

    /** A reviewer's share of the review: the tasks assigned to them and how many of those they judged. */
    public record Workload(long assigned, long judged) {
    }

    static Double real(ResultSet rows, int column) throws SQLException {
        double value = rows.getDouble(column);
        return rows.wasNull() ? null : value;
    }

}
