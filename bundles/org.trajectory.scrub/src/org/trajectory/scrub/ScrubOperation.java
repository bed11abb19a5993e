package org.trajectory.scrub;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.trajectory.catalog.Entry;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetOperation;
import org.trajectory.dataset.StoredScrub;
import org.trajectory.dataset.StoredScrub.Finding;
import org.trajectory.dataset.TaskDraft;
import org.trajectory.model.Digests;
import org.trajectory.model.Json;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;
import org.trajectory.scrub.internal.ScreenLines;
import org.trajectory.screentext.ScreenText;
import org.trajectory.screentext.ScreenTexts;
import org.trajectory.scrub.internal.TaskScan;

/**
 * Finds the personal data in a dataset's tasks and proposes it for review: every text of each record, and every
 * screenshot as the screen text reader reads it (see {@link ScreenTexts}), are given to each detector; whatever was
 * found anywhere in a task is then looked for everywhere in it (an address read in step 3's screenshot is typed in step
 * 5). Each task's findings are stored with the content they were found in; a task scrubbed before keeps the review of
 * every finding found again and the boxes reviewers drew, and one whose content did not change since is skipped, so a
 * scrub that was stopped goes on where it stopped.
 *
 * @since 0.1
 */
public final class ScrubOperation extends DatasetOperation<ScrubOperation.Report> {

    /**
     * @param taskIds     the tasks to scrub; empty: all
     * @param detectors   the detectors' ids; empty: all
     * @param context     the contributor's identifiers and the region for national formats
     * @param screenshots whether screenshots are read, or only texts
     * @param again       scrub tasks whose content did not change since their last scrub too
     * @param reader      the screen text reader's id; null: the one the preferences choose
     */
    public record Options(List<String> taskIds, List<String> detectors, Detector.Context context, boolean screenshots, boolean again,
            String reader) {
        public Options {
            taskIds = List.copyOf(taskIds);
            detectors = List.copyOf(detectors);
        }

        public Options(List<String> taskIds, List<String> detectors, Detector.Context context, boolean screenshots, boolean again) {
            this(taskIds, detectors, context, screenshots, again, null);
        }
    }

    /** One task's scrub: how many findings it has, how many await review; skipped when unchanged since its last scrub. */
    public record TaskResult(String taskId, int findings, int unreviewed, boolean skipped) {
    }

    /** What a run did. */
    public record Report(List<TaskResult> results, Map<String, Integer> kinds, int screenshots, String reader, double seconds,
            List<Problem> problems, boolean cancelled) implements org.trajectory.model.operation.Report {

        @Override
        public String summary() {
            long skipped = results.stream().filter(TaskResult::skipped).count();
            int found = kinds.values().stream().mapToInt(Integer::intValue).sum();
            int open = results.stream().mapToInt(TaskResult::unreviewed).sum();
            String kindsText = kinds.isEmpty() ? "" : " (" + String.join(", ", kinds.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).toList()) + ")";
            return "scrubbed " + Words.count(results.size() - skipped, "task") + (skipped > 0 ? ", " + skipped + " unchanged since their last scrub" : "")
                    + ": " + Words.count(found, "finding") + kindsText + " in " + Words.count(screenshots, "screenshot") + " and the texts; "
                    + open + " to review" + (cancelled ? " (cancelled: the tasks scrubbed so far are kept)" : "");
        }

