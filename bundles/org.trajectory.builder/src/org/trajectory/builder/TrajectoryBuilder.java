package org.trajectory.builder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.trajectory.builder.internal.Keyframes;
import org.trajectory.builder.internal.ReducedStep;
import org.trajectory.builder.internal.Reducer;
import org.trajectory.dataset.Dataset;
import org.trajectory.model.Json;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.Words;
import org.trajectory.model.action.Action;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.ElementEvent;
import org.trajectory.recorder.FrameTable;
import org.trajectory.recorder.InputEvent;
import org.trajectory.recorder.PrivacyFilter;
import org.trajectory.recorder.Recording;
import org.trajectory.recorder.RecordingFolder;
import org.trajectory.recorder.RecordingRecovery;
import org.trajectory.recorder.ScreenSize;
import org.trajectory.recorder.WindowEvent;
import org.trajectory.recorder.replay.Setup;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Makes a recording (ours, AgentNetTool's or DuckTrack's) a trajectory in a dataset: the steps reduced from its
 * events, each bound to the exact video frame just before its action (the terminate step to the last frame, which
 * is also the "after" frame of the step before it), the code written, the reasoning fields left for the annotator.
 * Each step keeps its time span, raw-event range, frame number and active window as extra fields.
 *
 * @since 0.1
 */
public final class TrajectoryBuilder {

    public static final String START_TIME = "start_time";
    public static final String END_TIME = "end_time";
    public static final String EVENT_RANGE = "event_range";
    public static final String FRAME = "frame";
    public static final String WINDOW = Step.WINDOW_TITLE;

    /**
     * What a build made: the task; what the user should know (no video, each doubtful line and step, annotations kept
     * and dropped); how many steps are doubtful (each is marked in the dataset, and {@code validate} lists them); and
     * where the time went: reading the recording, reducing its events, taking the frames, storing. A build with
     * doubtful lines or steps is complete but not clean: commands exit 1 on it.
     */
    public record Result(Task task, List<String> warnings, int doubtfulLines, int doubtfulSteps, int events, double readSeconds,
            double reduceSeconds, double framesSeconds, double storeSeconds) {
        public boolean clean() {
            return doubtfulLines == 0 && doubtfulSteps == 0;
        }

        /** The doubts in a few words, for the command's and the window's summary: "1 doubtful line ..., 2 doubtful steps marked". */
        public String doubts() {
            return Words.count(doubtfulLines, "doubtful line") + " left out or kept, " + Words.count(doubtfulSteps, "doubtful step") + " marked";
        }

        /** One sentence for the command line and the window: "built task_1: 12 steps from rec-1; 1 doubtful line ...". */
        public String summary(String recording) {
            return "built " + task.taskId() + ": " + Words.count(task.steps().size(), "step") + " from " + recording + (clean() ? "" : "; " + doubts());
        }

        public Map<String, Object> json() {
            return Json.fields("task_id", task.taskId(), "steps", task.steps().size(), "warnings", warnings, "doubtful_lines",
                    doubtfulLines, "doubtful_steps", doubtfulSteps, "events", events, "read_seconds", readSeconds, "reduce_seconds",
                    reduceSeconds, "frames_seconds", framesSeconds, "store_seconds", storeSeconds);
        }
    }

    /** The doubts a build lists in its warnings; the rest are counted there, and each is on its step for validate. */
    private static final int LISTED_DOUBTS = 20;
    /** How far (seconds) an action may lie outside the video's frames and still take the nearest one. */
    private static final double FRAME_SLACK = 1.0;
    /** The longest a step's screenshot precedes its action (AgentNetTool's clip of an action starts as far back). */
    private static final double APPROACH = 0.5;
    /** The annotation fields of a task, kept by a rebuild only when every step is kept. */
    private static final String[] TASK_ANNOTATIONS = { Task.NATURAL_LANGUAGE_TASK, Task.ACTUAL_TASK, Task.REASON, Task.TASK_COMPLETED,
        Task.ALIGNMENT_SCORE, Task.EFFICIENCY_SCORE, Task.TASK_DIFFICULTY };

    private final ReductionSettings settings;

