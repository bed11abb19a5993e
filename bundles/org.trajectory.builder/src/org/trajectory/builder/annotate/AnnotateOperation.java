package org.trajectory.builder.annotate;

import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import org.trajectory.builder.TrajectoryBuilder;
import org.trajectory.builder.annotate.internal.Notes;
import org.trajectory.builder.annotate.internal.StepView;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetActivity;
import org.trajectory.dataset.DatasetOperation;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.StaleTaskException;
import org.trajectory.dataset.TaskDraft;
import org.trajectory.model.Json;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.Words;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ParsedCode;
import org.trajectory.model.operation.Item;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;
import org.trajectory.vlm.VlmException;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Annotates the tasks of a dataset: per task, the generator on every step not yet described, then the reflector on
 * every step not yet reflected (step i judges step i-1 from the screens before and after it, as {@code last_step_*}
 * says), then the summary, each phase's steps in parallel on at most {@code concurrency} requests, and each phase
 * saved in one transaction. So a run stopped or killed resumes where it was: finished steps are skipped. A step that
 * fails is counted and left for the next run; an authentication failure stops the run, since every call would fail.
 *
 * @since 0.1
 */
public final class AnnotateOperation extends DatasetOperation<AnnotateOperation.Report> {

    /**
     * @param taskIds null for every task
     * @param includeReviewed also the tasks a reviewer approved or rejected: each one changed goes back to
     *        {@link ReviewState#CHANGED}; without it they are left as reviewed, and counted
     */
    public record Options(int concurrency, List<String> taskIds, boolean includeReviewed) {
        public Options {
            if (concurrency < 1) {
                throw new IllegalArgumentException("concurrency must be at least 1");
            }
            taskIds = taskIds == null ? null : List.copyOf(taskIds);
        }

        /** Every task not decided by a review. */
        public Options(int concurrency, List<String> taskIds) {
            this(concurrency, taskIds, false);
        }
    }

    /**
     * What a run did. {@code failures} holds the first failed steps (task id as the source, step -1 for the summary), and
     * the tasks another run or a person changed while this one annotated them (no failure: theirs stands).
     */
    public record Report(int tasks, int described, int reflected, int summarized, int skipped, int reviewed, int failed,
            List<Problem> failures, Map<String, Item> items, boolean cancelled) implements org.trajectory.model.operation.Report {

        @Override
        public List<Problem> problems() {
            return failures;
        }

        @Override
        public long problemCount() {
            return failed;
        }

        /** One sentence for the command line and the window: "annotated 2 tasks: 5 steps described, ...". */
        @Override
        public String summary() {
            return "annotated " + Words.count(tasks - reviewed, "task") + ": " + Words.count(described, "step") + " described, " + reflected
                    + " reflected, " + Words.count(summarized, "task") + " summarized, " + skipped + " already done, " + failed + " failed"
                    + (reviewed == 0 ? "" : "; " + Words.count(reviewed, "reviewed task") + " left as reviewed (include them to annotate"
                            + " them too: they then go back to review)")
                    + (cancelled ? " (cancelled: run it again to resume)" : "");
        }

        /** The same for programs ({@code --json}). */
        @Override
        public Map<String, Object> json() {
            return Json.fields("tasks", tasks, "steps_described", described, "steps_reflected", reflected,
                    "tasks_summarized", summarized, "skipped", skipped, "reviewed_left", reviewed, "failed", failed, "cancelled", cancelled);
        }
    }

    private static final int MAX_REPORTED_FAILURES = 50;
    /** Why a task a reviewer decided on is left as it is. */
    public static final String REVIEWED_LEFT = "a task a reviewer approved or rejected is not annotated unless reviewed tasks are included"
            + " (which sends it back to review)";

    private final Annotator annotator;
    private final Options options;
    private final AtomicInteger described = new AtomicInteger();
    private final AtomicInteger reflected = new AtomicInteger();
    private final AtomicInteger summarized = new AtomicInteger();
    private final AtomicInteger skipped = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    private final AtomicInteger reviewed = new AtomicInteger();
    private final List<Problem> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    private final Map<String, Item> items = new java.util.LinkedHashMap<>();
    private Progress progress = Progress.NONE;

    public AnnotateOperation(Dataset dataset, Annotator annotator, Options options) {
        super(dataset, "Annotating " + dataset.address());
        this.annotator = annotator;
        this.options = options;
    }

    @Override
    public Report run(Progress monitor) throws SQLException, IOException, VlmException {
        try (DatasetActivity activity = dataset.activity("annotation run")) {
            return runRegistered(monitor);
        }
    }

