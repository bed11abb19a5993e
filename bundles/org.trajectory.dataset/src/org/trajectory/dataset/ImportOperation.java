package org.trajectory.dataset;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.stream.Collectors;

import org.trajectory.dataset.internal.LineReader;
import org.trajectory.dataset.internal.RecordSplitter;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionCheck;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ParsedCode;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;

/**
 * Imports an AgentNet JSONL file (and the images its records name) into a dataset, streaming: memory stays bounded
 * whatever the file size. A malformed line is reported as {@code file:line: reason} and skipped; every good line is
 * kept. Tasks already in the dataset (by task_id) are left alone, so importing again is harmless, and after a kill the
 * same import finishes the job: tasks are committed whole, in batches, never half.
 * <p>
 * Lines are parsed and their images hashed and stored by a pool of workers (one per core); the calling thread alone
 * writes the database, in file order. Images stored for a task whose transaction never commits are harmless: they are
 * content-addressed and reused by the next run.
 *
 * @since 0.1
 */
public final class ImportOperation extends DatasetOperation<ImportReport> {

    public static final int MAX_REPORTED_PROBLEMS = 10_000;
    /** Longest line read; longer ones are reported and skipped without being held in memory. */
    public static final int DEFAULT_MAX_LINE_BYTES = 64 << 20;
    private static final int BATCH_TASKS = 200;
    private static final long BATCH_BYTES = 32L << 20;
    /** Bytes of lines read ahead of the database writer. */
    private static final int READ_AHEAD_KB = 32 * 1024;

    private final Path jsonl;
    private final Path imagesPath;
    private ImageSource images;
    private int maxLineBytes = DEFAULT_MAX_LINE_BYTES;

    private final List<Problem> problems = new ArrayList<>();
    private long problemCount;
    private final Map<String, Long> seen = new HashMap<>();

    /** An import whose images are read from {@code images}, which the caller closes. */
    public ImportOperation(Dataset dataset, Path jsonl, ImageSource images) {
        super(dataset, "Importing " + jsonl.getFileName());
        this.jsonl = jsonl;
        this.imagesPath = null;
        this.images = images;
    }

    /** An import whose images are read from a folder or a zip, opened while it runs; null imports the records without images. */
    public ImportOperation(Dataset dataset, Path jsonl, Path images) {
        super(dataset, "Importing " + jsonl.getFileName());
        this.jsonl = jsonl;
        this.imagesPath = images;
    }

    public ImportOperation maxLineBytes(int bytes) {
        this.maxLineBytes = bytes;
        return this;
    }

    /** Refuses a path that is not a file, before anyone makes a dataset to import it into. */
    public static void requireFile(Path jsonl) throws NoSuchFileException {
        if (!Files.isRegularFile(jsonl)) {
            throw new NoSuchFileException(jsonl.toString(), null, Files.isDirectory(jsonl) ? "a folder, not a JSONL file" : "no such JSONL file");
        }
    }

    @Override
    public ImportReport run(Progress progress) throws IOException, SQLException {
        requireFile(jsonl);
        if (images == null) {
            try (ImageSource opened = imagesPath == null ? ImageSource.none() : ImageSource.open(imagesPath)) {
                images = opened;
                return importLines(progress);
            } finally {
                images = null;
            }
        }
        return importLines(progress);
    }