    public TrajectoryBuilder(ReductionSettings settings) {
        this.settings = settings;
    }

    /** Builds the recording in {@code folder} into {@code dataset}, replacing the task it made before, if any. */
    public Result build(Path folder, Dataset dataset, Progress progress) throws IOException, SQLException {
        progress.begin("Reading " + folder.getFileName(), -1);
        long start = System.nanoTime();
        RecordingFolder.State state = RecordingFolder.state(folder);
        if (state == RecordingFolder.State.RECORDING) {
            throw new IOException(folder + ": the recording is still going on; stop it, then build");
        }
        List<String> warnings = new ArrayList<>();
        // A recorder that was killed left its excluded windows in the video: they are blanked before any frame is taken.
        if (state == RecordingFolder.State.INTERRUPTED && RecordingRecovery.finishInterrupted(folder)) {
            warnings.add("the recorder stopped without closing this recording (killed, or the machine went down): it was finished"
                    + " now (stop time, frame table, the frames of windows excluded from recording blanked)");
        }
        Recording recording = Recording.read(folder);
        long read = System.nanoTime();
        if (recording.screens().isEmpty()) {
            throw new IOException(folder + ": the recording does not say the screen size (screen_width, screen_height in "
                    + RecordingFolder.METADATA + "), so its points cannot be normalized");
        }
        Path video = recording.video();
        if (video != null) {
            checkScreens(folder, recording.screens(), FrameTable.size(video));
        }
        boolean resolved = recording.source().equals(Recording.Source.TRAJECTORY_WORKBENCH.name().toLowerCase(Locale.ROOT));
        List<ReducedStep> steps = new Reducer(withControlKeys(recording)).reduce(recording.events(), recording.screens(), resolved);
        long reduced = System.nanoTime();

        Map<Integer, List<String>> doubts = doubts(recording.doubts(), steps, warnings);
        List<byte[]> images = new ArrayList<>();
        List<Integer> frames = new ArrayList<>();
        if (video == null) {
            warnings.add("the recording has no video: the steps have no screenshots");
            steps.forEach(s -> images.add(null));
        } else {
            images.addAll(frames(recording, video, steps, settings.screenshot(), frames, doubts, warnings, progress));
        }
        long framed = System.nanoTime();
        String taskId = taskId(recording);
        Task task = task(recording, taskId, steps, frames, doubts);
        Task before = dataset.read(taskId);
        Map<String, Dataset.StoredScore> scores = before == null ? Map.of() : dataset.scores().get(taskId);
        task = keepAnnotations(before, task, warnings);
        dataset.put(task, images, Dataset.recordedFrom(folder));
        keepScores(dataset, before, task, scores, warnings);
        long stored = System.nanoTime();
        doubts.forEach((step, messages) -> warnings.add("step " + step + " is doubtful: " + String.join("; ", messages.stream().limit(LISTED_DOUBTS).toList())
                + (messages.size() > LISTED_DOUBTS ? "; and " + (messages.size() - LISTED_DOUBTS) + " more" : "")));
        int doubtfulLines = (int) recording.doubts().stream().filter(d -> !d.expected()).count();
        return new Result(task, warnings, doubtfulLines, doubts.size(), recording.events().size(), (read - start) / 1e9, (reduced - read) / 1e9,
                (framed - reduced) / 1e9, (stored - framed) / 1e9);
    }

    /**
     * The settings with the chords the recorder that made {@code recording} keeps for itself, which are never steps of a
     * task: ours are settings; AgentNetTool registers CommandOrControl+Alt+R (start), +Alt+T (stop) and +Shift+T (take the
     * accessibility tree) as global shortcuts (agentnet-annotator/src/index.ts); DuckTrack is started and stopped from
     * its window (its Shift+Esc stops only its playback); openadapt-capture's recorder by {@code capture stop} from another
     * terminal (its typed stop sequences belong to another of its front ends).
     */
    private ReductionSettings withControlKeys(Recording recording) {
        return switch (Recording.Source.valueOf(recording.source().toUpperCase(Locale.ROOT))) {
            case TRAJECTORY_WORKBENCH -> settings;
            case AGENTNET_TOOL -> settings.withRecorderHotkeys(Stream.of("ctrl", "win", "command")
                    .flatMap(primary -> Stream.of(List.of(primary, "alt", "r"), List.of(primary, "alt", "t"),
                            List.of(primary, "shift", "t")))
                    .toList());
            case DUCKTRACK, OPENADAPT_CAPTURE -> settings.withRecorderHotkeys(List.of());
        };
    }

