package org.trajectory.replay;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.imageio.ImageIO;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetOperation;
import org.trajectory.dataset.StoredReplay;
import org.trajectory.dataset.TaskDraft;
import org.trajectory.model.Json;
import org.trajectory.model.Task;
import org.trajectory.model.Words;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ParsedCode;
import org.trajectory.model.operation.Item;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.CaptureBackend.Availability;
import org.trajectory.recorder.replay.Desktop;
import org.trajectory.recorder.replay.Environment;
import org.trajectory.recorder.replay.Environments;
import org.trajectory.recorder.replay.ReplayBackends;
import org.trajectory.recorder.replay.ReplayException;
import org.trajectory.recorder.replay.ReplayPolicy;
import org.trajectory.recorder.replay.ReplaySession;
import org.trajectory.recorder.replay.Setup;
import org.trajectory.replay.internal.Performer;
import org.trajectory.replay.internal.ScreenComparison;
import org.trajectory.replay.internal.ScreenComparison.Difference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Proves a trajectory works by running it: an environment brings a desktop to the task's first screen, then each
 * step's actions are performed through a replay backend, the screen is let settle, and it is compared with the
 * screenshot the trajectory holds for the next step. Each step gets a verdict ({@value #MATCHED}, {@value #DIVERGED},
 * {@value #PERFORMED} where there is nothing to compare with, {@value #FAILED} where it could not be performed), each
 * task an outcome (see {@link StoredReplay}); both are stored in the dataset with the replayed screens, beside the
 * recorded ones. A replay stops at the first step that diverges: what follows would start from the wrong screen.
 *
 * @since 0.1
 */
public final class ReplayOperation extends DatasetOperation<ReplayOperation.Report> {

    public static final String MATCHED = "matched";
    public static final String DIVERGED = "diverged";
    public static final String PERFORMED = "performed";
    public static final String FAILED = "failed";

    /** How long a step's screen may take to settle and match before it is judged as it then is. */
    private static final long SETTLE_BOUND_MS = 4000;
    /** A screen unchanged this long, after at least {@link #BLINK_MS} (a caret's blink), is settled. */
    private static final long STILL_MS = 600;
    private static final long BLINK_MS = 1200;
    /**
     * The share of its pixels in which a still screen that differs from the recorded one this much or more is waited
     * on to {@link #SETTLE_BOUND_MS}: a slow application's answer (a window, a dialog) may not be drawn yet, where a few
     * pixels (a caret, a clock) will not change by waiting.
     */
    private static final double UNANSWERED = 0.05;
    private static final long GRAB_EVERY_MS = 150;

    /**
     * @param taskIds     the tasks to replay; empty: all
     * @param environment the environment's id; null: {@link Environments#DEFAULT}
     * @param fromStep    steps before it are performed but not judged (0: judge every step)
     * @param work        a folder for the environments' logs
     */
    public record Options(List<String> taskIds, String environment, int fromStep, Path work, Map<String, List<String>> predictions,
            ReplayPolicy policy) {
        public Options {
            taskIds = List.copyOf(taskIds);
        }

        public Options(List<String> taskIds, String environment, int fromStep, Path work) {
            this(taskIds, environment, fromStep, work, null, null);
        }

        /** The same replay under another policy than this machine's (null: this machine's, read when the replay starts). */
        public Options with(ReplayPolicy other) {
            return new Options(taskIds, environment, fromStep, work, predictions, other);
        }

        /**
         * Replays predicted step codes instead of the tasks' own, each from its reference task's first screen (as
         * Sharingan's Table VII replays extracted actions): success is reaching the reference's final screen. Nothing
         * is stored: the references' own replays stay.
         *
         * @param predictions reference task id to the predicted steps' code, in order
         */
        public static Options predictions(Map<String, List<String>> predictions, String environment, Path work) {
            return new Options(List.copyOf(predictions.keySet()), environment, 0, work, Map.copyOf(predictions), null);
        }
    }

    /** One step's verdict: how similar its screen was to the recorded one and where it differed, its replayed screen's hash. */
    public record StepVerdict(int index, String verdict, Double similarity, double[] region, String image, String message) {
    }

    /** One task's replay. */
    public record TaskResult(String taskId, String environment, String outcome, Integer divergedAt, int matched, int steps,
            String message, StepVerdict firstScreen, List<StepVerdict> verdicts) {

        public String describe() {
            return StoredReplay.describe(outcome, divergedAt) + (message == null ? "" : ": " + message);
        }
    }

    /** What a run did. */
    public record Report(List<TaskResult> results, List<Problem> problems, boolean cancelled)
            implements org.trajectory.model.operation.Report {

        /** Each task replayed (to the end or not: its verdict is stored), or failed with why it could not be. */
        @Override
        public Map<String, Item> items() {
            Map<String, Item> items = new LinkedHashMap<>();
            results.forEach(r -> items.put(r.taskId(), Item.done(r.describe())));
            problems.forEach(p -> items.putIfAbsent(p.source(), Item.failed(p.message())));
            return items;
        }

        /** Each task not replayed to the end is a problem: a replay is a proof, and a script reads its exit code. */
        @Override
        public String summary() {
            long replayed = results.stream().filter(r -> r.outcome().equals(StoredReplay.REPLAYED)).count();
            long diverged = results.stream().filter(r -> r.outcome().equals(StoredReplay.DIVERGED)).count();
            long notStarted = results.size() - replayed - diverged;
            return "replayed " + Words.count(results.size(), "task") + ": " + replayed + " to the end, " + diverged + " diverged, "
                    + notStarted + " could not start" + (cancelled ? " (cancelled)" : "");
        }

        @Override
        public Map<String, Object> json() {
            List<Map<String, Object>> tasks = new ArrayList<>();
            for (TaskResult r : results) {
                tasks.add(Json.fields("task_id", r.taskId(), "outcome", r.outcome(), "diverged_at", r.divergedAt(), "matched", r.matched(),
                        "steps", r.steps(), "environment", r.environment(), "message", r.message(), "verdicts", details(r).get("steps")));
            }
            return Json.fields("tasks", tasks, "cancelled", cancelled);
        }
    }

    private final Options options;
    private ReplayPolicy policy;

    public ReplayOperation(Dataset dataset, Options options) {
        super(dataset, "Replaying tasks of " + dataset.address());
        this.options = options;
    }

    @Override
    public Report run(Progress progress) throws Exception {
        Environments.Descriptor descriptor = Environments.get().choose(options.environment());
        Environment environment = descriptor.environment();
        Availability availability = environment.availability();
        if (!availability.available()) {
            throw new ReplayException("The replay environment '" + descriptor.id() + "' cannot start here: " + availability.reason());
        }
        policy = options.policy() != null ? options.policy() : ReplayPolicy.current();
        List<String> ids = options.predictions() != null ? List.copyOf(options.predictions().keySet())
                : options.taskIds().isEmpty() ? dataset.taskIds() : options.taskIds();
        List<TaskResult> results = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        progress.begin(title(), ids.size(), "tasks");
        for (String id : ids) {
            if (progress.isCancelled()) {
                return new Report(results, problems, true);
            }
            if (!dataset.contains(id)) {
                problems.add(Problem.at(id, 0, "no task '" + id + "' in the dataset"));
                progress.worked(1);
                continue;
            }
            TaskDraft draft = dataset.draft(id);
            TaskResult result = replay(draft, descriptor, progress);
            if (options.predictions() == null) {
                store(draft.task(), result);
            }
            results.add(result);
            if (!result.outcome().equals(StoredReplay.REPLAYED)) {
                problems.add(new Problem(id, 0, result.divergedAt() == null ? -1 : result.divergedAt(), result.describe()));
            }
            progress.worked(1);
        }
        return new Report(results, problems, false);
    }

    private TaskResult replay(TaskDraft draft, Environments.Descriptor descriptor, Progress progress) throws IOException, SQLException {
        String environmentId = descriptor.id();
        Task task = draft.task();
        Setup setup;
        try {
            setup = setup(task, draft, descriptor.explicit());
            List<String> refusals = policy.refusals(setup);
            if (!refusals.isEmpty()) {
                throw new ReplayException(String.join("; ", refusals));
            }
        } catch (ReplayException e) {
            return new TaskResult(task.taskId(), environmentId, StoredReplay.NOT_STARTED, null, 0, task.steps().size(), e.getMessage(), null, List.of());
        }
        Path work = options.work().resolve(task.taskId().replaceAll("[^A-Za-z0-9._-]", "_"));
        try (Desktop desktop = descriptor.environment().start(setup, work); ReplaySession session = ReplayBackends.get().open(desktop)) {
            if (!desktop.shared()) {
                prepare(setup, session);
            }
            TaskReplay replay = new TaskReplay(draft, environmentId, session, desktop.shared(), progress);
            return options.predictions() == null ? replay.run() : replay.runPrediction(options.predictions().get(task.taskId()));
        } catch (ReplayException e) {
            return new TaskResult(task.taskId(), environmentId, StoredReplay.NOT_STARTED, null, 0, task.steps().size(), e.getMessage(), null, List.of());
        }
    }

    /**
     * Performs the setup's prelude, each step once the screen has settled after the one before (what is typed while a
     * command's output still runs lands amid it), then puts the pointer where it was: what it hovers shows in the first
     * screenshot.
     */
    private static void prepare(Setup setup, ReplaySession session) throws ReplayException, IOException {
        Performer performer = new Performer(session);
        for (String code : setup.prelude()) {
            ParsedCode parsed = ActionParser.parse(code);
            if (!parsed.ok()) {
                throw new ReplayException("the setup's prelude step '" + code + "' cannot be performed: " + parsed.problems().get(0));
            }
            for (Action action : parsed.actions()) {
                performer.perform(action);
            }
            ReplayException.pause(300);
            settle(session);
        }
        if (setup.pointer() != null) {
            session.moveTo(setup.pointer().x, setup.pointer().y);
        }
    }

    /** The task's setup; without one, only a desktop of its screen's size with nothing started, which the user's own screen needs. */
    private Setup setup(Task task, TaskDraft draft, boolean ownScreen) throws ReplayException, IOException {
        JsonNode recorded = task.json().get(Setup.FIELD);
        if (recorded != null && recorded.isObject()) {
            return Setup.of(recorded);
        }
        if (!ownScreen) {
            throw new ReplayException("the task has no setup to start its applications from (only recordings made by"
                    + " `record` carry one); replay it on your own screen with --environment desktop, its first screen shown");
        }
        BufferedImage first = draft.stepCount() == 0 ? null : image(draft.image(0));
        int width = task.json().path("screen_width").asInt(first == null ? 0 : first.getWidth());
        int height = task.json().path("screen_height").asInt(first == null ? 0 : first.getHeight());
        return new Setup(Math.max(width, 1), Math.max(height, 1), null, List.of(), List.of());
    }

    private BufferedImage image(String sha) throws IOException {
        if (sha == null) {
            return null;
        }
        return ImageIO.read(new ByteArrayInputStream(dataset.images().read(sha)));
    }

    /** One task on one desktop: the first screen checked, then step after step until one diverges. */
    private final class TaskReplay {
        private final TaskDraft draft;
        private final String environmentId;
        private final ReplaySession session;
        /** The user's own screen: pushing the pointer into a corner stops the replay. */
        private final boolean shared;
        private final Progress progress;
        private final List<StepVerdict> verdicts = new ArrayList<>();
        private final Performer performer;
        private final long taskEnd = System.nanoTime() + policy.limits().taskSeconds() * 1_000_000_000L;
        private long stepEnd = taskEnd;
        /** Why the watch stopped the replay, or null while it goes on. */
        private String stopped;

        TaskReplay(TaskDraft draft, String environmentId, ReplaySession session, boolean shared, Progress progress) {
            this.draft = draft;
            this.environmentId = environmentId;
            this.session = session;
            this.shared = shared;
            this.progress = progress;
            this.performer = new Performer(session, policy.limits(), this::watch);
        }

        /**
         * Stops the replay at once: cancelled, out of time (a step's, the task's), or, on the person's own screen, the
         * pointer pushed into a corner by someone other than the replay. Said in {@link #stopped}.
         */
        private void watch() throws ReplayException {
            long now = System.nanoTime();
            if (progress.isCancelled()) {
                stopped = "the replay was cancelled";
            } else if (now > taskEnd) {
                stopped = "the task took longer than the " + policy.limits().taskSeconds() + " s a replay may (a setting raises it)";
            } else if (now > stepEnd) {
                stopped = "the step took longer than the " + policy.limits().stepSeconds() + " s a step may (a setting raises it)";
            } else if (shared) {
                java.awt.Point at = session.pointer();
                boolean corner = (at.x <= 0 || at.x >= session.width() - 1) && (at.y <= 0 || at.y >= session.height() - 1);
                if (corner && !at.equals(performer.placed())) {
                    stopped = "stopped: the pointer was pushed into a screen corner";
                }
            }
            if (stopped != null) {
                throw new ReplayException(stopped);
            }
        }

        TaskResult run() throws IOException, ReplayException {
            int steps = draft.stepCount();
            List<ParsedCode> codes = draft.task().steps().stream().map(step -> ActionParser.parse(step.code())).toList();
            BufferedImage first = image(draft.image(0));
            StepVerdict firstScreen = null;
            int k = 0;
            try {
                firstScreen = first == null ? null : judge(-1, first, pointers(performer, codes, 0));
                for (; k < steps; k++) {
                    stepEnd = System.nanoTime() + policy.limits().stepSeconds() * 1_000_000_000L;
                    watch();
                    String failure = perform(performer, codes.get(k));
                    if (stopped != null) {
                        return result(StoredReplay.DIVERGED, k, stopped + " (in step " + (k + 1) + ")", firstScreen);
                    }
                    if (failure != null) {
                        verdicts.add(new StepVerdict(k, FAILED, null, null, null, failure));
                        return result(StoredReplay.DIVERGED, k, "step " + (k + 1) + " could not be performed: " + failure, firstScreen);
                    }
                    BufferedImage next = k + 1 < steps ? image(draft.image(k + 1)) : null;
                    if (next == null || k < options.fromStep()) {
                        verdicts.add(new StepVerdict(k, PERFORMED, null, null, null, null));
                        continue;
                    }
                    StepVerdict verdict = judge(k, next, pointers(performer, codes, k + 1));
                    verdicts.add(verdict);
                    if (verdict.verdict().equals(DIVERGED)) {
                        return result(StoredReplay.DIVERGED, k, "after step " + (k + 1) + " the screen is not step " + (k + 2) + "'s screenshot"
                                + where(verdict), firstScreen);
                    }
                }
            } catch (ReplayException e) {
                if (stopped == null) {
                    throw e;
                }
                return result(StoredReplay.DIVERGED, Math.min(k, Math.max(steps - 1, 0)), stopped + " (at step " + (k + 1) + ")", firstScreen);
            }
            return result(StoredReplay.REPLAYED, null, null, firstScreen);
        }

        /** Predicted steps from the task's first screen, judged once, at the end, by the task's last screenshot. */
        TaskResult runPrediction(List<String> predicted) throws IOException, ReplayException {
            List<ParsedCode> codes = predicted.stream().map(ActionParser::parse).toList();
            BufferedImage first = image(draft.image(0));
            StepVerdict firstScreen = first == null ? null : judge(-1, first, pointers(performer, codes, 0));
            for (int k = 0; k < codes.size(); k++) {
                String failure = perform(performer, codes.get(k));
                if (failure != null) {
                    verdicts.add(new StepVerdict(k, FAILED, null, null, null, failure));
                    return result(StoredReplay.DIVERGED, k, "predicted step " + (k + 1) + " could not be performed: " + failure, firstScreen);
                }
                performer.pause(300);
            }
            int last = draft.stepCount() - 1;
            while (last > 0 && draft.image(last) == null) {
                last--;
            }
            StepVerdict end = judge(codes.size() - 1, image(draft.image(last)), List.of(session.pointer()));
            verdicts.add(end);
            return end.verdict().equals(MATCHED) ? result(StoredReplay.REPLAYED, null, null, firstScreen)
                    : result(StoredReplay.DIVERGED, null, "the predicted steps did not reach the task's final screen" + where(end), firstScreen);
        }

        /** Performs a step's actions; what went wrong, or null. */
        private String perform(Performer performer, ParsedCode code) {
            if (!code.ok()) {
                return "its code cannot be performed: " + code.problems().get(0);
            }
            String beyond = performer.beyondLimits(code.actions());
            if (beyond != null) {
                return beyond;
            }
            try {
                for (Action action : code.actions()) {
                    performer.perform(action);
                }
                return null;
            } catch (ReplayException e) {
                return e.getMessage();
            }
        }

        /**
         * Where the pointer may be in the recorded screenshot of step {@code next}: where the replay left it, and where
         * that step begins (the recording may show the pointer already there).
         */
        private List<java.awt.Point> pointers(Performer performer, List<ParsedCode> codes, int next) throws ReplayException {
            List<java.awt.Point> pointers = new ArrayList<>(List.of(session.pointer()));
            java.awt.Point ahead = next < codes.size() ? performer.firstPoint(codes.get(next).actions()) : null;
            if (ahead != null) {
                pointers.add(ahead);
            }
            return pointers;
        }

        /**
         * Grabs the screen until it matches the recorded one, or has settled (unchanged for a while, longer than a
         * caret's blink, and near the recorded one) or the bound has passed: then it is judged by the grab closest to
         * the recorded screen.
         */
        private StepVerdict judge(int index, BufferedImage recorded, List<java.awt.Point> pointers) throws IOException, ReplayException {
            long start = System.currentTimeMillis();
            long stillSince = start;
            BufferedImage previous = null;
            BufferedImage best = null;
            Difference bestDifference = null;
            while (true) {
                performer.pause(GRAB_EVERY_MS);
                BufferedImage grab = session.grab();
                Difference difference = ScreenComparison.compare(recorded, grab, pointers);
                if (bestDifference == null || difference.matched() || difference.similarity() > bestDifference.similarity()) {
                    best = grab;
                    bestDifference = difference;
                }
                long now = System.currentTimeMillis();
                if (difference.matched() || now - start > SETTLE_BOUND_MS) {
                    break;
                }
                if (previous != null && !ScreenComparison.compare(previous, grab, List.of()).matched()) {
                    stillSince = now;
                }
                if (now - stillSince >= STILL_MS && now - start >= BLINK_MS && 1 - bestDifference.similarity() < UNANSWERED) {
                    break;
                }
                previous = grab;
            }
            String sha = options.predictions() == null ? dataset.images().put(png(best)) : null; // a prediction's screens are not the dataset's
            return new StepVerdict(index, bestDifference.matched() ? MATCHED : DIVERGED, bestDifference.similarity(), bestDifference.region(),
                    sha, null);
        }

        /**
         * The task's result. A first screen that differed does not stop a replay (a tooltip left over in the recording
         * is not a broken task): the steps decide, and the message says it.
         */
        private TaskResult result(String outcome, Integer divergedAt, String message, StepVerdict firstScreen) {
            int matched = (int) verdicts.stream().filter(v -> !v.verdict().equals(DIVERGED) && !v.verdict().equals(FAILED)).count();
            String said = message;
            if (firstScreen != null && firstScreen.verdict().equals(DIVERGED)) {
                said = (message == null ? "" : message + "; ") + "the first screen already differed from step 1's screenshot" + where(firstScreen);
            }
            return new TaskResult(draft.task().taskId(), environmentId, outcome, divergedAt, matched, draft.stepCount(), said, firstScreen,
                    List.copyOf(verdicts));
        }
    }

    private static String where(StepVerdict verdict) {
        double[] r = verdict.region();
        return r == null ? "" : String.format(java.util.Locale.ROOT, " (different in x %.2f-%.2f, y %.2f-%.2f; %.1f%% of pixels)", r[0], r[0] + r[2], r[1],
                r[1] + r[3], 100 * (1 - verdict.similarity()));
    }

    private void store(Task task, TaskResult result) throws SQLException {
        dataset.replays().put(task.taskId(), new StoredReplay(result.environment(), Dataset.contentHash(task), result.outcome(), result.divergedAt(),
                result.matched(), result.steps(), details(result).toString(), Instant.now().toString()));
    }

    /** A result as stored: the message, the first screen and every step's verdict. */
    static ObjectNode details(TaskResult result) {
        ObjectNode details = Json.MAPPER.createObjectNode();
        if (result.message() != null) {
            details.put("message", result.message());
        }
        if (result.firstScreen() != null) {
            details.set("first_screen", verdict(result.firstScreen()));
        }
        ArrayNode steps = details.putArray("steps");
        result.verdicts().forEach(v -> steps.add(verdict(v)));
        return details;
    }

    private static ObjectNode verdict(StepVerdict v) {
        ObjectNode node = Json.MAPPER.createObjectNode().put("index", v.index()).put("verdict", v.verdict());
        if (v.similarity() != null) {
            node.put("similarity", Math.round(v.similarity() * 10_000) / 10_000d);
        }
        if (v.region() != null) {
            ArrayNode region = node.putArray("region");
            for (double value : v.region()) {
                region.add(Math.round(value * 10_000) / 10_000d);
            }
        }
        if (v.image() != null) {
            node.put("image", v.image());
        }
        if (v.message() != null) {
            node.put("message", v.message());
        }
        return node;
    }

    private static byte[] png(BufferedImage image) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }

    /** Waits until the screen has not changed for {@link #STILL_MS}, or {@link #SETTLE_BOUND_MS} has passed. */
    private static void settle(ReplaySession session) throws ReplayException, IOException {
        long start = System.currentTimeMillis();
        long stillSince = start;
        BufferedImage previous = session.grab();
        for (long now = start; now - start < SETTLE_BOUND_MS && now - stillSince < STILL_MS; now = System.currentTimeMillis()) {
            ReplayException.pause(GRAB_EVERY_MS);
            BufferedImage grab = session.grab();
            if (!ScreenComparison.compare(previous, grab, List.of()).matched()) {
                stillSince = System.currentTimeMillis();
            }
            previous = grab;
        }
    }

}
