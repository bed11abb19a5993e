package org.trajectory.dataset;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.trajectory.model.Json;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Operation;
import org.trajectory.model.operation.Item;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;
import org.trajectory.model.operation.Report;

/**
 * One worker of a server dataset's {@link WorkQueue}: adds the work it was given (or the dataset's tasks), then claims
 * batches and does them until nothing of its operation waits and no other worker holds any; a batch another worker
 * died on is taken when its lease runs out. The work itself is any operation run on a batch of subjects ({@link Work}).
 * When the server goes away (restarted, network cut) the worker gives back its batch once it is back and goes on;
 * what was done stays done.
 *
 * @since 0.1
 */
public final class QueueWorker implements Operation<QueueWorker.Worked> {

    /**
     * The work of a batch: what became of each subject (an operation's report's {@link Report#items()}); a subject left
     * out failed, unless the work was cancelled, when it goes back to the queue.
     */
    @FunctionalInterface
    public interface Work {
        Map<String, Item> run(Dataset dataset, List<String> subjects, Progress progress) throws Exception;
    }

    /**
     * How a worker works: its operation's name in the queue ("build"), the key of its settings (an item done with other
     * settings is done again), whether the subjects are the dataset's tasks, the batch it claims, the lease of a claim,
     * its name in the queue, and how long it waits for a server gone away before it gives up.
     */
    public record Settings(String operation, String key, boolean tasks, int batch, Duration lease, String worker, Duration serverWait) {
        public Settings {
            if (batch < 1) {
                throw new IllegalArgumentException("a batch is at least 1 item");
            }
            if (lease.toMillis() < 1000) {
                throw new IllegalArgumentException("a lease is at least 1 second");
            }
        }
    }

    /** What this worker did. */
    public record Worked(String operation, String worker, int added, int done, int left, String leftWhy, int failed, int lost, WorkQueue.Counts queue,
            int serverLosses, double claimMillisPerItem, List<Problem> problems, boolean cancelled) implements Report {

        @Override
        public String summary() {
            return worker + ": " + operation + " of " + Words.count(done, "item") + " done"
                    + (left == 0 ? "" : " (" + left + " of them left as they were: " + leftWhy + ")") + (failed == 0 ? "" : ", " + failed + " failed")
                    + (lost == 0 ? "" : ", " + lost + " taken over by other workers after its lease ran out") + "; the queue: " + queue.done()
                    + " done, " + queue.failed() + " failed, " + queue.waiting() + " waiting, " + queue.claimed() + " held by others"
                    + (added == 0 ? "" : "; it added " + Words.count(added, "item") + " to the queue")
                    + (serverLosses == 0 ? "" : "; the server went away " + Words.count(serverLosses, "time") + " and it went on")
                    + (cancelled ? " (cancelled: what it held waits for the next worker)" : "");
        }

        @Override
        public Map<String, Object> json() {
            return Json.fields("operation", operation, "worker", worker, "added", added, "done", done, "left", left, "failed", failed, "lost", lost,
                    "queue", Json.fields("waiting", queue.waiting(), "claimed", queue.claimed(), "done", queue.done(), "failed", queue.failed()),
                    "server_losses", serverLosses, "claim_ms_per_item", claimMillisPerItem, "cancelled", cancelled);
        }

        @Override
        public long problemCount() {
            return failed;
        }
    }

    private static final int MAX_REPORTED = 50;

    private final Dataset given;
    private final Settings settings;
    private final List<String> subjects;
    private final boolean again;
    private final Work work;
    private Dataset dataset;
    /** Replaced when the server came back; the lease renewal reads it from its own thread. */
    private volatile WorkQueue queue;
    private final List<Problem> problems = new ArrayList<>();
    private int done;
    private int left;
    private String leftWhy;
    private int failed;
    private int lost;
    private int serverLosses;
    private long claimNanos;
    private long claimed;

