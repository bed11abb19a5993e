package org.trajectory.dataset;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import org.trajectory.model.OperatingSystems;

/**
 * The dataset's schema as versioned migrations, the same text on both engines: a dataset at version N runs the
 * migrations after N, each in one transaction, under a lock so two workbenches opening a new dataset at once do not
 * both run them. A dataset from a newer workbench is refused rather than half understood.
 */
final class Schema {

    private static final List<List<String>> MIGRATIONS = List.of(
            // 1: the tasks, their steps and images, reviews, scores, embeddings, what an import found wrong.
            List.of(
                    // Modelled on the seed's agent_trajectories; header holds the record's JSON without traj.
                    """
                    CREATE TABLE IF NOT EXISTS trajectories (
                      seq {seq},
                      task_id VARCHAR(255) NOT NULL UNIQUE,
                      trajectory_id VARCHAR(255),
                      instruction TEXT NOT NULL,
                      domain VARCHAR(100),
                      os VARCHAR(40),
                      step_count INTEGER NOT NULL,
                      task_completed BOOLEAN,
                      alignment_score {real},
                      efficiency_score {real},
                      task_difficulty {real},
                      final_score {real},
                      source TEXT,
                      extraction_confidence {real},
                      imported_at VARCHAR(40) NOT NULL,
                      updated_at VARCHAR(40) NOT NULL,
                      header TEXT NOT NULL)""",
                    // Modelled on the seed's trajectory_images, keyed by content.
                    """
                    CREATE TABLE IF NOT EXISTS trajectory_images (
                      sha256 VARCHAR(64) PRIMARY KEY,
                      format VARCHAR(10) NOT NULL,
                      width INTEGER NOT NULL,
                      height INTEGER NOT NULL,
                      bytes INTEGER NOT NULL)""",
                    """
                    CREATE TABLE IF NOT EXISTS steps (
                      task_seq BIGINT NOT NULL REFERENCES trajectories(seq) ON DELETE CASCADE,
                      position INTEGER NOT NULL,
                      image_name TEXT,
                      image_sha256 VARCHAR(64) REFERENCES trajectory_images(sha256),
                      actions VARCHAR(400),
                      record TEXT NOT NULL,
                      PRIMARY KEY (task_seq, position))""",
                    """
                    CREATE TABLE IF NOT EXISTS reviews (
                      task_seq BIGINT PRIMARY KEY REFERENCES trajectories(seq) ON DELETE CASCADE,
                      state VARCHAR(20) NOT NULL,
                      reviewer VARCHAR(255),
                      reviewed_at VARCHAR(40),
                      note TEXT)""",
                    // One row per task and criterion: the last score, the criterion version and the task content it judged.
                    """
                    CREATE TABLE IF NOT EXISTS scores (
                      task_seq BIGINT NOT NULL REFERENCES trajectories(seq) ON DELETE CASCADE,
                      criterion VARCHAR(100) NOT NULL,
                      version VARCHAR(40) NOT NULL,
                      content_hash VARCHAR(64) NOT NULL,
                      value {real},
                      reason TEXT,
                      details TEXT,
                      error TEXT,
                      scored_at VARCHAR(40) NOT NULL,
                      PRIMARY KEY (task_seq, criterion))""",
                    "CREATE INDEX IF NOT EXISTS scores_value ON scores(criterion, value)",
                    // A text embedding per task and model (novelty), with the hash of the text it was made from.
                    """
                    CREATE TABLE IF NOT EXISTS embeddings (
                      task_seq BIGINT NOT NULL REFERENCES trajectories(seq) ON DELETE CASCADE,
                      model VARCHAR(100) NOT NULL,
                      text_hash VARCHAR(64) NOT NULL,
                      vector {blob} NOT NULL,
                      PRIMARY KEY (task_seq, model))""",
                    // What an import found wrong with a step's image that the stored data cannot show again (an image
                    // refused, missing or not what its name says): validate reports it. An edit of the task clears it.
                    """
                    CREATE TABLE IF NOT EXISTS step_problems (
                      task_seq BIGINT NOT NULL REFERENCES trajectories(seq) ON DELETE CASCADE,
                      position INTEGER NOT NULL,
                      message TEXT NOT NULL)""",
                    "CREATE INDEX IF NOT EXISTS step_problems_task ON step_problems(task_seq, position)",
                    "CREATE INDEX IF NOT EXISTS trajectories_domain ON trajectories(domain)",
                    "CREATE INDEX IF NOT EXISTS trajectories_score ON trajectories(final_score)",
                    "CREATE INDEX IF NOT EXISTS trajectories_steps ON trajectories(step_count)",
                    "CREATE INDEX IF NOT EXISTS steps_image ON steps(image_sha256)"),
            // 2: every task carries a version and who changed it last, so a save made on a stale version is refused.
            List.of(
                    "ALTER TABLE trajectories ADD COLUMN version INTEGER NOT NULL DEFAULT 1",
                    "ALTER TABLE trajectories ADD COLUMN updated_by VARCHAR(255)"),
            // 3: the audit trail, by task id so it outlives a task built again.
            List.of(
                    """
                    CREATE TABLE IF NOT EXISTS task_history (
                      id {seq},
                      task_id VARCHAR(255) NOT NULL,
                      version INTEGER NOT NULL,
                      changed_by VARCHAR(255),
                      changed_at VARCHAR(40) NOT NULL,
                      what VARCHAR(200) NOT NULL,
                      before_text TEXT,
                      after_text TEXT)""",
                    "CREATE INDEX IF NOT EXISTS task_history_task ON task_history(task_id, id)"),
            // 4: review by a team: who reviews which task, each reviewer's own verdict, the gold tasks' known verdicts.
            List.of(
                    """
                    CREATE TABLE IF NOT EXISTS assignments (
                      task_seq BIGINT NOT NULL REFERENCES trajectories(seq) ON DELETE CASCADE,
                      reviewer VARCHAR(255) NOT NULL,
                      PRIMARY KEY (task_seq, reviewer))""",
                    "CREATE INDEX IF NOT EXISTS assignments_reviewer ON assignments(reviewer, task_seq)",
                    """
                    CREATE TABLE IF NOT EXISTS verdicts (
                      task_seq BIGINT NOT NULL REFERENCES trajectories(seq) ON DELETE CASCADE,
                      reviewer VARCHAR(255) NOT NULL,
                      verdict VARCHAR(20) NOT NULL,
                      note TEXT,
                      judged_at VARCHAR(40) NOT NULL,
                      PRIMARY KEY (task_seq, reviewer))""",
                    """
                    CREATE TABLE IF NOT EXISTS gold (
                      task_seq BIGINT PRIMARY KEY REFERENCES trajectories(seq) ON DELETE CASCADE,
                      verdict VARCHAR(20) NOT NULL)"""),
            // 5: a server dataset may keep its images' bytes inside the database instead of a shared folder.
            List.of(
                    """
                    CREATE TABLE IF NOT EXISTS image_data (
                      sha256 VARCHAR(64) PRIMARY KEY,
                      data {blob} NOT NULL)"""),
            // 6: each step's application (a recorded step's window class or process), for the overview and its filter.
            List.of(
                    "ALTER TABLE steps ADD COLUMN application VARCHAR(255)",
                    "CREATE INDEX IF NOT EXISTS steps_application ON steps(application, task_seq)"),
            // 7: each task's last replay: where, how far it went, and each step's verdict with the replayed screen.
            List.of(
                    """
                    CREATE TABLE IF NOT EXISTS replays (
                      task_seq BIGINT PRIMARY KEY REFERENCES trajectories(seq) ON DELETE CASCADE,
                      environment VARCHAR(100) NOT NULL,
                      content_hash VARCHAR(64) NOT NULL,
                      outcome VARCHAR(20) NOT NULL,
                      diverged_at INTEGER,
                      steps_matched INTEGER NOT NULL,
                      step_count INTEGER NOT NULL,
                      details TEXT NOT NULL,
                      replayed_at VARCHAR(40) NOT NULL)""",
                    "CREATE INDEX IF NOT EXISTS replays_outcome ON replays(outcome)"),
            // 8: each task's personal data as the last scrub found it and its review, and how many findings await review.
            List.of(
                    """
                    CREATE TABLE IF NOT EXISTS scrubs (
                      task_seq BIGINT PRIMARY KEY REFERENCES trajectories(seq) ON DELETE CASCADE,
                      content_hash VARCHAR(64) NOT NULL,
                      detectors TEXT NOT NULL,
                      findings TEXT NOT NULL,
                      unreviewed INTEGER NOT NULL,
                      scrubbed_at VARCHAR(40) NOT NULL)"""),
            // 9: the work queue that workers on many machines share: one row per piece of work (a recording to build, a
            // task to annotate...), claimed for a lease on the server's clock (ms since the epoch) and recorded done once.
            List.of(
                    """
                    CREATE TABLE IF NOT EXISTS work_items (
                      id {seq},
                      operation VARCHAR(40) NOT NULL,
                      subject TEXT NOT NULL,
                      state VARCHAR(20) NOT NULL,
                      worker VARCHAR(255),
                      claimed_at BIGINT,
                      lease_until BIGINT,
                      attempts INTEGER NOT NULL DEFAULT 0,
                      done_key TEXT,
                      outcome TEXT,
                      enqueued_by VARCHAR(255),
                      enqueued_at BIGINT NOT NULL,
                      finished_at BIGINT,
                      UNIQUE (operation, subject))""",
                    "CREATE INDEX IF NOT EXISTS work_items_next ON work_items(operation, state, id)",
                    "CREATE INDEX IF NOT EXISTS work_items_worker ON work_items(worker, state)"),
            // 10: one name per operating system in the column the table, its filters and the card read ("windows" and
            // "Windows" were two); what a task's record says is left as its source wrote it.
            oneNamePerSystem(),
            // 11: a reviewer's optional grades of a task: an accept level (1-3) and a rubric (1-5 each).
            List.of(
                    """
                    CREATE TABLE IF NOT EXISTS review_grades (
                      task_seq BIGINT PRIMARY KEY REFERENCES trajectories(seq) ON DELETE CASCADE,
                      accept_level INTEGER,
                      correctness INTEGER,
                      difficulty INTEGER,
                      knowledge INTEGER,
                      value INTEGER)"""));