    private Report runRegistered(Progress monitor) throws SQLException, IOException, VlmException {
        this.progress = monitor;
        List<String> ids = options.taskIds() != null ? options.taskIds() : dataset.taskIds();
        progress.begin("Annotating " + Words.count(ids.size(), "task"), ids.size(), "tasks");
        ExecutorService pool = Executors.newFixedThreadPool(options.concurrency(), r -> {
            Thread thread = new Thread(r, "Annotation");
            thread.setDaemon(true);
            return thread;
        });
        boolean cancelled = false;
        try {
            for (String id : ids) {
                if (progress.isCancelled()) {
                    cancelled = true;
                    break;
                }
                try {
                    if (!options.includeReviewed() && dataset.updatedAt(id) != null && dataset.reviews().of(id).state().decided()) {
                        reviewed.incrementAndGet(); // what a reviewer approved or rejected is not changed unless asked
                        items.put(id, Item.left(REVIEWED_LEFT));
                    } else {
                        int failedBefore = failed.get();
                        annotate(id, pool);
                        items.put(id, failed.get() == failedBefore ? Item.done("annotated")
                                : Item.failed(failures.stream().filter(f -> f.source().equals(id)).map(Problem::message).findFirst()
                                        .orElse(Words.count(failed.get() - failedBefore, "step") + " failed")));
                    }
                } catch (InterruptedException e) {
                    cancelled = true;
                    break;
                } catch (StaleTaskException e) {
                    // another run or a person changed the task since this one read it: theirs stands, and the run goes on
                    String left = "changed by " + (e.changedBy() == null ? "someone" : e.changedBy()) + " at " + e.changedAt() + " while this run"
                            + " annotated it (another annotation run, or a person): left as they made it; annotate again fills what is"
                            + " still empty";
                    noted(id, left);
                    items.put(id, Item.left(left));
                }
                progress.worked(1);
            }
        } finally {
            pool.shutdownNow(); // interrupts the requests in flight: providers abort them
        }
        return new Report(ids.size(), described.get(), reflected.get(), summarized.get(), skipped.get(), reviewed.get(), failed.get(),
                List.copyOf(failures), java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(items)), cancelled);
    }


    private void annotate(String taskId, ExecutorService pool)
            throws SQLException, IOException, VlmException, InterruptedException {
        TaskDraft draft = dataset.draft(taskId);
        if (draft == null) {
            failure(taskId, -1, "no such task in the dataset");
            return;
        }
        Task task = draft.task();
        int n = draft.stepCount();
        List<byte[]> images = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            images.add(draft.image(i) == null ? null : dataset.images().read(draft.image(i)));
        }

        List<Future<Notes.Described>> describing = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (isDescribed(draft, i)) {
                skipped.incrementAndGet();
                describing.add(null);
            } else {
                StepView view = view(task, draft, images, i);
                describing.add(pool.submit(() -> annotator.describe(view)));
            }
        }
        draft = saveNotes(draft, describing, taskId, described, (d, i, notes) -> d.withStepText(i, Step.OBSERVATION, notes.observation())
                .withStepText(i, Step.THOUGHT, notes.thought()).withStepText(i, Step.ACTION, notes.action()));

        List<Future<Notes.Reflected>> reflecting = new ArrayList<>();
        reflecting.add(null); // the first step has no step before it
        for (int i = 1; i < n; i++) {
            if (written(draft.stepText(i, Step.REFLECTION)) || !isDescribed(draft, i - 1)) {
                reflecting.add(null);
            } else {
                StepView previous = view(task, draft, images, i - 1);
                Notes.Described notes = new Notes.Described(draft.stepText(i - 1, Step.OBSERVATION),
                        draft.stepText(i - 1, Step.THOUGHT), draft.stepText(i - 1, Step.ACTION));
                byte[] after = images.get(i);
                reflecting.add(pool.submit(() -> annotator.reflect(previous, notes, after)));
            }
        }
        draft = saveNotes(draft, reflecting, taskId, reflected, (d, i, notes) -> d.withStepText(i, Step.REFLECTION, notes.reflection())
                .withStepFlag(i, Step.LAST_STEP_CORRECT, notes.correct()).withStepFlag(i, Step.LAST_STEP_REDUNDANT, notes.redundant()));

        if (!written(draft.taskText(Task.NATURAL_LANGUAGE_TASK))) {
            TaskDraft current = draft;
            List<String> steps = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                steps.add(words(current, i));
            }
            byte[] last = n == 0 ? null : images.get(n - 1);
            Notes.Summary summary = outcome(pool.submit(() -> annotator.summarize(task.instruction(), steps, last)), taskId, -1);
            if (summary != null) {
                draft = draft.withTaskText(Task.NATURAL_LANGUAGE_TASK, summary.naturalLanguageTask())
                        .withTaskText(Task.ACTUAL_TASK, summary.actualTask()).withTaskText(Task.REASON, summary.reason())
                        .withTaskNumber(Task.ALIGNMENT_SCORE, summary.alignment())
                        .withTaskNumber(Task.EFFICIENCY_SCORE, summary.efficiency())
                        .withTaskNumber(Task.TASK_DIFFICULTY, summary.difficulty()).withTaskText(Task.ANNOTATED_BY, annotator.by());
                if (summary.completed() != null) {
                    draft = draft.withTaskFlag(Task.TASK_COMPLETED, summary.completed());
                }
                summarized.incrementAndGet();
                draft = dataset.save(draft);
            }
        }
    }

    /** How a pass's notes go into step {@code step} of a draft. */
    private interface NotesWriter<N> {
        TaskDraft write(TaskDraft draft, int step, N notes);
    }

    /** Writes each step's notes that came back (null futures are steps the pass left alone), counts them, saves. */
    private <N> TaskDraft saveNotes(TaskDraft draft, List<Future<N>> pending, String taskId, AtomicInteger count, NotesWriter<N> writer)
            throws SQLException, InterruptedException, VlmException {
        for (int i = 0; i < pending.size(); i++) {
            N notes = outcome(pending.get(i), taskId, i);
            if (notes != null) {
                draft = writer.write(draft, i, notes).withTaskText(Task.ANNOTATED_BY, annotator.by());
                count.incrementAndGet();
            }
        }
        return dataset.save(draft);
    }

    /**
     * The result of one call, or null when it failed (counted and reported); AUTH ends the run. Waiting watches the
     * cancel button, so a cancel does not wait for slow requests: the pool's shutdown then aborts them.
     */
    private <T> T outcome(Future<T> future, String taskId, int step) throws InterruptedException, VlmException {
        if (future == null) {
            return null;
        }
        try {
            while (true) {
                try {
                    return future.get(200, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    if (progress.isCancelled()) {
                        throw new InterruptedException("cancelled");
                    }
                }
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof VlmException vlm && vlm.kind() == VlmException.Kind.AUTH) {
                throw vlm;
            }
            if (cause instanceof InterruptedException interrupted) {
                throw interrupted;
            }
            failure(taskId, step, cause.getMessage() == null ? cause.toString() : cause.getMessage());
            return null;
        }
    }

    private void failure(String taskId, int step, String message) {
        failed.incrementAndGet();
        if (failures.size() < MAX_REPORTED_FAILURES) {
            failures.add(new Problem(taskId, 0, step, message));
        }
    }

    /** Something the user should know of a task, which is no failure of this run. */
    private void noted(String taskId, String message) {
        if (failures.size() < MAX_REPORTED_FAILURES) {
            failures.add(new Problem(taskId, 0, -1, message));
        }
    }

    static boolean isDescribed(TaskDraft draft, int i) {
        return written(draft.stepText(i, Step.OBSERVATION)) && written(draft.stepText(i, Step.THOUGHT))
                && written(draft.stepText(i, Step.ACTION));
    }

    private static boolean written(String text) {
        return text != null && !text.isBlank();
    }

    /** Step {@code i} as the annotators see it; the history is the steps before it in words. */
    private static StepView view(Task task, TaskDraft draft, List<byte[]> images, int i) {
        List<String> history = new ArrayList<>();
        for (int j = 0; j < i; j++) {
            history.add(words(draft, j));
        }
        Step step = task.steps().get(i);
        ParsedCode parsed = ActionParser.parse(step.code());
        String window = step.json().path(TrajectoryBuilder.WINDOW).asText(null);
        JsonNode element = step.json().path(Step.ELEMENT);
        return new StepView(task.instruction(), history, step.code(), parsed.ok() ? parsed.actions() : List.of(), window, images.get(i),
                element.path("role").isTextual() ? new StepView.Element(element.path("role").asText(), element.path("name").asText(null)) : null);
    }

    /** A step in words: its action text when written, else its code. */
    private static String words(TaskDraft draft, int i) {
        String action = draft.stepText(i, Step.ACTION);
        return action != null && !action.isBlank() ? action : draft.task().steps().get(i).code().replace('\n', ';');
    }
}
