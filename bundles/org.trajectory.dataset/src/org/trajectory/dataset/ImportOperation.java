package org.trajectory.dataset;

import java.io.IOException;
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

import org.trajectory.dataset.internal.AgentNetImporter;
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
 * Imports a file or folder of records (and the images they name) into a dataset, in any format an {@link Importer}
 * reads (AgentNet JSONL by default), streaming: memory stays bounded whatever the size. A malformed record is reported
 * as {@code file:line: reason} and skipped; every good one is kept. Tasks already in the dataset (by task_id) are left alone, so importing again is harmless, and after a kill the
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

    private final Path source;
    private final Importer importer;
    private final Path imagesPath;
    private ImageSource images;
    private int maxLineBytes = DEFAULT_MAX_LINE_BYTES;

    private final List<Problem> problems = new ArrayList<>();
    private long problemCount;
    private final Map<String, String> seen = new HashMap<>();

    /** An import of {@code source} read by {@code importer}, whose images are read from {@code images}, which the caller closes. */
    public ImportOperation(Dataset dataset, Path source, Importer importer, ImageSource images) {
        super(dataset, "Importing " + source.getFileName());
        this.source = source;
        this.importer = importer;
        this.imagesPath = null;
        this.images = images;
    }

    /** The same, its images read from a folder or a zip opened while it runs; null imports the records without images. */
    public ImportOperation(Dataset dataset, Path source, Importer importer, Path images) {
        super(dataset, "Importing " + source.getFileName());
        this.source = source;
        this.importer = importer;
        this.imagesPath = images;
    }

    /** An import of an AgentNet JSONL file. */
    public ImportOperation(Dataset dataset, Path jsonl, ImageSource images) {
        this(dataset, jsonl, new AgentNetImporter(), images);
    }

    /** An import of an AgentNet JSONL file, its images read from a folder or a zip (null: none). */
    public ImportOperation(Dataset dataset, Path jsonl, Path images) {
        this(dataset, jsonl, new AgentNetImporter(), images);
    }

    public ImportOperation maxLineBytes(int bytes) {
        this.maxLineBytes = bytes;
        return this;
    }

    /** Refuses a source that does not exist, before anyone makes a dataset to import it into. */
    public static void requireSource(Path source) throws NoSuchFileException {
        if (!Files.exists(source)) {
            throw new NoSuchFileException(source.toString(), null, "no such file or folder");
        }
    }

    @Override
    public ImportReport run(Progress progress) throws IOException, SQLException {
        requireSource(source);
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
        String name = source.getFileName().toString();
        images.refusedEntries().forEach(this::problem);
        long imported = 0;
        long present = 0;
        long skipped = 0;
        long done = 0;
        boolean cancelled = false;
        Connection connection = dataset.connection();
        try (Importer.Records records = importer.open(source, maxLineBytes); DatasetActivity activity = dataset.activity("import of " + name);
                Pipeline pipeline = new Pipeline(name, records, existingTaskIds(connection)); Statements sql = new Statements(dataset, connection)) {
            progress.begin("Importing " + name, records.size(), "B");
            int batchTasks = 0;
            long batchStart = 0;
            Line item;
            while ((item = pipeline.next()) != Line.END) {
                item.problems().forEach(this::problem);
                switch (item.outcome()) {
                    case RECORD -> {
                        if (storeInBatch(connection, sql, item)) {
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
            done = cancelled ? done : readToEnd(records, progress, done);
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

    /** The source read to its end: what follows the last record (a list's closing bracket) is counted too. */
    private static long readToEnd(Importer.Records records, Progress progress, long done) {
        if (records.size() > done) {
            progress.worked(records.size() - done);
        }
        return Math.max(done, records.size());
    }

    /** Stores a record, beginning a batch (one transaction on the engine's bulk path) when none is open; false when not stored. */
    private boolean storeInBatch(Connection connection, Statements sql, Line item) throws SQLException, IOException {
        if (connection.getAutoCommit()) {
            connection.setAutoCommit(false); // a batch begins: the write lock is taken (or waited for) here
            dataset.engine().bulkTransaction(connection);
        }
        return store(sql, item);
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

    /** Writes one parsed record; false when its task_id already came earlier in this import. */
    private boolean store(Statements sql, Line item) throws SQLException {
        Task task = item.split().task();
        String first = seen.putIfAbsent(task.taskId(), item.where());
        if (first != null) {
            String before = first.startsWith(item.file() + ":") ? "on line " + first.substring(item.file().length() + 1) : "in " + first;
            problem(Problem.at(item.file(), item.number(), "task_id '" + task.taskId() + "' appears again (first " + before + "); skipped"));
            return false;
        }
        item.stepProblems().forEach(this::problem);
        String now = Instant.now().toString();
        long seq = sql.insertTask(task, item.split().header(), item.where(), now);
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
            sql.insertProblem(seq, kept.step(), kept.message() + " (found on import from " + item.where() + ")");
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
    private record Line(String file, long number, long position, int kb, Outcome outcome, RecordSplitter.Split split,
            List<String> actions, List<StoredImage> images, List<Problem> problems, List<Problem> stepProblems,
            List<Problem> imageProblems) {
        static final Line END = new Line("", 0, 0, 0, Outcome.BLANK, null, null, null, List.of(), List.of(), List.of());

        static Line of(Importer.Record record, long position, int kb, Outcome outcome, Problem problem) {
            return new Line(record.file(), record.line(), position, kb, outcome, null, null, null,
                    problem == null ? List.of() : List.of(problem), List.of(), List.of());
        }

        /** Where the record came from: {@code file:line}, or the file when the whole file is the record. */
        String where() {
            return number > 0 ? file + ":" + number : file;
        }
    }

    /**
     * A reader thread feeds records to the workers and queues their futures in source order, at most
     * {@link #READ_AHEAD_KB} of record bytes ahead of the writer, so memory stays bounded.
     */
    private final class Pipeline implements AutoCloseable {
        private final String source;
        private final Importer.Records records;
        private final Set<String> existing;
        private final ExecutorService workers;
        private final BlockingQueue<Future<Line>> queue = new ArrayBlockingQueue<>(4096);
        private final Semaphore budget = new Semaphore(READ_AHEAD_KB);
        private final Thread reader;
        private volatile Exception failure;

        Pipeline(String source, Importer.Records records, Set<String> existing) {
            this.source = source;
            this.records = records;
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
            try {
                Importer.Record record;
                while ((record = records.next()) != null) {
                    // A record holds its size in the budget until written; a huge one takes all of it.
                    int kb = (int) Math.min(READ_AHEAD_KB, record.json() == null ? 1 : 1 + record.json().length / 1024);
                    budget.acquire(kb);
                    Importer.Record read = record;
                    long position = records.position();
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
        private Line work(Importer.Record line, long position, int kb) throws IOException {
            if (line.error() != null) {
                return Line.of(line, position, kb, Outcome.SKIPPED, Problem.at(line.file(), line.line(), line.error()));
            }
            if (isBlank(line.json())) {
                return Line.of(line, position, kb, Outcome.BLANK, null);
            }
            RecordSplitter.Split split;
            try {
                split = RecordSplitter.split(line.json(), line.json().length);
            } catch (RecordFormatException e) {
                return Line.of(line, position, kb, Outcome.SKIPPED, Problem.at(line.file(), line.line(), e.getMessage()));
            }
            String unstorable = StorableTask.problem(split.task());
            if (unstorable != null) {
                return Line.of(line, position, kb, Outcome.SKIPPED, Problem.at(line.file(), line.line(), unstorable));
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
                ActionCheck.problems(code).forEach(p -> stepProblems.add(new Problem(line.file(), line.line(), at, "code " + p)));
                steps.get(i).json().path(Step.NOT_HELD).forEach(item -> stepProblems.add(new Problem(line.file(), line.line(), at,
                        "kept aside in " + Step.NOT_HELD + ": " + item.path("not_held_because").asText())));
                actions.add(actionNames(code));
                stored.add(storeImage(line, i, steps.get(i).image(), imageProblems));
            }
            stepProblems.addAll(imageProblems);
            return new Line(line.file(), line.line(), position, kb, Outcome.RECORD, split, actions, stored, List.of(), stepProblems, imageProblems);
        }

        /** Stores a step's image; null (with the problem noted) when it cannot be stored. */
        private StoredImage storeImage(Importer.Record record, int position, String name, List<Problem> found) throws IOException {
            String source = record.file();
            long line = record.line();
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
        return code.actions().stream().map(Action::function).collect(Collectors.joining(" "));
    }

}