    /** The doubtful lines by the step each belongs to; the first {@value #LISTED_DOUBTS} go to the warnings, the rest counted. */
    private static Map<Integer, List<String>> doubts(List<Recording.Doubt> lines, List<ReducedStep> steps, List<String> warnings) {
        lines.stream().limit(LISTED_DOUBTS).forEach(d -> warnings.add(d.toString()));
        if (lines.size() > LISTED_DOUBTS) {
            warnings.add("and " + (lines.size() - LISTED_DOUBTS) + " more lines doubted or left out (validate lists each with its step)");
        }
        Map<Integer, List<String>> doubts = new TreeMap<>();
        for (Recording.Doubt doubt : lines) {
            int step = stepOf(steps, doubt);
            if (step >= 0) {
                doubts.computeIfAbsent(step, i -> new ArrayList<>()).add(doubt.toString());
            }
        }
        return doubts;
    }

    /**
     * Refuses screen sizes the video contradicts: points are normalized by the screen size, so a wrong one (a damaged or
     * hand-edited line claiming 100000x100000 over a 1280x800 video) would put every click elsewhere without a word.
     * A video may be scaled (a HiDPI screen, a recorder's output size) but keeps the screen's shape. A screen the
     * recording does not state but its events show (a resolution changed, a screen turned) is not held to the video's.
     */
    private static void checkScreens(Path folder, List<ScreenSize> screens, int[] video) throws IOException {
        for (ScreenSize screen : screens.stream().filter(s -> !s.inferred()).toList()) {
            double scale = (double) video[0] / screen.width();
            double shape = ((double) video[0] / video[1]) / ((double) screen.width() / screen.height());
            if (scale < 0.25 || scale > 4 || Math.abs(shape - 1) > 0.03) {
                String when = Double.isInfinite(screen.time()) ? "in " + RecordingFolder.METADATA
                        : String.format(Locale.ROOT, "from %.3f s (a screen line of %s)", screen.time(), RecordingFolder.EVENTS);
                throw new IOException(folder + ": the recording says the screen is " + screen.width() + "x" + screen.height() + " " + when
                        + ", but its video is " + video[0] + "x" + video[1] + ": its points cannot be normalized by a size the screenshots"
                        + " contradict; correct the screen size, then build again");
            }
        }
    }

