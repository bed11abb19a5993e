package org.trajectory.scoring;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetActivity;
import org.trajectory.dataset.DatasetOperation;
import org.trajectory.dataset.ImageStore;
import org.trajectory.dataset.TaskDraft;
import org.trajectory.model.Json;
import org.trajectory.model.Task;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Item;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;
import org.trajectory.vlm.Model;
import org.trajectory.vlm.Retrying;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Scores a dataset with chosen criteria. Incremental: a task is scored again by a criterion only when its content
 * changed since (a hash of the record without its scores) or the criterion's version did. Each task's scores are
 * stored in one transaction as they come, so a stopped or killed run resumes where it was. Tasks are scored on
 * {@code concurrency} threads; a criterion that fails gives an error score and the run goes on.
 *
 * @since 0.1
 */
public final class ScoreOperation extends DatasetOperation<ScoreOperation.Report> {

    public record Options(int concurrency, boolean force, List<String> taskIds) {
        public Options {
            if (concurrency < 1) {
                throw new IllegalArgumentException("concurrency must be at least 1");
            }
            taskIds = taskIds == null ? null : List.copyOf(taskIds);
        }
    }

    /** What a run did; {@code errors} holds the first criterion errors (task id as the source). */
    public record Report(List<String> criteria, int tasks, int scored, int upToDate, int criterionErrors, List<Problem> errors,
            List<String> skippedCriteria, Map<String, Item> items, boolean cancelled) implements org.trajectory.model.operation.Report {

        /** The first criterion errors, then the criteria left out (they need a model): said, but not a failure. */
        @Override
        public List<Problem> problems() {
            List<Problem> problems = new ArrayList<>(errors);
            skippedCriteria.forEach(s -> problems.add(Problem.at("", 0, "skipped " + s)));
            return problems;
        }

        @Override
        public long problemCount() {
            return criterionErrors;
        }

        /** One sentence for the command line and the window: "scored 2 tasks by format, 0 already up to date, ...". */
        @Override
        public String summary() {
            return "scored " + Words.count(scored, "task") + " by " + String.join(", ", criteria) + ", " + upToDate + " already up to date, "
                    + Words.count(criterionErrors, "criterion error") + (skippedCriteria.isEmpty() ? "" : "; skipped " + String.join(", ", skippedCriteria))
                    + (cancelled ? " (cancelled: run it again to resume)" : "");
        }

        /** The same for programs ({@code --json}). */
        @Override
        public Map<String, Object> json() {
            return Json.fields("criteria", criteria, "tasks", tasks, "scored", scored, "up_to_date", upToDate,
                    "criterion_errors", criterionErrors, "skipped_criteria", skippedCriteria, "cancelled", cancelled);
        }
    }

    private static final int MAX_REPORTED = 50;

    private final List<ScoringCriteria.Descriptor> criteria;
    private final Weights weights;
    private final Retrying model;
    private final Options options;

    /** @param model the model for criteria that need one; null: those criteria are skipped and said so */
    public ScoreOperation(Dataset dataset, List<ScoringCriteria.Descriptor> criteria, Weights weights, Retrying model, Options options) {
        super(dataset, "Scoring " + dataset.address());
        this.criteria = List.copyOf(criteria);
        this.weights = weights;
        this.model = model;
        this.options = options;
    }

    /** A unit of work: one task, its scores stored before the run, the criteria it needs, and (when done) their scores. */
    private record Job(String taskId, String hash, Map<String, Dataset.StoredScore> stored, List<ScoringCriteria.Descriptor> due,
            Future<Map<String, Score>> scores) {
    }

    @Override
    public Report run(Progress progress) throws SQLException, IOException, InterruptedException {
        try (DatasetActivity activity = dataset.activity("scoring run")) {
            // The weights behind the final scores, for whoever publishes them (the dataset card says them).
            dataset.setMeta(Dataset.SCORING_WEIGHTS, Json.MAPPER.writeValueAsString(new TreeMap<>(weights.byCriterion())));
            return runRegistered(progress);
        }
    }

