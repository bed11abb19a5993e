package org.trajectory.recorder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.trajectory.model.Json;
import org.trajectory.model.operation.Operation;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;
import org.trajectory.model.operation.Report;
import org.trajectory.recorder.internal.RecordingWriter;
import org.trajectory.recorder.replay.ReplayException;
import org.trajectory.recorder.replay.ReplayPolicy;
import org.trajectory.recorder.replay.Setup;

/**
 * One recording, as the window and {@code ./workbench record} both make it: recordings beside it that a killed
 * recorder left are finished first, the best backend captures, the privacy filter applies the built-in, the
 * preferences' and any extra excluded-window patterns, and stopping blanks the excluded frames and closes the files.
 * <p>
 * As an {@link Operation} it records from {@link #run} until its progress is cancelled (the window's Stop, Ctrl-C, the
 * end of a duration) or the capture ends by itself; while it runs, others may pause and resume it and read its writer's
 * counters once {@link #started()}.
 *
 * @since 0.1
 */
public final class RecordOperation implements Operation<RecordOperation.Summary>, AutoCloseable {

    /**
     * What to record: the folder, the task, the frame rate (null: the preference), video or not, extra exclusions,
     * elements or not (null: the preference).
     */
    public record Options(Path folder, String task, Integer fps, boolean video, List<String> extraExclusions, Boolean elements) {
    }

    /** What a stopped recording holds, and why it ended by itself when it did (null when it was stopped). */
    public record Summary(Path folder, long events, long windows, long frames, long framesSkipped, String problem) implements Report {
        @Override
        public String summary() {
            return "recorded " + events + " input events and " + windows + " window changes"
                    + (frames == 0 ? "" : ", " + frames + " frames (" + framesSkipped + " skipped)") + " into " + folder;
        }

        @Override
        public String toString() {
            return summary();
        }

        /** Why the recording ended by itself (its display went away), when it did. */
        @Override
        public List<Problem> problems() {
            return problem == null ? List.of() : List.of(Problem.at(folder.toString(), 0, problem));
        }

        @Override
        public Map<String, Object> json() {
            return Json.fields("folder", folder.toString(), "events", events, "windows", windows, "frames", frames, "frames_skipped",
                    framesSkipped, "problem", problem);
        }
    }

    /** How often a running recording looks whether it should stop. */
    private static final long POLL_MS = 100;

    private final Options options;
    private volatile CaptureBackends.Descriptor backend;
    private volatile RecordingWriter writer;
    private PrivacyFilter privacy;
    private volatile CaptureSession session;
    private List<Path> finished = List.of();
    private Summary summary;

    /** A recording not started yet: {@link #run} records, or {@link #start(Options)} starts one for its caller to stop. */
    public RecordOperation(Options options) {
        this.options = options;
    }

    @Override
    public String title() {
        return "Recording into " + options.folder().getFileName();
    }

    @Override
    public Set<String> exclusive() {
        return Set.of(Operation.folder(options.folder()));
    }

    /** Records until {@code progress} is cancelled or the capture ends by itself, then stops and says what it holds. */
    @Override
    public Summary run(Progress progress) throws CaptureException, IOException, InterruptedException {
        try (RecordOperation self = this) {
            begin();
            progress.begin("Recording into " + options.folder() + " with " + backend.name(), -1);
            while (!progress.isCancelled() && !endedByItself()) {
                Thread.sleep(POLL_MS);
            }
            return stop();
        }
    }

    /** Whether it records (or has recorded): its writer's counters and pausing are there from now on. */
    public boolean started() {
        return writer != null;
    }

    /** Starts recording for a caller that stops it; the folder must not hold a recording yet. */
    public static RecordOperation start(Options options) throws CaptureException, IOException {
        RecordOperation recording = new RecordOperation(options);
        recording.begin();
        return recording;
    }

    private synchronized void begin() throws CaptureException, IOException {
        if (Files.exists(options.folder().resolve(RecordingFolder.EVENTS))) {
            throw new IOException(options.folder() + " already holds a recording; choose another folder");
        }
        String low = RecordingWriter.lowSpace(options.folder());
        if (low != null) {
            throw new IOException(low + "; free some space, or record onto another disk");
        }
        finished = finishInterrupted(options.folder().toAbsolutePath().getParent());
        CaptureBackends.Descriptor chosen = CaptureBackends.get().choose();
        RecordingWriter opened = new RecordingWriter(options.folder(), options.task(), chosen.id());
        try {
            int fps = options.fps() == null ? RecorderPreferences.fps() : options.fps();
            PrivacyFilter filter = new PrivacyFilter(opened, RecorderPreferences.exclusions(options.extraExclusions()));
            boolean elements = options.elements() == null ? RecorderPreferences.elements() : options.elements();
            session = chosen.backend().start(new CaptureSettings(options.video() ? opened.video() : null, fps, elements), filter);
            privacy = filter;
            backend = chosen;
            writer = opened;
        } catch (CaptureException | RuntimeException e) {
            opened.close();
            throw e;
        }
    }

    /** Recordings in {@code parent} whose recorder was killed get their stop time, frame table and blanked frames. */
    public static List<Path> finishInterrupted(Path parent) throws IOException {
        List<Path> finished = new ArrayList<>();
        if (parent == null || !Files.isDirectory(parent)) {
            return finished;
        }
        try (var folders = Files.list(parent)) {
            for (Path folder : folders.filter(Files::isDirectory).toList()) {
                try {
                    if (RecordingRecovery.finishInterrupted(folder)) {
                        finished.add(folder);
                    }
                } catch (IOException unreadable) {
                    // not a recording we can read (damaged, a link out of it): building it says why; recording beside it goes on
                }
            }
        }
        return finished;
    }

    /** Interrupted recordings beside this one that were finished before it started. */
    public List<Path> finishedInterrupted() {
        return finished;
    }

    public String backendName() {
        return backend.name();
    }

    /** What the recording has written so far. */
    public RecordingCounters counters() {
        return writer;
    }

    public boolean isPaused() {
        return session.isPaused();
    }

    public void pause() {
        session.pause();
    }

    public void resume() {
        session.resume();
    }

    /**
     * True once the capture ended by itself (its display went away) or the stop hotkey was pressed; {@link #stop()} then
     * closes what was recorded.
     */
    public boolean endedByItself() throws InterruptedException {
        return privacy.stopAsked() || writer.awaitEnd(0);
    }

    /** Stops capturing, blanks the excluded windows' frames, closes the files; the second call returns the same. */
    public synchronized Summary stop() throws IOException {
        if (summary == null && writer != null) {
            session.close();
            privacy.finish();
            writer.redact(privacy.redactedSpans(Clock.now()));
            writer.close();
            approveOwnSetup(writer.folder());
            summary = new Summary(writer.folder(), writer.events(), writer.windows(), writer.frames(), writer.framesSkipped(),
                    writer.lastProblem());
        }
        return summary;
    }

    /** The person recording started these programs themselves: a replay of the recording on this machine may start them too. */
    private static void approveOwnSetup(Path folder) {
        try {
            com.fasterxml.jackson.databind.JsonNode setup = Json.MAPPER
                    .readTree(folder.resolve(RecordingFolder.METADATA).toFile()).get(Setup.FIELD);
            if (setup != null && setup.isObject()) {
                ReplayPolicy.approveRecorded(Setup.of(setup));
            }
        } catch (IOException | ReplayException e) {
            // not approved: a replay of it asks, which is never unsafe
        }
    }

    @Override
    public void close() throws IOException {
        stop();
    }
}
