package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import org.trajectory.cli.internal.OptionsCommand.UsageException;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.WorkQueue;
import org.trajectory.model.Json;
import org.trajectory.model.Words;

/** The commands of a server dataset's work queue: {@code enqueue} adds work, {@code jobs} shows it and retries what failed. */
final class QueueCommands {

    private QueueCommands() {
    }

    private static WorkQueue queue(Dataset dataset) throws UsageException, SQLException {
        if (!(dataset.address() instanceof DatasetAddress.Server)) {
            throw new UsageException("a folder dataset has no work queue: workers share work on a server dataset (postgresql://...)");
        }
        return dataset.workQueue();
    }

    /** {@code enqueue RECORDING|VIDEO... --dataset SERVER}: work for the workers of every machine. */
    static final class Enqueue extends OptionsCommand<Enqueue.Options> {
        @Command(name = "enqueue", description = "add recordings (to build) and videos (to extract) to a server dataset's queue,"
                + " for workers on any machine (build or extract with --dataset and no recordings)")
        static final class Options {
            @Parameters(paramLabel = "RECORDING|VIDEO", arity = "1..*", description = "recording folders and video files, at paths every"
                    + " worker reads (a shared folder)") List<Path> paths;
            @Mixin DatasetOptions common;
            @Option(names = "--operation", paramLabel = "build|extract",
                    description = "what to do to them (default: build a folder, extract a file)") String operation;
            @Option(names = "--again", description = "do again what was done already") boolean again;
        }

        @Override
        int run(Options args, PrintStream out, PrintStream err) throws UsageException, IOException, SQLException {
            if (args.operation != null && !List.of("build", "extract").contains(args.operation)) {
                throw new UsageException("--operation is build or extract, not '" + args.operation + "'");
            }
            long start = System.nanoTime();
            Map<String, List<String>> byOperation = new LinkedHashMap<>();
            int missing = 0;
            for (Path path : args.paths) {
                if (!Files.exists(path)) {
                    err.println(prefix() + path + ": no such file or folder; give paths every worker can read (a shared folder)");
                    missing++;
                    continue;
                }
                String operation = args.operation != null ? args.operation : Files.isDirectory(path) ? "build" : "extract";
                byOperation.computeIfAbsent(operation, o -> new ArrayList<>()).add(path.toAbsolutePath().normalize().toString());
            }
            Map<String, Object> added = new LinkedHashMap<>();
            List<String> words = new ArrayList<>();
            try (Dataset dataset = Dataset.openOrCreate(args.common.dataset); WorkQueue queue = queue(dataset)) {
                for (Map.Entry<String, List<String>> entry : byOperation.entrySet()) {
                    int count = queue.enqueue(entry.getKey(), entry.getValue(), args.again, dataset.user());
                    added.put(entry.getKey(), count);
                    int there = entry.getValue().size() - count;
                    words.add(Words.count(count, "item") + " to " + entry.getKey() + (there == 0 ? "" : " (" + there + " there already)"));
                }
            }
            String summary = "added " + (words.isEmpty() ? "nothing" : String.join(", ", words)) + (missing == 0 ? "" : "; "
                    + Words.count(missing, "path") + " not found");
            printResult(out, args.common.json, Json.fields("added", added, "not_found", missing), summary, null, (System.nanoTime() - start) / 1e9);
            return missing == 0 ? OK : FAILED;
        }
    }

    /** {@code jobs --dataset SERVER [--retry ID|all] [--dismiss ID|all]}: the queue, who holds what, each worker's rate. */
    static final class Jobs extends OptionsCommand<Jobs.Options> {
        private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);

        @Command(name = "jobs", description = "show a server dataset's work queue: per operation waiting, claimed (by whom, since when),"
                + " done and failed (and why); each worker's rate; retry or dismiss failed items")
        static final class Options {
            @Mixin DatasetOptions common;
            @Option(names = "--retry", split = ",", paramLabel = "ID,...|all", description = "put failed items back to waiting") List<String> retry;
            @Option(names = "--dismiss", split = ",", paramLabel = "ID,...|all", description = "set failed items aside") List<String> dismiss;
            @Option(names = "--operation", paramLabel = "NAME", description = "only this operation's items (build, extract, annotate,"
                    + " score, replay)") String operation;
        }

        @Override
        int run(Options args, PrintStream out, PrintStream err) throws UsageException, IOException, SQLException {
            try (Dataset dataset = DatasetOptions.open(args.common.dataset, err); WorkQueue queue = queue(dataset)) {
                if (args.retry != null) {
                    err.println(prefix() + Words.count(queue.retry(ids(args.retry), args.operation), "item") + " put back to waiting");
                }
                if (args.dismiss != null) {
                    err.println(prefix() + Words.count(queue.dismiss(ids(args.dismiss), args.operation), "item") + " set aside");
                }
                WorkQueue.Status status = queue.status();
                if (args.common.json) {
                    printJson(out, json(status, args.operation));
                } else {
                    print(status, args.operation, out);
                }
            }
            return OK;
        }