    private Report runRegistered(Progress progress) throws SQLException, IOException, InterruptedException {
        List<ScoringCriteria.Descriptor> runnable = criteria.stream().filter(c -> !c.needsModel() || model != null).toList();
        List<String> skipped = criteria.stream().filter(c -> !runnable.contains(c)).map(c -> c.id() + " (needs a model: choose a provider)")
                .toList();
        prepare(runnable, progress);
        List<String> ids = options.taskIds() != null ? options.taskIds() : dataset.taskIds();
        progress.begin("Scoring " + Words.count(ids.size(), "task"), ids.size(), "tasks");
        int scored = 0;
        int upToDate = 0;
        int errors = 0;
        List<Problem> problems = new ArrayList<>();
        Map<String, Item> items = new java.util.LinkedHashMap<>();
        boolean cancelled = false;
        ExecutorService pool = Executors.newFixedThreadPool(options.concurrency(), Thread.ofPlatform().name("Scoring").daemon().factory());
        Deque<Job> inFlight = new ArrayDeque<>();
        try {
            int next = 0;
            while (next < ids.size() || !inFlight.isEmpty()) {
                if (progress.isCancelled()) {
                    cancelled = true;
                    break;
                }
                // Read and submit ahead (the database is read on this thread only), then store the oldest result.
                while (next < ids.size() && inFlight.size() < options.concurrency() * 4) {
                    String id = ids.get(next++);
                    Job job = plan(id, runnable, pool);
                    if (job == null) {
                        upToDate++;
                        items.put(id, Item.done("its scores are current"));
                        progress.worked(1);
                    } else {
                        inFlight.add(job);
                    }
                }
                if (inFlight.isEmpty()) {
                    continue;
                }
                Job head = inFlight.peek();
                Map<String, Score> scores;
                try {
                    scores = head.scores().get(200, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    continue; // look at the cancel button again
                } catch (ExecutionException e) {
                    throw new IOException("scoring " + head.taskId() + " failed: " + e.getCause().getMessage(), e.getCause());
                }
                inFlight.poll();
                int failed = failures(head.taskId(), scores, problems);
                errors += failed;
                store(head, scores);
                items.put(head.taskId(), Item.done(failed == 0 ? "scored" : "scored, " + Words.count(failed, "criterion error")));
                scored++;
                progress.worked(1);
            }
        } finally {
            pool.shutdownNow(); // interrupts model requests in flight
        }
        return new Report(criteria.stream().map(ScoringCriteria.Descriptor::id).toList(), ids.size(), scored, upToDate, errors, problems,
                skipped, items, cancelled);
    }


    /** Lets each criterion read what it needs of the whole dataset first (novelty, its embeddings). */
    private void prepare(List<ScoringCriteria.Descriptor> runnable, Progress progress) throws IOException, InterruptedException {
        for (ScoringCriteria.Descriptor criterion : runnable) {
            try {
                criterion.criterion().prepare(new ScoringContext(dataset, progress));
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                throw new IOException("the criterion " + criterion.id() + " could not prepare: " + e.getMessage(), e);
            }
        }
    }

    /** How many of a task's criteria failed; the first of all runs' failures are kept in {@code problems}. */
    private static int failures(String taskId, Map<String, Score> scores, List<Problem> problems) {
        int failed = 0;
        for (Map.Entry<String, Score> entry : scores.entrySet()) {
            if (entry.getValue().failed() && !entry.getValue().absent()) {
                failed++;
                if (problems.size() < MAX_REPORTED) {
                    problems.add(new Problem(taskId, 0, -1, entry.getKey() + ": " + entry.getValue().error()));
                }
            }
        }
        return failed;
    }

    /** The work a task needs, submitted to {@code pool}; null when every criterion's score is current. */
    private Job plan(String taskId, List<ScoringCriteria.Descriptor> runnable, ExecutorService pool) throws SQLException {
        Map<String, Dataset.StoredScore> stored = dataset.scores().get(taskId);
        if (!options.force() && current(taskId, stored, runnable)) {
            return null; // scored after its last change, by these versions: no need to read the task
        }
        TaskDraft draft = dataset.draft(taskId);
        if (draft == null) {
            return null;
        }
        String hash = Dataset.contentHash(draft.task());
        List<ScoringCriteria.Descriptor> due = new ArrayList<>();
        for (ScoringCriteria.Descriptor criterion : runnable) {
            Dataset.StoredScore old = stored.get(criterion.id());
            if (options.force() || old == null || !old.contentHash().equals(hash) || !old.version().equals(version(criterion))) {
                due.add(criterion);
            }
        }
        return due.isEmpty() ? null : new Job(taskId, hash, stored, due, pool.submit(() -> score(draft, due)));
    }

    /** Whether every criterion scored the task, in its current version, after the task last changed. */
    private boolean current(String taskId, Map<String, Dataset.StoredScore> stored, List<ScoringCriteria.Descriptor> runnable)
            throws SQLException {
        String updated = dataset.updatedAt(taskId);
        if (updated == null) {
            return false;
        }
        Instant changed = Instant.parse(updated);
        for (ScoringCriteria.Descriptor criterion : runnable) {
            Dataset.StoredScore old = stored.get(criterion.id());
            if (old == null || !old.version().equals(version(criterion)) || Instant.parse(old.scoredAt()).isBefore(changed)) {
                return false;
            }
        }
        return true;
    }

    private static String version(ScoringCriteria.Descriptor criterion) {
        try {
            return criterion.criterion().version();
        } catch (Exception e) {
            return "?";
        }
    }

    private Map<String, Score> score(TaskDraft draft, List<ScoringCriteria.Descriptor> due) throws InterruptedException {
        TaskInput input = input(draft);
        Map<String, Score> scores = new LinkedHashMap<>();
        for (ScoringCriteria.Descriptor criterion : due) {
            Score score;
            try {
                score = criterion.criterion().score(input);
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                score = Score.error("the criterion failed: " + e); // a broken criterion must not stop the run
            }
            scores.put(criterion.id(), score == null ? Score.error("the criterion gave no score") : score);
        }
        return scores;
    }

    private TaskInput input(TaskDraft draft) {
        return new StoredInput(draft.task(), draft, dataset.images(), model);
    }

    /** A task as the run gives it to criteria: its images read from the dataset's store when asked, and the run's model. */
    private record StoredInput(Task task, TaskDraft draft, ImageStore images, Model model) implements TaskInput {
        @Override
        public String imageHash(int position) {
            return draft.image(position);
        }

        @Override
        public byte[] image(int position) throws IOException {
            String hash = draft.image(position);
            try {
                return hash == null ? null : images.read(hash);
            } catch (NoSuchFileException e) {
                return null;
            }
        }

        @Override
        public byte[] imageHead(int position, int max) throws IOException {
            String hash = draft.image(position);
            try {
                return hash == null ? null : images.head(hash, max);
            } catch (NoSuchFileException e) {
                return null;
            }
        }
    }

    private void store(Job job, Map<String, Score> fresh) throws SQLException {
        Map<String, Score> all = new LinkedHashMap<>();
        for (Dataset.StoredScore old : job.stored().values()) {
            all.put(old.criterion(), old.value() == null ? Score.error(old.error()) : Score.of(old.value(), old.reason()));
        }
        all.putAll(fresh);
        String now = Instant.now().toString();
        List<Dataset.StoredScore> rows = new ArrayList<>();
        for (ScoringCriteria.Descriptor criterion : job.due()) {
            Score score = fresh.get(criterion.id());
            ObjectNode details = score.detailsWithFlags();
            rows.add(new Dataset.StoredScore(criterion.id(), version(criterion), job.hash(), score.value(), score.reason(),
                    details.isEmpty() ? null : details.toString(), score.error(), now));
        }
        dataset.scores().put(job.taskId(), rows, weights.finalScore(all));
    }
}
