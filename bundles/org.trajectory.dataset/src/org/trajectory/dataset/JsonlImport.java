package org.trajectory.dataset;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.trajectory.dataset.internal.LineReader;
import org.trajectory.model.Progress;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ParsedCode;

/**
 * Imports an AgentNet JSONL file (and the images its records name) into a dataset, streaming: memory stays bounded
 * whatever the file size. A malformed line is reported as {@code file:line: reason} and skipped; every good line is
 * kept. Tasks already in the dataset (by task_id) are left alone, so importing again is harmless, and after a kill the
 * same import finishes the job: tasks are committed whole, in batches, never half.
 */
public final class JsonlImport {

    public static final int MAX_REPORTED_PROBLEMS = 10_000;
    /** Longest line read; longer ones are reported and skipped without being held in memory. */
    public static final int DEFAULT_MAX_LINE_BYTES = 64 << 20;
    private static final int BATCH_TASKS = 200;
    private static final long BATCH_BYTES = 32L << 20;

    private final Dataset dataset;
    private final Path jsonl;
    private final ImageSource images;
    private int maxLineBytes = DEFAULT_MAX_LINE_BYTES;

    private final List<Problem> problems = new ArrayList<>();
    private long problemCount;
    private final Map<String, Long> seen = new HashMap<>();

    public JsonlImport(Dataset dataset, Path jsonl, ImageSource images) {
        this.dataset = dataset;
        this.jsonl = jsonl;
        this.images = images;
    }

    public JsonlImport maxLineBytes(int bytes) {
        this.maxLineBytes = bytes;
        return this;
    }