    private ImportReport importLines(Progress progress) throws IOException, SQLException {
        String source = jsonl.getFileName().toString();
        images.refusedEntries().forEach(this::problem);
        long imported = 0;
        long present = 0;
        long skipped = 0;
        long done = 0;
        boolean cancelled = false;
        progress.begin("Importing " + source, Files.size(jsonl), "B");
        Connection connection = dataset.connection();
        try (DatasetActivity activity = dataset.activity("import of " + source);
                Pipeline pipeline = new Pipeline(source, existingTaskIds(connection)); Statements sql = new Statements(dataset, connection)) {
            int batchTasks = 0;
            long batchStart = 0;
            Line item;
            while ((item = pipeline.next()) != Line.END) {
                item.problems().forEach(this::problem);
                switch (item.outcome()) {
                    case RECORD -> {
                        if (storeInBatch(connection, sql, source, item)) {
                            imported++;
                            batchTasks++;
                        } else {
                            skipped++;
                        }
                    }
                    case PRESENT -> present++;
                    case SKIPPED -> skipped++;
                    case BLANK -> { }
                }
                if (batchTasks >= BATCH_TASKS || item.position() - batchStart >= BATCH_BYTES) {
                    sql.flush();
                    DatasetChanges.announce(connection, dataset.engine(), "import", null);
                    endBatch(connection, activity);
                    batchTasks = 0;
                    batchStart = item.position();
                }
                progress.worked(item.position() - done);
                done = item.position();
                if (progress.isCancelled()) {
                    cancelled = true;
                    break;
                }
            }
            sql.flush();
            if (!connection.getAutoCommit()) {
                DatasetChanges.announce(connection, dataset.engine(), "import", null);
            }
            endBatch(connection, null);
            return new ImportReport(imported, present, skipped, problemCount, List.copyOf(problems), done, cancelled);
        } catch (SQLException | IOException | RuntimeException e) {
            if (!connection.getAutoCommit()) {
                connection.rollback();
            }
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }

    /** Stores a record, beginning a batch (one transaction on the engine's bulk path) when none is open; false when not stored. */
    private boolean storeInBatch(Connection connection, Statements sql, String source, Line item) throws SQLException, IOException {
        if (connection.getAutoCommit()) {
            connection.setAutoCommit(false); // a batch begins: the write lock is taken (or waited for) here
            dataset.engine().bulkTransaction(connection);
        }
        return store(sql, source, item);
    }

    /**
     * Commits the batch and holds no lock until the next one; while another writer is at work on the dataset (it may
     * be waiting: SQLite's busy handler polls every 100 ms at most), pauses long enough for it to get in, so a scoring
     * run beside an import is not starved.
     */
    private static void endBatch(Connection connection, DatasetActivity activity) throws SQLException {
        if (connection.getAutoCommit()) {
            return;
        }
        connection.setAutoCommit(true); // commits; commit() would begin the next transaction and take the lock again
        if (activity != null && activity.othersAtWork()) {
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static Set<String> existingTaskIds(Connection connection) throws SQLException {
        Set<String> ids = new HashSet<>();
        try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery("SELECT task_id FROM trajectories")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }

    /** Writes one parsed record; false when its task_id already came earlier in this file. */
    private boolean store(Statements sql, String source, Line item) throws SQLException {
        Task task = item.split().task();
        Long first = seen.putIfAbsent(task.taskId(), item.number());
        if (first != null) {
            problem(Problem.at(source, item.number(), "task_id '" + task.taskId() + "' appears again (first on line "
                    + first + "); skipped"));
            return false;
        }
        item.stepProblems().forEach(this::problem);
        String now = Instant.now().toString();
        long seq = sql.insertTask(task, item.split().header(), source + ":" + item.number(), now);
        List<Step> steps = task.steps();
        for (int position = 0; position < steps.size(); position++) {
            StoredImage image = item.images().get(position);
            if (image != null) {
                sql.insertImage(image.sha(), image.info(), image.bytes());
            }
            sql.insertStep(seq, position, steps.get(position).image(), image == null ? null : image.sha(),
                    item.actions().get(position), item.split().steps().get(position), steps.get(position).application());
        }
        for (Problem kept : item.imageProblems()) {
            sql.insertProblem(seq, kept.step(), kept.message() + " (found on import from " + source + ":" + item.number() + ")");
        }
        return true;
    }

    private void problem(Problem problem) {
        problemCount++;
        if (problems.size() < MAX_REPORTED_PROBLEMS) {
            problems.add(problem);
        }
    }

    private enum Outcome { RECORD, PRESENT, SKIPPED, BLANK }

    private record StoredImage(String sha, ImageFormat.Info info, long bytes) {
    }

    /**
     * A line after the workers: the split record, each step's action names and stored image (null where none), and
     * the problems found. {@code problems} are reported whatever happens; {@code stepProblems} only if it is stored,
     * and of those the {@code imageProblems} are also kept with the task for validate (the code ones it finds again).
     */
    private record Line(long number, long position, int kb, Outcome outcome, RecordSplitter.Split split,
            List<String> actions, List<StoredImage> images, List<Problem> problems, List<Problem> stepProblems,
            List<Problem> imageProblems) {
        static final Line END = new Line(0, 0, 0, Outcome.BLANK, null, null, null, List.of(), List.of(), List.of());

        static Line of(LineReader.Line line, long position, int kb, Outcome outcome, Problem problem) {
            return new Line(line.number(), position, kb, outcome, null, null, null,
                    problem == null ? List.of() : List.of(problem), List.of(), List.of());
        }
    }

    /**
     * A reader thread feeds lines to the workers and queues their futures in file order, at most
     * {@link #READ_AHEAD_KB} of line bytes ahead of the writer, so memory stays bounded.
     */
    private final class Pipeline implements AutoCloseable {
        private final String source;
        private final Set<String> existing;
        private final ExecutorService workers;
        private final BlockingQueue<Future<Line>> queue = new ArrayBlockingQueue<>(4096);
        private final Semaphore budget = new Semaphore(READ_AHEAD_KB);
        private final Thread reader;
        private volatile Exception failure;

        Pipeline(String source, Set<String> existing) {
            this.source = source;
            this.existing = existing;
            int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
            workers = Executors.newFixedThreadPool(threads, runnable -> {
                Thread thread = new Thread(runnable, "Import worker " + source);
                thread.setDaemon(true);
                return thread;
            });
            reader = new Thread(this::read, "Import reader " + source);
            reader.setDaemon(true);
            reader.start();
        }

        private void read() {
            try (InputStream in = Files.newInputStream(jsonl)) {
                LineReader lines = new LineReader(in, maxLineBytes);
                LineReader.Line line;
                while ((line = lines.next()) != null) {
                    // A line holds its size in the budget until written; a huge line takes all of it.
                    int kb = (int) Math.min(READ_AHEAD_KB, line.bytes() == null ? 1 : 1 + line.bytes().length / 1024);
                    budget.acquire(kb);
                    LineReader.Line read = line;
                    long position = lines.position();
                    queue.put(workers.submit(() -> work(read, position, kb)));
                }
            } catch (InterruptedException e) {
                return;
            } catch (Exception e) {
                failure = e;
            }
            try {
                queue.put(CompletableFuture.completedFuture(Line.END));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        Line next() throws IOException {
            try {
                Line item = queue.take().get();
                if (item == Line.END && failure != null) {
                    throw failure instanceof IOException io ? io : new IOException(failure);
                }
                budget.release(item.kb());
                return item;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("import interrupted");
            } catch (ExecutionException e) {
                if (e.getCause() instanceof IOException io) {
                    throw io;
                }
                throw new IllegalStateException("import worker failed", e.getCause());
            }
        }

        /** Everything that does not need the database: parse, check the code, read, hash and store the images. */
        private Line work(LineReader.Line line, long position, int kb) throws IOException {
            if (line.error() != null) {
                return Line.of(line, position, kb, Outcome.SKIPPED, Problem.at(source, line.number(), line.error()));
            }
            if (isBlank(line.bytes())) {
                return Line.of(line, position, kb, Outcome.BLANK, null);
            }
            RecordSplitter.Split split;
            try {
                split = RecordSplitter.split(line.bytes(), line.bytes().length);
            } catch (RecordFormatException e) {
                return Line.of(line, position, kb, Outcome.SKIPPED, Problem.at(source, line.number(), e.getMessage()));
            }
            String unstorable = StorableTask.problem(split.task());
            if (unstorable != null) {
                return Line.of(line, position, kb, Outcome.SKIPPED, Problem.at(source, line.number(), unstorable));
            }
            if (existing.contains(split.task().taskId())) {
                return Line.of(line, position, kb, Outcome.PRESENT, null);
            }
            List<Step> steps = split.task().steps();
            List<String> actions = new ArrayList<>(steps.size());
            List<StoredImage> stored = new ArrayList<>(steps.size());
            List<Problem> stepProblems = new ArrayList<>();
            List<Problem> imageProblems = new ArrayList<>();
            for (int i = 0; i < steps.size(); i++) {
                ParsedCode code = ActionParser.parse(steps.get(i).code());
                int at = i;
                ActionCheck.problems(code).forEach(p -> stepProblems.add(new Problem(source, line.number(), at, "code " + p)));
                actions.add(actionNames(code));
                stored.add(storeImage(line.number(), i, steps.get(i).image(), imageProblems));
            }
            stepProblems.addAll(imageProblems);
            return new Line(line.number(), position, kb, Outcome.RECORD, split, actions, stored, List.of(), stepProblems, imageProblems);
        }

        /** Stores a step's image; null (with the problem noted) when it cannot be stored. */
        private StoredImage storeImage(long line, int position, String name, List<Problem> found) throws IOException {
            if (name == null || images.isNone()) {
                return null;
            }
            byte[] bytes;
            ImageFormat.Info info;
            try {
                bytes = images.read(name);
                if (bytes == null) {
                    found.add(new Problem(source, line, position, "image '" + name + "' is missing (" + images.describe() + ")"));
                    return null;
                }
                info = ImageFormat.inspect(bytes);
            } catch (IOException e) {
                found.add(new Problem(source, line, position, e.getMessage()));
                return null;
            } catch (ImageFormat.InvalidImageException e) {
                found.add(new Problem(source, line, position, "image '" + name + "' " + e.getMessage()));
                return null;
            }
            ImageFormat claimed = ImageFormat.claimedBy(name);
            if (claimed != null && claimed != info.format()) {
                found.add(new Problem(source, line, position, "image '" + name + "' claims to be " + claimed
                        + " by its name but is " + info.format() + "; stored as it is"));
            }
            return new StoredImage(dataset.images().put(bytes), info, bytes.length);
        }

        @Override
        public void close() {
            reader.interrupt();
            workers.shutdownNow();
        }
    }

    private static boolean isBlank(byte[] bytes) {
        for (byte b : bytes) {
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    static String actionNames(ParsedCode code) {
        if (!code.ok()) {
            return "(unparsable)";
        }
        return code.actions().stream().map(ImportOperation::actionName).collect(Collectors.joining(" "));
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

}