        private static List<Long> ids(List<String> given) throws UsageException {
            List<Long> ids = new ArrayList<>();
            for (String id : given) {
                if (id.equals("all")) {
                    return List.of();
                }
                try {
                    ids.add(Long.parseLong(id.strip().replaceFirst("^#", "")));
                } catch (NumberFormatException e) {
                    throw new UsageException("an item is named by its number (as jobs lists it) or all, not '" + id + "'");
                }
            }
            return ids;
        }

        private static boolean shown(String operation, String only) {
            return only == null || only.equals(operation);
        }

        private static void print(WorkQueue.Status status, String only, PrintStream out) {
            if (status.operations().isEmpty()) {
                out.println("the queue is empty: enqueue recordings or videos, or start build, extract, annotate, score or replay on this dataset");
                return;
            }
            for (WorkQueue.Counts c : status.operations()) {
                if (shown(c.operation(), only)) {
                    out.printf(Locale.ROOT, "%-9s %6d waiting  %5d claimed  %6d done  %5d failed%s%n", c.operation(), c.waiting(), c.claimed(),
                            c.done(), c.failed(), c.dismissed() == 0 ? "" : "  " + c.dismissed() + " dismissed");
                }
            }
            List<WorkQueue.Entry> claimed = status.claimed().stream().filter(e -> shown(e.operation(), only)).toList();
            if (!claimed.isEmpty()) {
                out.println("claimed:");
                for (WorkQueue.Entry e : claimed) {
                    long left = e.leaseUntil() == null ? 0 : Duration.between(status.now(), e.leaseUntil()).toSeconds();
                    out.println("  #" + e.id() + " " + e.operation() + " " + e.subject() + ": " + e.worker() + " since " + time(e.claimedAt())
                            + (left >= 0 ? ", lease " + left + " s left" : ", lease ran out " + -left + " s ago (the next claim takes it)")
                            + (e.attempts() > 1 ? ", attempt " + e.attempts() : ""));
                }
            }
            List<WorkQueue.Entry> failed = status.failed().stream().filter(e -> shown(e.operation(), only)).toList();
            if (!failed.isEmpty()) {
                out.println("failed (jobs --retry ID or all puts them back, --dismiss sets them aside):");
                failed.forEach(e -> out.println("  #" + e.id() + " " + e.operation() + " " + e.subject() + ": " + e.outcome()));
            }
            List<WorkQueue.WorkerRate> workers = status.workers().stream().filter(w -> shown(w.operation(), only)).toList();
            if (!workers.isEmpty()) {
                out.println("workers:");
                workers.forEach(w -> out.printf(Locale.ROOT, "  %s %s: %d done, %d failed, holding %d, %.1f a minute, last at %s%n", w.worker(),
                        w.operation(), w.done(), w.failed(), w.holding(), w.perMinute(), w.last() == null ? "-" : time(w.last())));
            }
        }

        /** A moment as the clock shows it, its seconds always (LocalTime's own text leaves out ":00"). */
        private static String time(Instant instant) {
            return CLOCK.format(LocalTime.ofInstant(instant, ZoneId.systemDefault()));
        }

        private static Map<String, Object> json(WorkQueue.Status status, String only) {
            List<Map<String, Object>> operations = new ArrayList<>();
            status.operations().stream().filter(c -> shown(c.operation(), only)).forEach(c -> operations.add(Json.fields("operation",
                    c.operation(), "waiting", c.waiting(), "claimed", c.claimed(), "done", c.done(), "failed", c.failed(),
                    "dismissed", c.dismissed())));
            List<Map<String, Object>> items = new ArrayList<>();
            for (WorkQueue.Entry e : status.claimed()) {
                if (shown(e.operation(), only)) {
                    items.add(Json.fields("id", e.id(), "operation", e.operation(), "subject", e.subject(), "state", e.state().id(), "worker",
                            e.worker(), "claimed_at", String.valueOf(e.claimedAt()), "lease_until", String.valueOf(e.leaseUntil()),
                            "attempts", e.attempts()));
                }
            }
            for (WorkQueue.Entry e : status.failed()) {
                if (shown(e.operation(), only)) {
                    items.add(Json.fields("id", e.id(), "operation", e.operation(), "subject", e.subject(), "state", e.state().id(),
                            "attempts", e.attempts(), "reason", e.outcome()));
                }
            }
            List<Map<String, Object>> workers = new ArrayList<>();
            status.workers().stream().filter(w -> shown(w.operation(), only)).forEach(w -> workers.add(Json.fields("worker", w.worker(),
                    "operation", w.operation(), "done", w.done(), "failed", w.failed(), "holding", w.holding(), "per_minute", w.perMinute())));
            return Json.fields("operations", operations, "items", items, "workers", workers, "now", status.now().toString());
        }
    }
}