        @Override
        public Map<String, Object> json() {
            List<Map<String, Object>> tasks = results.stream().map(r -> Json.fields("task_id", r.taskId(), "findings", r.findings(),
                    "unreviewed", r.unreviewed(), "skipped", r.skipped())).toList();
            return Json.fields("tasks", tasks, "kinds", kinds, "screenshots", screenshots, "reader", reader,
                    "seconds", seconds, "cancelled", cancelled);
        }
    }

    private final Options options;

    public ScrubOperation(Dataset dataset, Options options) {
        super(dataset, "Scrubbing personal data from " + dataset.address());
        this.options = options;
    }

    @Override
    public Report run(Progress progress) throws Exception {
        long start = System.nanoTime();
        List<Entry<Detector>> detectors = Detectors.get().select(options.detectors());
        String readerId = options.reader() != null ? options.reader() : ScreenTexts.chosenId();
        ScreenText reader = options.screenshots() ? ScreenTexts.get().reader(readerId) : null;
        if (reader != null && !reader.available()) {
            throw new IOException("the screen text reader '" + readerId + "' cannot work on this machine (its program or model is missing):"
                    + " screenshots cannot be read; choose another in Window > Preferences > Screen Text, or scrub the texts only");
        }
        List<String> ids = options.taskIds().isEmpty() ? dataset.taskIds() : options.taskIds();
        // what a stored scrub was made with: the detectors, and a digest of what they were told (new identifiers scan again)
        List<String> detectorIds = new ArrayList<>(detectors.stream().map(Entry::id).toList());
        detectorIds.add("context=" + Digests.sha256(String.join("\n", options.context().contributor()) + "\n"
                + options.context().region()).substring(0, 12));
        if (reader != null) {
            detectorIds.add("reader=" + readerId); // screenshots read by another reader are read again
        }
        Run run = new Run(detectors, detectorIds, reader == null ? null : readerId);
        progress.begin(title(), ids.size(), "tasks");
        ExecutorService readers = Executors.newFixedThreadPool(CORES, r -> {
            Thread thread = new Thread(r, "scrub-reader");
            thread.setDaemon(true);
            return thread;
        });
        // tasks whose screenshots are being read, in order: the next ones are read while the first is scanned and stored
        Deque<Pending> reading = new ArrayDeque<>();
        try {
            for (String id : ids) {
                if (progress.isCancelled()) {
                    return run.report(start, true);
                }
                Pending next = begin(id, run, readers, reader);
                if (next == null) {
                    progress.worked(1);
                } else {
                    reading.add(next);
                }
                while (!reading.isEmpty() && (reading.stream().mapToInt(p -> p.screens().size()).sum() > 2 * CORES || reading.peek().read())) {
                    if (!finish(reading.poll(), run, progress)) {
                        return run.report(start, true);
                    }
                }
            }
            while (!reading.isEmpty()) {
                if (!finish(reading.poll(), run, progress)) {
                    return run.report(start, true);
                }
            }
            return run.report(start, false);
        } finally {
            readers.shutdownNow();
        }
    }

    /** The cores the reader shares: one screenshot is read on each at a time. */
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    /** What a run has done so far: results, problems, findings by kind, and screenshots read (by the reader named). */
    private record Run(List<Entry<Detector>> detectors, List<String> detectorIds, String reader, List<TaskResult> results,
            List<Problem> problems, Map<String, Integer> kinds, int[] screenshots) {
        Run(List<Entry<Detector>> detectors, List<String> detectorIds, String reader) {
            this(detectors, detectorIds, reader, new ArrayList<>(), new ArrayList<>(), new TreeMap<>(), new int[1]);
        }

        Report report(long start, boolean cancelled) {
            return new Report(results, kinds, screenshots[0], reader, (System.nanoTime() - start) / 1e9, problems, cancelled);
        }
    }

    /** A task being scrubbed: its screenshots' readings, by step, under way on the readers. */
    private record Pending(TaskDraft draft, String contentHash, StoredScrub before, Map<Integer, Future<List<ScreenLines.Line>>> screens) {
        boolean read() {
            return screens.values().stream().allMatch(Future::isDone);
        }
    }

    /** Starts a task: null when it is done at once (no such task, unchanged since its last scrub), else its readings under way. */
    private Pending begin(String id, Run run, ExecutorService readers, ScreenText reader) throws IOException, SQLException {
        if (!dataset.contains(id)) {
            run.problems().add(Problem.at(id, 0, "no task '" + id + "' in the dataset"));
            return null;
        }
        TaskDraft draft = dataset.draft(id);
        String contentHash = Dataset.contentHash(draft.task());
        StoredScrub before = dataset.scrubs().get(id);
        if (!options.again() && before != null && before.contentHash().equals(contentHash) && before.detectors().equals(run.detectorIds())) {
            run.results().add(new TaskResult(id, before.findings().size(), before.unreviewed(), true));
            return null;
        }
        Map<Integer, Future<List<ScreenLines.Line>>> screens = new TreeMap<>();
        for (int k = 0; reader != null && k < draft.stepCount(); k++) {
            if (draft.image(k) != null) {
                byte[] stored = dataset.images().read(draft.image(k));
                screens.put(k, readers.submit(() -> ScreenLines.read(stored, reader)));
            }
        }
        return new Pending(draft, contentHash, before, screens);
    }

    /**
     * Scans a task's texts and its screenshots as read, and stores its findings; false when cancelled while its
     * screenshots were being read (a task with many takes seconds): it is left as it was, none of it stored.
     */
    private boolean finish(Pending task, Run run, Progress progress) throws Exception {
        String id = task.draft().taskId();
        TaskScan scan = new TaskScan(task.draft().task(), run.detectors(), options.context());
        for (Map.Entry<Integer, Future<List<ScreenLines.Line>>> screen : task.screens().entrySet()) {
            List<ScreenLines.Line> lines;
            try {
                lines = readOrCancelled(screen.getValue(), progress);
                if (lines == null) {
                    return false;
                }
            } catch (ExecutionException e) {
                if (e.getCause() instanceof ScreenLines.NoPicture) {
                    run.problems().add(new Problem(id, 0, screen.getKey(), e.getCause().getMessage() + ": it was not scrubbed"));
                    continue;
                }
                throw e.getCause() instanceof Exception cause ? cause : e;
            }
            scan.screen(screen.getKey(), lines);
            run.screenshots()[0]++;
        }
        List<Finding> findings = reviewedAsBefore(scan.findings(), task.before());
        StoredScrub scrub = new StoredScrub(task.contentHash(), run.detectorIds(), Instant.now().toString(), findings);
        dataset.scrubs().put(id, scrub);
        findings.forEach(f -> run.kinds().merge(f.kind(), 1, Integer::sum));
        run.results().add(new TaskResult(id, findings.size(), scrub.unreviewed(), false));
        progress.worked(1);
        return true;
    }

    /** A screenshot's lines once read, asking every tenth of a second whether the run was cancelled meanwhile (then null). */
    private static List<ScreenLines.Line> readOrCancelled(Future<List<ScreenLines.Line>> reading, Progress progress)
            throws InterruptedException, ExecutionException {
        while (!progress.isCancelled()) {
            try {
                return reading.get(100, java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                // still reading
            }
        }
        return null; // the readers are stopped as the run ends (their threads interrupted, Tesseract's processes ended)
    }

    /** The new findings with the review the same finding had before, and the boxes reviewers drew. */
    static List<Finding> reviewedAsBefore(List<Finding> found, StoredScrub before) {
        if (before == null) {
            return found;
        }
        List<Finding> findings = new ArrayList<>();
        for (Finding finding : found) {
            findings.add(before.findings().stream().filter(finding::samePlace).findFirst().map(b -> finding.withState(b.state())).orElse(finding));
        }
        before.findings().stream().filter(f -> f.text() == null).forEach(findings::add);
        return findings;
    }
}