    /**
     * Each step's frame: the last one before its action (the terminate step's, the last frame), taken by the video's
     * own stamps. A step the video does not cover (a cut video, a short frame table) gets no image and is doubted,
     * never the nearest frame that happens to exist.
     */
    private static List<byte[]> frames(Recording recording, Path video, List<ReducedStep> steps, ReductionSettings.Screenshot moment,
            List<Integer> frames, Map<Integer, List<String>> doubts, List<String> warnings, Progress progress) throws IOException {
        FrameTable.Frames probed = FrameTable.probeFrames(video); // read once: the stamps, the key frames, a peer's frame times
        double[] stamps = probed.stamps();
        double[] times = FrameTable.times(recording, stamps);
        if (stamps.length == 0 || times.length == 0) {
            throw new IOException(video + ": the video holds no frames that can be read");
        }
        if (times.length != stamps.length) {
            // A recorder killed before its last frames reached the video lists a few more; many more means damage.
            warnings.add(RecordingFolder.FRAMES + " lists " + times.length + " frames and the video holds " + stamps.length
                    + (times.length > stamps.length ? ": the video ends early" : ": the frame table ends early"));
            times = java.util.Arrays.copyOf(times, Math.min(times.length, stamps.length));
        }
        double first = times[0];
        double last = times[times.length - 1];
        List<Integer> taken = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            boolean terminate = i == steps.size() - 1;
            double at = terminate ? steps.get(i).end() : steps.get(i).start();
            if (at > last + FRAME_SLACK || at < first - FRAME_SLACK) {
                frames.add(null);
                doubts.computeIfAbsent(i, k -> new ArrayList<>()).add(String.format(Locale.ROOT,
                        "no screenshot: the action at %.3f s lies outside the video's frames (%.3f to %.3f s)", at, first, last));
            } else {
                int frame = terminate ? lastShown(times, recording.hidden())
                        : FrameTable.frameBefore(times, moment == ReductionSettings.Screenshot.BEFORE_APPROACH ? approach(recording.events(), steps, i) : at);
                frames.add(frame);
                taken.add(frame);
            }
        }
        List<byte[]> pngs = taken.isEmpty() ? List.of() : new Keyframes(video, probed).pngs(taken, progress);
        List<byte[]> images = new ArrayList<>();
        int next = 0;
        for (Integer frame : frames) {
            images.add(frame == null ? null : pngs.get(next++));
        }
        return images;
    }

    /**
     * When the pointer set out for step {@code i}'s target: the first of the moves that lead straight to its first event
     * (after the step before it), but not more than {@value #APPROACH} s before it; the step's start when it has none
     * (keys, or a pointer already there).
     */
    private static double approach(List<InputEvent> events, List<ReducedStep> steps, int i) {
        ReducedStep step = steps.get(i);
        int after = i == 0 ? -1 : steps.get(i - 1).lastEvent();
        double from = step.start();
        for (int e = step.firstEvent() - 1; e > after && events.get(e).action().equals("move"); e--) {
            from = events.get(e).time();
        }
        return Math.max(from, step.start() - APPROACH);
    }

    /**
     * The last frame that shows the screen: a recording stopped from the workbench, or while an excluded window was in
     * front, ends in blanked frames, and the final screenshot is the last one before them.
     */
    private static int lastShown(double[] times, List<PrivacyFilter.Span> hidden) {
        double last = times[times.length - 1];
        for (PrivacyFilter.Span span : hidden) {
            if (span.from() <= last && last <= span.to() && span.from() > times[0]) {
                return FrameTable.frameBefore(times, span.from());
            }
        }
        return times.length - 1;
    }

    /**
     * The step a doubtful line belongs to: the one made of its event when it was kept; for an event left out, the
     * first step that ends at or after its time (the last if none does); -1 for a line without a time.
     */
    private static int stepOf(List<ReducedStep> steps, Recording.Doubt doubt) {
        for (int i = 0; i < steps.size() && doubt.event() >= 0; i++) {
            if (steps.get(i).firstEvent() <= doubt.event() && doubt.event() <= steps.get(i).lastEvent()) {
                return i;
            }
        }
        if (Double.isNaN(doubt.time())) {
            return -1;
        }
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).end() >= doubt.time()) {
                return i;
            }
        }
        return steps.size() - 1;
    }

    /**
     * A rebuilt recording keeps the annotations of every step that did not change (same action, same frame); the
     * task's summary only when every step was kept. Says how many were kept and dropped.
     */
    static Task keepAnnotations(Task before, Task built, List<String> warnings) {
        if (before == null) {
            return built;
        }
        ObjectNode record = built.json().deepCopy();
        ArrayNode steps = (ArrayNode) record.get(Task.TRAJ);
        boolean[] used = new boolean[before.steps().size()];
        int kept = 0;
        int annotated = 0;
        for (Step old : before.steps()) {
            annotated += annotated(old) ? 1 : 0;
        }
        for (JsonNode step : steps) {
            for (int j = 0; j < before.steps().size(); j++) {
                Step old = before.steps().get(j);
                if (!used[j] && annotated(old) && old.code().equals(step.path(Step.VALUE).path(Step.CODE).asText())
                        && old.json().path(FRAME).equals(step.path(FRAME))) {
                    used[j] = true;
                    ObjectNode value = old.json().path(Step.VALUE).deepCopy();
                    value.put(Step.CODE, step.path(Step.VALUE).path(Step.CODE).asText());
                    ((ObjectNode) step).set(Step.VALUE, value);
                    kept++;
                    break;
                }
            }
        }
        if (annotated == 0) {
            return built;
        }
        boolean everyStepKept = kept == annotated && kept == steps.size();
        if (everyStepKept) {
            for (String field : TASK_ANNOTATIONS) {
                if (before.json().has(field)) {
                    record.set(field, before.json().get(field));
                }
            }
        }
        warnings.add("kept the annotations of " + kept + " steps that did not change; dropped those of " + (annotated - kept)
                + " whose action or frame changed" + (everyStepKept ? "" : ", and the task's summary"));
        try {
            return Task.of(record);
        } catch (RecordFormatException e) {
            throw new IllegalStateException("a built record is always well formed", e);
        }
    }

    /**
     * A rebuilt task keeps the scores that judged the content it has again (a rebuild of an unchanged recording
     * changes nothing a criterion looked at), and the final score when every one of them is kept; the others are
     * dropped, for the next scoring run.
     */
    private static void keepScores(Dataset dataset, Task before, Task built, Map<String, Dataset.StoredScore> scores, List<String> warnings)
            throws SQLException {
        if (scores.isEmpty()) {
            return;
        }
        String content = Dataset.contentHash(built);
        List<Dataset.StoredScore> valid = scores.values().stream().filter(s -> content.equals(s.contentHash())).toList();
        JsonNode finalScore = before.json().path(Task.SCORES).path(Dataset.FINAL_SCORE);
        if (!valid.isEmpty()) {
            dataset.scores().put(built.taskId(), valid, valid.size() == scores.size() && finalScore.isNumber() ? finalScore.asDouble() : null);
        }
        if (valid.size() < scores.size()) {
            warnings.add("kept " + Words.count(valid.size(), "score") + " of " + scores.size() + "; the others judged steps that changed: score the task again");
        }
    }

    /** The setup our recorder wrote into the recording's metadata, or null (other recorders', older recordings). */
    private static JsonNode setup(Path folder) {
        try {
            JsonNode setup = RecordingFolder.readJson(folder.resolve(RecordingFolder.METADATA)).get(Setup.FIELD);
            return setup != null && setup.isObject() ? setup : null;
        } catch (IOException e) {
            return null; // the recording was read a moment ago; a setup that cannot be read is only a replay lost
        }
    }

    private static boolean annotated(Step step) {
        JsonNode value = step.json().path(Step.VALUE);
        for (String field : new String[] { Step.OBSERVATION, Step.THOUGHT, Step.ACTION, Step.REFLECTION }) {
            if (!value.path(field).asText("").isBlank()) {
                return true;
            }
        }
        return false;
    }

    /** The recording's own line of events.jsonl an event was read from, not its place among the events kept; -1 for none. */
    private static long line(Recording recording, int event) {
        return event < 0 ? -1 : recording.eventLines().get(event);
    }

    private static Task task(Recording recording, String taskId, List<ReducedStep> steps, List<Integer> frames,
            Map<Integer, List<String>> doubts) {
        ObjectNode record = Json.MAPPER.createObjectNode();
        record.put(Task.TASK_ID, taskId);
        record.put(Task.INSTRUCTION, recording.task() == null ? "" : recording.task());
        if (recording.os() != null) {
            record.put(Task.OS, recording.os());
        }
        ScreenSize screen = recording.screens().get(0);
        record.put("screen_width", screen.width()).put("screen_height", screen.height());
        JsonNode setup = setup(recording.folder());
        if (setup != null) {
            record.set(Setup.FIELD, setup); // what a replay starts from
        }
        ArrayNode traj = record.putArray(Task.TRAJ);
        for (int i = 0; i < steps.size(); i++) {
            ReducedStep step = steps.get(i);
            ObjectNode node = traj.addObject();
            node.put(Step.INDEX, i);
            node.put(Step.IMAGE, frames.isEmpty() || frames.get(i) == null ? null : taskId + "_" + i + ".png");
            node.putObject(Step.VALUE).put(Step.CODE, step.code());
            node.put(START_TIME, step.start()).put(END_TIME, step.end());
            node.putArray(EVENT_RANGE).add(line(recording, step.firstEvent())).add(line(recording, step.lastEvent()));
            if (!frames.isEmpty() && frames.get(i) != null) {
                node.put(FRAME, frames.get(i));
            }
            if (doubts.containsKey(i)) {
                doubts.get(i).forEach(node.putArray(Step.BUILD_PROBLEMS)::add);
            }
            WindowEvent window = window(recording.windows(), step.start());
            if (window != null && window.title() != null) {
                node.put(WINDOW, window.title());
            }
            String application = window == null ? null : window.windowClass() != null && !window.windowClass().isBlank() ? window.windowClass()
                    : window.process();
            if (application != null && !application.isBlank()) {
                node.put(Step.APPLICATION, application);
            }
            ElementEvent element = element(recording.elements(), step);
            ScreenSize size = recording.screenAt(step.start());
            if (size != null && (size.width() != screen.width() || size.height() != screen.height())) {
                // the screen changed: this step's coordinates are shares of the screen in force then, not the task's
                node.put("screen_width", size.width()).put("screen_height", size.height());
            }
            if (element != null && element.width() != null && size != null) {
                ObjectNode described = node.putObject(Step.ELEMENT).put("role", element.role());
                if (element.name() != null && !element.name().isBlank()) {
                    described.put("name", element.name());
                }
                described.putArray("bbox").add(share(element.left(), size.width())).add(share(element.top(), size.height()))
                        .add(share(element.width(), size.width())).add(share(element.height(), size.height()));
                described.put("cause", element.cause());
            }
        }
        try {
            return Task.of(record);
        } catch (RecordFormatException e) {
            throw new IllegalStateException("a built record is always well formed", e);
        }
    }

    /** Slack between an action's raw events and the element asked for them: both carry the press's own time. */
    private static final double ELEMENT_SLACK = 0.05;

    /**
     * The element a step acted on: for a pointer step the one pressed at its point during it; for keys, the one that
     * had the keyboard focus when the first key went down (the last to take it, by a focus change or a press); null
     * when the recording has none, and for a step of neither kind (terminate).
     */
    static ElementEvent element(List<ElementEvent> elements, ReducedStep step) {
        boolean keys = step.actions().stream().anyMatch(a -> a instanceof Action.Write || a instanceof Action.Press || a instanceof Action.Hotkey);
        ElementEvent focused = null;
        for (ElementEvent element : elements) {
            if (step.x() != null && element.cause().equals(ElementEvent.PRESS) && step.x().equals(element.x()) && step.y().equals(element.y())
                    && element.time() >= step.start() - ELEMENT_SLACK && element.time() <= step.end() + ELEMENT_SLACK) {
                return element;
            }
            boolean tookFocus = element.cause().equals(ElementEvent.FOCUS) || element.states().contains("focused");
            if (step.x() == null && keys && tookFocus && element.time() < step.start()) {
                focused = element;
            }
        }
        return focused;
    }

    private static double share(int pixels, int of) {
        return Math.round(Math.max(0, Math.min(1, pixels / (double) of)) * 10_000) / 10_000.0;
    }

    /** The title of the window active at {@code time}. */
    /** The window active at {@code time}: the last to become active before it, or null. */
    static WindowEvent window(List<WindowEvent> windows, double time) {
        WindowEvent active = null;
        for (WindowEvent window : windows) {
            if (window.time() > time) {
                break;
            }
            active = window;
        }
        return active;
    }

    /**
     * The same recording always gets the same id, so building it again replaces its trajectory; the id is a digest of
     * the recording's events, start and task, not its folder name (AgentNetTool's folder names hold the annotator's e-mail address).
     */
    static String taskId(Recording recording) throws IOException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(String.valueOf(recording.videoStart()).getBytes(StandardCharsets.UTF_8));
            Path events = recording.folder().resolve(RecordingFolder.EVENTS);
            if (Files.isRegularFile(events)) {
                try (var in = Files.newInputStream(events)) {
                    digest.update(in.readNBytes(1 << 20));
                }
            }
            digest.update(String.valueOf(recording.task()).getBytes(StandardCharsets.UTF_8));
            return "rec-" + HexFormat.of().formatHex(digest.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