    private static List<String> oneNamePerSystem() {
        java.util.Map<String, List<String>> spellings = new java.util.TreeMap<>();
        OperatingSystems.spellings().forEach((spelling, name) -> spellings.computeIfAbsent(name, n -> new java.util.ArrayList<>()).add(spelling));
        return spellings.entrySet().stream().map(e -> "UPDATE trajectories SET os = '" + e.getKey() + "' WHERE LOWER(TRIM(os)) IN ('"
                + String.join("', '", e.getValue()) + "')").toList(); // the names are ours: no quote in them
    }

    /** The version this workbench brings a dataset to. */
    static final int VERSION = MIGRATIONS.size();

    private Schema() {
    }

    /** Brings the dataset's schema to {@link #VERSION}; refuses a dataset made by a newer workbench. */
    static void migrate(Engine engine, Connection connection) throws SQLException {
        if (engine instanceof Engine.Sqlite) {
            Engine.Sqlite.addExtractionConfidence(connection);
        }
        // Looked at before anything is written: a team member without the right to change the schema opens a current one.
        int found = exists(connection) ? version(connection) : 0;
        if (found > VERSION) {
            throw newer(engine, found);
        }
        if (found == VERSION) {
            return;
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS meta (name VARCHAR(100) PRIMARY KEY, value TEXT)");
        }
        Dataset.transaction(connection, c -> {
            engine.lockSchema(c);
            int version = version(c);
            if (version > VERSION) {
                throw newer(engine, version);
            }
            try (Statement statement = c.createStatement()) {
                for (int next = version; next < VERSION; next++) {
                    for (String ddl : MIGRATIONS.get(next)) {
                        statement.execute(engine.ddl(ddl));
                    }
                }
            }
            if (version < VERSION) {
                Dataset.putMeta(c, "schema_version", Integer.toString(VERSION));
            }
            return null;
        });
    }

    private static SQLException newer(Engine engine, int version) {
        return new SQLException("the dataset " + engine.address() + " was made by a newer Trajectory Workbench (schema "
                + version + ", this one knows up to " + VERSION + "); update the workbench to open it");
    }

    /** Whether the database holds a dataset's schema (its meta table) at all. */
    static boolean exists(Connection connection) throws SQLException {
        try (ResultSet tables = connection.getMetaData().getTables(null, null, "meta", null)) {
            return tables.next();
        }
    }

    private static int version(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT value FROM meta WHERE name = 'schema_version'")) {
            return row.next() ? Integer.parseInt(row.getString(1)) : 0;
        }
    }
}