    /**
     * @param subjects the work to add first (recordings, videos, task ids); empty: the queue's own, or every task when
     *        the settings say the subjects are tasks
     * @param again also do again what is done already
     */
    public QueueWorker(Dataset dataset, Settings settings, List<String> subjects, boolean again, Work work) {
        this.given = dataset;
        this.settings = settings;
        this.subjects = List.copyOf(subjects);
        this.again = again;
        this.work = work;
    }

    @Override
    public String title() {
        return "Working on the " + settings.operation() + " queue of " + given.address();
    }

    @Override
    public Set<String> exclusive() {
        return Set.of(given.address().exclusive());
    }

    @Override
    public Worked run(Progress progress) throws Exception {
        dataset = given;
        queue = dataset.workQueue();
        ScheduledExecutorService renewing = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "Lease renewal");
            thread.setDaemon(true);
            return thread;
        });
        long period = Math.max(200, settings.lease().toMillis() / 3);
        renewing.scheduleAtFixedRate(this::renew, period, period, TimeUnit.MILLISECONDS);
        try {
            int added = serverAware(progress, this::enqueue);
            WorkQueue.Counts counts = serverAware(progress, this::counts);
            progress.begin(title(), counts.waiting() + counts.claimed(), "items");
            boolean cancelled = work(progress);
            return new Worked(settings.operation(), settings.worker(), added, done, left, leftWhy, failed, lost, serverAware(progress, this::counts), serverLosses,
                    claimed == 0 ? 0 : claimNanos / 1e6 / claimed, List.copyOf(problems), cancelled);
        } finally {
            renewing.shutdownNow();
            try {
                queue.release(settings.worker()); // nothing, unless cancelled or stopped by an error: the next worker takes it at once
            } catch (SQLException e) {
                // the server is away: the lease runs out instead
            }
            queue.close();
            if (dataset != given) {
                dataset.close();
            }
        }
    }

    private int enqueue() throws SQLException {
        if (!subjects.isEmpty()) {
            return queue.enqueue(settings.operation(), subjects, again, settings.worker());
        }
        return settings.tasks() ? queue.enqueueTasks(settings.operation(), settings.key(), settings.worker(), again) : 0;
    }

    private WorkQueue.Counts counts() throws SQLException {
        return queue.status().operations().stream().filter(c -> c.operation().equals(settings.operation())).findFirst()
                .orElse(new WorkQueue.Counts(settings.operation(), 0, 0, 0, 0, 0));
    }

    /** Claims and works batches until none is left; true when cancelled. */
    private boolean work(Progress progress) throws Exception {
        Progress quiet = Progress.cancelledWhen(progress::isCancelled);
        while (!progress.isCancelled()) {
            List<WorkQueue.Item> batch = serverAware(progress, this::claim);
            if (batch.isEmpty()) {
                long held = serverAware(progress, () -> queue.heldElsewhere(settings.operation(), settings.worker()));
                if (held < 0) {
                    return false;
                }
                sleep(Math.min(2000, held + 50), progress); // another worker's batch: done by then, or its lease ran out
                continue;
            }
            try {
                record(batch, work.run(dataset, batch.stream().map(WorkQueue.Item::subject).toList(), quiet), progress);
            } catch (Exception e) {
                if (!serverLost(e)) {
                    throw e; // it cannot work at all (a refused key): what it holds is given back
                }
                awaitServer(progress, e);
                serverAware(progress, () -> queue.release(settings.worker())); // its work may be half written: done again, whole
            }
        }
        return true;
    }

    private List<WorkQueue.Item> claim() throws SQLException {
        long start = System.nanoTime();
        List<WorkQueue.Item> batch = queue.claim(settings.operation(), settings.worker(), settings.batch(), settings.lease());
        if (!batch.isEmpty()) {
            claimNanos += System.nanoTime() - start;
            claimed += batch.size();
        }
        return batch;
    }

    /** Records each item's outcome; one without any stays held when cancelled (given back at the end), else fails. */
    private void record(List<WorkQueue.Item> batch, Map<String, Item> outcomes, Progress progress) throws Exception {
        for (WorkQueue.Item item : batch) {
            if (!outcomes.containsKey(item.subject()) && progress.isCancelled()) {
                continue;
            }
            Item outcome = outcomes.getOrDefault(item.subject(), Item.failed("the work said nothing of it"));
            boolean held = serverAware(progress, () -> {
                if (!outcome.finished()) {
                    return queue.fail(item, settings.worker(), outcome.words());
                }
                String key = settings.tasks() ? WorkQueue.taskKey(settings.key(), dataset.version(item.subject())) : settings.key();
                return queue.finish(item, settings.worker(), key, outcome.words());
            });
            if (!held) {
                lost++;
            } else if (outcome.finished()) {
                done++;
                if (outcome.outcome() == Item.Outcome.LEFT) {
                    left++;
                    leftWhy = leftWhy == null ? outcome.words() : leftWhy;
                }
                progress.worked(1);
            } else {
                failed++;
                if (problems.size() < MAX_REPORTED) {
                    problems.add(Problem.at(item.subject(), 0, outcome.words()));
                }
            }
        }
    }

    private void renew() {
        try {
            queue.renew(settings.worker(), settings.lease());
        } catch (SQLException | RuntimeException e) {
            // the server is away: the main loop waits for it
        }
    }

    /** Something the queue is asked. */
    @FunctionalInterface
    private interface Ask<T> {
        T ask() throws SQLException, IOException;
    }

    /** Asks, and when the server is gone, waits for it and asks again. */
    private <T> T serverAware(Progress progress, Ask<T> ask) throws Exception {
        while (true) {
            try {
                return ask.ask();
            } catch (SQLException e) {
                if (!serverLost(e)) {
                    throw e;
                }
                awaitServer(progress, e);
            }
        }
    }

    /** Opens the dataset and its queue again once the server answers; gives up after the settings' wait. */
    private void awaitServer(Progress progress, Exception lostWith) throws Exception {
        serverLosses++;
        long deadline = System.nanoTime() + settings.serverWait().toNanos();
        while (System.nanoTime() < deadline) {
            sleep(1000, progress);
            if (progress.isCancelled()) {
                throw new InterruptedException("cancelled while the server was away");
            }
            try {
                Dataset reopened = Dataset.open(given.address());
                WorkQueue requeued = reopened.workQueue();
                queue.close();
                if (dataset != given) {
                    dataset.close();
                }
                dataset = reopened;
                queue = requeued;
                return;
            } catch (SQLException e) {
                if (!serverLost(e)) {
                    throw e;
                }
            }
        }
        throw new SQLException("the server of " + given.address() + " went away (" + lostWith.getMessage() + ") and did not come back in "
                + settings.serverWait().toSeconds() + " s; nothing is lost: what this worker held is taken by the next worker when its"
                + " lease runs out, and a worker started again goes on", lostWith);
    }

    private static void sleep(long millis, Progress progress) throws InterruptedException {
        long end = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < end && !progress.isCancelled()) {
            Thread.sleep(Math.min(100, Math.max(1, end - System.currentTimeMillis())));
        }
    }

    /** True when {@code e} says the connection to the server is gone (SQL states 08..., 57P01-57P03), not that a statement failed. */
    public static boolean serverLost(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("08") || sql.getSQLState().matches("57P0[123]"))) {
                return true;
            }
        }
        return false;
    }

    /** The name a worker goes by in the queue unless told: login, machine (a pod's name in a cluster) and process. */
    public static String defaultName(String login) {
        String host = System.getenv("HOSTNAME");
        if (host == null || host.isBlank()) {
            try {
                host = java.nio.file.Files.readString(java.nio.file.Path.of("/etc/hostname")).strip();
            } catch (IOException e) {
                host = "localhost";
            }
        }
        return login + "@" + host + ":" + ProcessHandle.current().pid();
    }
}