    public ImportReport run(Progress progress) throws IOException, SQLException {
        if (!Files.isRegularFile(jsonl)) {
            throw new NoSuchFileException(jsonl.toString(), null, "no such JSONL file");
        }
        String source = jsonl.getFileName().toString();
        images.refusedEntries().forEach(this::problem);
        long imported = 0;
        long present = 0;
        long skipped = 0;
        boolean cancelled = false;
        progress.begin("Importing " + source, Files.size(jsonl));
        Connection connection = dataset.connection();
        try (InputStream in = Files.newInputStream(jsonl); Statements sql = new Statements(connection)) {
            LineReader reader = new LineReader(in, maxLineBytes);
            connection.setAutoCommit(false);
            int batchTasks = 0;
            long batchStart = 0;
            long reported = 0;
            LineReader.Line line;
            while ((line = reader.next()) != null) {
                if (line.error() != null) {
                    problem(Problem.at(source, line.number(), line.error()));
                    skipped++;
                } else if (!line.text().isBlank()) {
                    switch (importLine(sql, source, line)) {
                        case IMPORTED -> {
                            imported++;
                            batchTasks++;
                        }
                        case PRESENT -> present++;
                        case SKIPPED -> skipped++;
                    }
                }
                if (batchTasks >= BATCH_TASKS || reader.position() - batchStart >= BATCH_BYTES) {
                    connection.commit();
                    batchTasks = 0;
                    batchStart = reader.position();
                }
                progress.worked(reader.position() - reported);
                reported = reader.position();
                if (progress.isCancelled()) {
                    cancelled = true;
                    break;
                }
            }
            connection.commit();
            return new ImportReport(imported, present, skipped, problemCount, List.copyOf(problems), reader.position(), cancelled);
        } catch (SQLException | IOException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }

    private enum Outcome { IMPORTED, PRESENT, SKIPPED }

    private Outcome importLine(Statements sql, String source, LineReader.Line line) throws SQLException, IOException {
        Task task;
        try {
            task = Task.parse(line.text());
        } catch (RecordFormatException e) {
            problem(Problem.at(source, line.number(), e.getMessage()));
            return Outcome.SKIPPED;
        }
        Long first = seen.putIfAbsent(task.taskId(), line.number());
        if (first != null) {
            problem(Problem.at(source, line.number(), "task_id '" + task.taskId() + "' appears again (first on line "
                    + first + "); skipped"));
            return Outcome.SKIPPED;
        }
        if (dataset.contains(task.taskId())) {
            return Outcome.PRESENT;
        }
        String now = Instant.now().toString();
        long seq = sql.insertTask(task, source + ":" + line.number(), now);
        List<Step> steps = task.steps();
        for (int position = 0; position < steps.size(); position++) {
            Step step = steps.get(position);
            String sha = storeImage(sql, source, line.number(), position, step.image());
            ParsedCode code = ActionParser.parse(step.code());
            int at = position;
            code.problems().forEach(p -> problem(new Problem(source, line.number(), at, "code " + p)));
            sql.insertStep(seq, position, step, sha, actionNames(code));
        }
        return Outcome.IMPORTED;
    }

    static String actionNames(ParsedCode code) {
        if (!code.ok()) {
            return "(unparsable)";
        }
        return code.actions().stream().map(JsonlImport::actionName).collect(Collectors.joining(" "));
    }

    private static String actionName(Action action) {
        return switch (action) {
            case Action.Click c -> c.kind().function();
            case Action.MoveTo m -> "moveTo";
            case Action.DragTo d -> "dragTo";
            case Action.Scroll s -> "scroll";
            case Action.HScroll s -> "hscroll";
            case Action.Write w -> "write";
            case Action.Press p -> "press";
            case Action.Hotkey h -> "hotkey";
            case Action.KeyDown k -> "keyDown";
            case Action.KeyUp k -> "keyUp";
            case Action.Sleep s -> "sleep";
            case Action.Terminate t -> "terminate";
        };
    }

    /** Stores a step's image; returns its hash, or null (with the problem reported) when it cannot be stored. */
    private String storeImage(Statements sql, String source, long line, int position, String name) throws SQLException, IOException {
        if (name == null) {
            return null;
        }
        byte[] bytes;
        ImageFormat.Info info;
        try {
            bytes = images.read(name);
            info = ImageFormat.inspect(bytes);
        } catch (NoSuchFileException e) {
            problem(new Problem(source, line, position, "image '" + name + "' is missing (" + e.getReason() + ")"));
            return null;
        } catch (IOException e) {
            problem(new Problem(source, line, position, e.getMessage()));
            return null;
        } catch (ImageFormat.InvalidImageException e) {
            problem(new Problem(source, line, position, "image '" + name + "' " + e.getMessage()));
            return null;
        }
        ImageFormat claimed = ImageFormat.claimedBy(name);
        if (claimed != null && claimed != info.format()) {
            problem(new Problem(source, line, position, "image '" + name + "' claims to be " + claimed + " by its name but is "
                    + info.format() + "; stored as it is"));
        }
        String sha = dataset.images().put(bytes);
        sql.insertImage(sha, info, bytes.length);
        return sha;
    }

    private void problem(Problem problem) {
        problemCount++;
        if (problems.size() < MAX_REPORTED_PROBLEMS) {
            problems.add(problem);
        }
    }

    /** The prepared statements of one import run. */
    private static final class Statements implements AutoCloseable {
        private final PreparedStatement task;
        private final PreparedStatement step;
        private final PreparedStatement image;

        Statements(Connection connection) throws SQLException {
            task = connection.prepareStatement("INSERT INTO trajectories (task_id, trajectory_id, instruction, domain, os,"
                    + " step_count, task_completed, alignment_score, efficiency_score, task_difficulty, final_score, source,"
                    + " imported_at, updated_at, header) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    PreparedStatement.RETURN_GENERATED_KEYS);
            step = connection.prepareStatement("INSERT INTO steps (task_seq, position, image_name, image_sha256, actions, record)"
                    + " VALUES (?, ?, ?, ?, ?, ?)");
            image = connection.prepareStatement("INSERT INTO trajectory_images (sha256, format, width, height, bytes)"
                    + " VALUES (?, ?, ?, ?, ?) ON CONFLICT (sha256) DO NOTHING");
        }

        long insertTask(Task record, String source, String now) throws SQLException {
            task.setString(1, record.taskId());
            task.setString(2, record.text(Task.TRAJECTORY_ID));
            task.setString(3, record.instruction());
            task.setString(4, record.text(Task.DOMAIN));
            task.setString(5, record.text(Task.OS));
            task.setInt(6, record.json().get(Task.TRAJ).size());
            setBoolean(task, 7, record.taskCompleted());
            setReal(task, 8, record.number(Task.ALIGNMENT_SCORE));
            setReal(task, 9, record.number(Task.EFFICIENCY_SCORE));
            setReal(task, 10, record.number(Task.TASK_DIFFICULTY));
            setReal(task, 11, record.score("final_score"));
            task.setString(12, source);
            task.setString(13, now);
            task.setString(14, now);
            task.setString(15, record.header().toString());
            task.executeUpdate();
            try (var keys = task.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }

        void insertStep(long seq, int position, Step record, String sha, String actions) throws SQLException {
            step.setLong(1, seq);
            step.setInt(2, position);
            step.setString(3, record.image());
            step.setString(4, sha);
            step.setString(5, actions);
            step.setString(6, record.json().toString());
            step.executeUpdate();
        }

        void insertImage(String sha, ImageFormat.Info info, long bytes) throws SQLException {
            image.setString(1, sha);
            image.setString(2, info.format().extension());
            image.setInt(3, info.width());
            image.setInt(4, info.height());
            image.setLong(5, bytes);
            image.executeUpdate();
        }

        private static void setReal(PreparedStatement statement, int index, Double value) throws SQLException {
            if (value == null) {
                statement.setNull(index, Types.REAL);
            } else {
                statement.setDouble(index, value);
            }
        }

        private static void setBoolean(PreparedStatement statement, int index, Boolean value) throws SQLException {
            if (value == null) {
                statement.setNull(index, Types.BOOLEAN);
            } else {
                statement.setBoolean(index, value);
            }
        }

        @Override
        public void close() throws SQLException {
            task.close();
            step.close();
            image.close();
        }
    }
}
