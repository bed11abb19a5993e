package org.trajectory.extract;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetOperation;
import org.trajectory.model.Json;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.Words;
import org.trajectory.model.action.ActionPrinter;
import org.trajectory.model.operation.Item;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.RecordingFolder;
import org.trajectory.vlm.Model;
import org.trajectory.vlm.VlmException;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Extraction as an operation, the same for the command line and the window: each video's actions found by one method
 * and stored as a trajectory in a dataset, one step per action (its screenshot the frame just before it, its code in
 * our action language with normalized points where known, its sentence as the step's action) and a closing terminate
 * step on the last frame. The task is marked as extracted ({@code extraction}: method, model, video, frames a second,
 * mean confidence; each step its {@code confidence} and time span). The task id is a digest of the video's content and
 * the method, so extracting the same video again by the same method replaces its trajectory.
 *
 * @since 0.1
 */
public final class ExtractOperation extends DatasetOperation<ExtractOperation.Report> {


    /** One video and what the person was doing in it. */
    public record Input(Path video, String task) {

        /**
         * A video and its task text: {@code task} if given, else VIDEO.txt beside the video; a recording folder stands for
         * its video, and its task_name.json gives the task when none is given.
         */
        public static Input of(Path given, String task) throws IOException {
            Path video = given;
            String text = task == null || task.isBlank() ? null : task;
            if (Files.isDirectory(given)) {
                video = RecordingFolder.video(given);
                if (text == null) {
                    text = RecordingFolder.task(given);
                }
            }
            Path sidecar = video.resolveSibling(video.getFileName() + ".txt");
            if (text == null && Files.isRegularFile(sidecar)) {
                text = Files.readString(sidecar).strip();
            }
            return new Input(video, text);
        }
    }

    /** @param model the model's name, kept on each task (null for methods without one) */
    public record Options(String method, ExtractionSettings settings, String model) {
    }

    /** One video done: the task made, its actions by operation, and what the person should know (a cut video). */
    public record Extracted(Path video, String taskId, int actions, Map<String, Integer> operations, double seconds, List<String> warnings) {
    }

    /** What a run did: the videos extracted, the ones that failed (each in one line), whether it was cancelled. */
    public record Report(List<Extracted> extracted, List<String> failures, Map<String, Item> items, boolean cancelled)
            implements org.trajectory.model.operation.Report {

        /** Each video extracted and the id of the task made from it, in their order. */
        public Map<Path, String> taskIdsByVideo() {
            Map<Path, String> tasks = new java.util.LinkedHashMap<>();
            extracted.forEach(done -> tasks.put(done.video(), done.taskId()));
            return tasks;
        }

        @Override
        public String summary() {
            int actions = extracted.stream().mapToInt(Extracted::actions).sum();
            int warnings = extracted.stream().mapToInt(e -> e.warnings().size()).sum();
            return Words.count(extracted.size(), "video") + " extracted, " + Words.count(actions, "action") + ", "
                    + failures.size() + " failed" + (warnings == 0 ? "" : ", " + Words.count(warnings, "warning") + " (" + extracted.stream()
                            .flatMap(e -> e.warnings().stream()).findFirst().orElse("") + ")") + (cancelled ? ", cancelled" : "")
                    + (extracted.size() == 1 ? ": task " + extracted.get(0).taskId() + ", " + extracted.get(0).operations() : "");
        }

        /** The videos that failed, then what the person should know of those that did not (a cut video). */
        @Override
        public List<Problem> problems() {
            return java.util.stream.Stream.concat(failures.stream(), extracted.stream().flatMap(e -> e.warnings().stream()).map(w -> "warning: " + w))
                    .map(line -> Problem.at("", 0, line)).toList();
        }

        @Override
        public Map<String, Object> json() {
            Map<String, Object> json = new LinkedHashMap<>();
            List<Map<String, Object>> videos = new ArrayList<>();
            for (Extracted done : extracted) {
                Map<String, Object> one = new LinkedHashMap<>();
                one.put("video", done.video().toString());
                one.put("task_id", done.taskId());
                one.put("actions", done.actions());
                one.put("operations", done.operations());
                one.put("seconds", done.seconds());
                one.put("warnings", done.warnings());
                videos.add(one);
            }
            json.put("videos", videos);
            json.put("failures", failures);
            json.put("cancelled", cancelled);
            return json;
        }
    }

    private final ExtractionMethods.Descriptor method;
    private final Options options;
    private final Model model;
    private final Path prompts;
    private final List<Input> inputs;

    /**
     * @param model the model a model method asks (null for the others)
     * @param prompts prompt templates that replace the built-in ones, or null
     */
    public ExtractOperation(Dataset dataset, ExtractionMethods.Descriptor method, Options options, Model model, Path prompts, List<Input> inputs) {
        super(dataset, inputs.size() == 1 ? "Extracting the actions of " + inputs.get(0).video().getFileName() : "Extracting the actions of " + Words.count(inputs.size(), "video"));
        this.method = method;
        this.options = options;
        this.model = model;
        this.prompts = prompts;
        this.inputs = List.copyOf(inputs);
    }

    /** Extracts every input in turn; a video that fails is reported and the others go on. A model failure stops the run. */
    @Override
    public Report run(Progress progress) throws VlmException, SQLException {
        List<Extracted> done = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        Map<String, Item> items = new LinkedHashMap<>(); // by video
        for (Input input : inputs) {
            if (progress.isCancelled() || Thread.currentThread().isInterrupted()) {
                return new Report(done, failures, items, true);
            }
            String failure = null;
            if (input.task() == null || input.task().isBlank()) {
                failure = input.video() + ": no task text (say what the person was doing with --task, or put it in "
                        + input.video().getFileName() + ".txt beside the video)";
            } else {
                try {
                    Extracted extracted = extract(input, progress);
                    done.add(extracted);
                    items.put(input.video().toString(), Item.done(extracted.taskId() + ": " + extracted.actions() + " actions"));
                } catch (IOException e) {
                    failure = e.getMessage();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return new Report(done, failures, items, true);
                }
            }
            if (failure != null) {
                failures.add(failure);
                items.put(input.video().toString(), Item.failed(failure));
            }
        }
        return new Report(done, failures, items, false);
    }

    private Extracted extract(Input input, Progress progress) throws IOException, VlmException, InterruptedException, SQLException {
        long start = System.nanoTime();
        Video video = Video.probe(input.video());
        ExtractionContext own = new ExtractionContext(options.settings(), model, prompts, progress);
        List<ExtractedAction> actions = method.method().extract(video, input.task(), own);
        progress.begin("Taking the screenshots of " + (actions.size() + 1) + " steps", -1);
        // each action starts at a sampled frame: those the method did not keep come out of one decoding pass
        double fps = options.settings().fps(video, method.fps());
        List<Integer> missing = actions.stream().filter(a -> !own.taken().containsKey(ExtractionContext.at(a.start())))
                .map(a -> (int) Math.round(a.start() * fps)).toList();
        Map<Integer, byte[]> taken = FrameGrab.sampled(video, fps, missing);
        List<byte[]> images = new ArrayList<>();
        for (ExtractedAction action : actions) {
            byte[] png = own.taken().getOrDefault(ExtractionContext.at(action.start()), taken.get((int) Math.round(action.start() * fps)));
            images.add(png != null ? png : FrameGrab.png(video, action.start()));
        }
        images.add(FrameGrab.last(video));
        String taskId = taskId(video.file(), method.id());
        Task task = task(taskId, input.task(), video, fps, actions);
        dataset.put(task, images, Dataset.EXTRACTED + method.id());
        Map<String, Integer> operations = new TreeMap<>();
        actions.forEach(a -> operations.merge(a.operation(), 1, Integer::sum));
        return new Extracted(input.video(), taskId, actions.size(), operations, (System.nanoTime() - start) / 1e9,
                video.cut() == null ? List.of() : List.of(video.cut()));
    }

    private Task task(String taskId, String instruction, Video video, double fps, List<ExtractedAction> actions) {
        ObjectNode record = Json.MAPPER.createObjectNode();
        record.put(Task.TASK_ID, taskId);
        record.put(Task.INSTRUCTION, instruction);
        record.put("screen_width", video.width()).put("screen_height", video.height());
        ObjectNode extraction = record.putObject(Task.EXTRACTION);
        extraction.put("method", method.id());
        if (options.model() != null) {
            extraction.put("model", options.model());
        }
        extraction.put("video", video.file().getFileName().toString());
        extraction.put("fps", fps);
        extraction.put(Task.CONFIDENCE, round(actions.stream().mapToDouble(ExtractedAction::confidence).average().orElse(1)));
        ArrayNode traj = record.putArray(Task.TRAJ);
        for (int i = 0; i <= actions.size(); i++) {
            ObjectNode step = traj.addObject();
            step.put(Step.INDEX, i);
            step.put(Step.IMAGE, taskId + "_" + i + ".png");
            ObjectNode value = step.putObject(Step.VALUE);
            if (i == actions.size()) {
                value.put(Step.CODE, "computer.terminate(status='success')");
                step.put("start_time", round(video.duration())).put("end_time", round(video.duration()));
                if (video.cut() != null) {
                    step.putArray(Step.BUILD_PROBLEMS).add(video.cut()); // validate says it too
                }
                continue;
            }
            ExtractedAction action = actions.get(i);
            value.put(Step.CODE, ActionPrinter.print(action.actions(video.width(), video.height())));
            if (action.detail() != null) {
                value.put(Step.ACTION, action.detail());
            }
            step.put("start_time", round(action.start())).put("end_time", round(action.end()));
            step.put(Task.CONFIDENCE, round(action.confidence()));
            if (action.evidence() != null) {
                step.put(Step.EVIDENCE, action.evidence());
            }
            if (action.context() != null) {
                step.put("context", action.context());
            }
        }
        try {
            return Task.of(record);
        } catch (RecordFormatException e) {
            throw new IllegalStateException("an extracted record is always well formed", e);
        }
    }

    /** The same video by the same method always gets the same id: a digest of its size, its first MiB and the method. */
    static String taskId(Path video, String methodId) throws IOException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(Long.toString(Files.size(video)).getBytes(StandardCharsets.UTF_8));
            try (InputStream in = Files.newInputStream(video)) {
                digest.update(in.readNBytes(1 << 20));
            }
            return "ext-" + methodId + "-" + HexFormat.of().formatHex(digest.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "extraction by %s", method.id());
    }
}
