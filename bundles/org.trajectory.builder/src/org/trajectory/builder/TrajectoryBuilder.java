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

import org.trajectory.dataset.Dataset;
import org.trajectory.model.Json;
import org.trajectory.model.Progress;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.recorder.FrameTable;
import org.trajectory.recorder.Recording;
import org.trajectory.recorder.RecordingWriter;
import org.trajectory.recorder.ScreenSize;
import org.trajectory.recorder.WindowEvent;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Makes a recording (ours, AgentNetTool's or DuckTrack's) a trajectory in a dataset: the steps reduced from its
 * events, each bound to the exact video frame just before its action (the terminate step to the last frame, which
 * is also the "after" frame of the step before it), the code written, the reasoning fields left for the annotator.
 * Each step keeps its time span, raw-event range, frame number and active window as extra fields.
 */
public final class TrajectoryBuilder {

    public static final String START_TIME = "start_time";
    public static final String END_TIME = "end_time";
    public static final String EVENT_RANGE = "event_range";
    public static final String FRAME = "frame";
    public static final String WINDOW = "window_title";

    /**
     * What a build made: the task, what the user should know (no video, skipped lines), and where the time went:
     * reading the recording, reducing its events, taking the frames, storing.
     */
    public record Result(Task task, List<String> warnings, int events, double readSeconds, double reduceSeconds,
            double framesSeconds, double storeSeconds) {
    }

    private final ReductionSettings settings;

    public TrajectoryBuilder(ReductionSettings settings) {
        this.settings = settings;
    }

    /** Builds the recording in {@code folder} into {@code dataset}, replacing the task it made before, if any. */
    public Result build(Path folder, Dataset dataset, Progress progress) throws IOException, SQLException {
        progress.begin("Reading " + folder.getFileName(), -1);
        long start = System.nanoTime();
        Recording recording = Recording.read(folder);
        long read = System.nanoTime();
        List<String> warnings = new ArrayList<>();
        if (recording.skippedLines() > 0) {
            warnings.add(recording.skippedLines() + " malformed lines of the recording were skipped");
        }
        if (recording.screens().isEmpty()) {
            throw new IOException(folder + ": the recording does not say the screen size (screen_width, screen_height in "
                    + RecordingWriter.METADATA + "), so its points cannot be normalized");
        }
        boolean resolved = recording.source().equals(Recording.Source.TRAJECTORY_WORKBENCH.name().toLowerCase(java.util.Locale.ROOT));
        List<ReducedStep> steps = new Reducer(settings).reduce(recording.events(), recording.screens(), resolved);
        long reduced = System.nanoTime();

        List<byte[]> images = new ArrayList<>();
        List<Integer> frames = new ArrayList<>();
        Path video = recording.video();
        if (video == null) {
            warnings.add("the recording has no video: the steps have no screenshots");
            steps.forEach(s -> images.add(null));
        } else {
            // Frames are chosen by their time on the events' clock and taken by the video's own stamps; a recording
            // whose recorder was killed may list a few more frames than its video holds.
            double[] stamps = FrameTable.probe(video);
            double[] times = FrameTable.times(recording);
            times = java.util.Arrays.copyOf(times, Math.min(times.length, stamps.length));
            for (int i = 0; i < steps.size(); i++) {
                boolean last = i == steps.size() - 1;
                frames.add(last ? times.length - 1 : FrameTable.frameBefore(times, steps.get(i).start()));
            }
            images.addAll(new Keyframes(video, stamps).pngs(frames, progress));
        }
        long framed = System.nanoTime();
        String taskId = taskId(recording);
        Task task = task(recording, taskId, steps, frames);
        dataset.put(task, images, "recording");
        long stored = System.nanoTime();
        return new Result(task, warnings, recording.events().size(), (read - start) / 1e9, (reduced - read) / 1e9,
                (framed - reduced) / 1e9, (stored - framed) / 1e9);
    }

    private static Task task(Recording recording, String taskId, List<ReducedStep> steps, List<Integer> frames) {
        ObjectNode record = Json.MAPPER.createObjectNode();
        record.put(Task.TASK_ID, taskId);
        record.put(Task.INSTRUCTION, recording.task() == null ? "" : recording.task());
        if (recording.os() != null) {
            record.put(Task.OS, recording.os());
        }
        ScreenSize screen = recording.screens().get(0);
        record.put("screen_width", screen.width()).put("screen_height", screen.height());
        ArrayNode traj = record.putArray(Task.TRAJ);
        for (int i = 0; i < steps.size(); i++) {
            ReducedStep step = steps.get(i);
            ObjectNode node = traj.addObject();
            node.put(Step.INDEX, i);
            node.put(Step.IMAGE, frames.isEmpty() ? null : taskId + "_" + i + ".png");
            node.putObject(Step.VALUE).put(Step.CODE, step.code());
            node.put(START_TIME, step.start()).put(END_TIME, step.end());
            node.putArray(EVENT_RANGE).add(step.firstEvent()).add(step.lastEvent());
            if (!frames.isEmpty()) {
                node.put(FRAME, frames.get(i));
            }
            String window = window(recording.windows(), step.start());
            if (window != null) {
                node.put(WINDOW, window);
            }
        }
        try {
            return Task.of(record);
        } catch (RecordFormatException e) {
            throw new IllegalStateException("a built record is always well formed", e);
        }
    }

    /** The title of the window active at {@code time}. */
    static String window(List<WindowEvent> windows, double time) {
        String title = null;
        for (WindowEvent window : windows) {
            if (window.time() > time) {
                break;
            }
            title = window.title();
        }
        return title;
    }

    /**
     * The same recording always gets the same id, so building it again replaces its trajectory; the id is a digest of
     * the recording's events, start and task, not its folder name (AgentNetTool's folder names hold the annotator's e-mail address).
     */
    static String taskId(Recording recording) throws IOException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(String.valueOf(recording.videoStart()).getBytes(StandardCharsets.UTF_8));
            Path events = recording.folder().resolve(RecordingWriter.EVENTS);
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
