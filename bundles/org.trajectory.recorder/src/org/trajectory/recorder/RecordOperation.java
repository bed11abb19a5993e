package org.trajectory.recorder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One recording, as the window and {@code ./workbench record} both make it: recordings beside it that a killed
 * recorder left are finished first, the best backend captures, the privacy filter applies the built-in, the
 * preferences' and any extra excluded-window patterns, and stopping blanks the excluded frames and closes the files.
 */
public final class RecordOperation implements AutoCloseable {

    /**
     * What to record: the folder, the task, the frame rate (null: the preference), video or not, extra exclusions,
     * elements or not (null: the preference).
     */
    public record Options(Path folder, String task, Integer fps, boolean video, List<String> extraExclusions, Boolean elements) {
    }

    /** What a stopped recording holds, and why it ended by itself when it did (null when it was stopped). */
    public record Summary(Path folder, long events, long windows, long frames, long framesSkipped, String problem) {
        @Override
        public String toString() {
            return "recorded " + events + " input events and " + windows + " window changes"
                    + (frames == 0 ? "" : ", " + frames + " frames (" + framesSkipped + " skipped)") + " into " + folder;
        }
    }

    private final CaptureBackends.Descriptor backend;
    private final RecordingWriter writer;
    private final PrivacyFilter privacy;
    private final CaptureSession session;
    private final List<Path> finished;
    private Summary summary;

    private RecordOperation(CaptureBackends.Descriptor backend, RecordingWriter writer, PrivacyFilter privacy, CaptureSession session,
            List<Path> finished) {
        this.backend = backend;
        this.writer = writer;
        this.privacy = privacy;
        this.session = session;
        this.finished = finished;
    }

    /** Starts recording; the folder must not hold a recording yet. */
    public static RecordOperation start(Options options) throws CaptureException, IOException {
        if (Files.exists(options.folder().resolve(RecordingWriter.EVENTS))) {
            throw new IOException(options.folder() + " already holds a recording; choose another folder");
        }
        String low = RecordingWriter.lowSpace(options.folder());
        if (low != null) {
            throw new IOException(low + "; free some space, or record onto another disk");
        }
        List<Path> finished = finishInterrupted(options.folder().toAbsolutePath().getParent());
        CaptureBackends.Descriptor backend = CaptureBackends.get().choose();
        RecordingWriter writer = new RecordingWriter(options.folder(), options.task(), backend.id());
        try {
            int fps = options.fps() == null ? RecorderPreferences.fps() : options.fps();
            PrivacyFilter privacy = new PrivacyFilter(writer, RecorderPreferences.exclusions(options.extraExclusions()));
            boolean elements = options.elements() == null ? RecorderPreferences.elements() : options.elements();
            CaptureSession session = backend.backend().start(new CaptureSettings(options.video() ? writer.video() : null, fps, elements), privacy);
            return new RecordOperation(backend, writer, privacy, session, finished);
        } catch (CaptureException | RuntimeException e) {
            writer.close();
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
                    if (RecordingWriter.finalizeInterrupted(folder)) {
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

    /** The writer, for its live counters. */
    public RecordingWriter writer() {
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

    /** True once the capture ended by itself (its display went away); {@link #stop()} then closes what was recorded. */
    public boolean endedByItself() throws InterruptedException {
        return writer.awaitEnd(0);
    }

    /** Stops capturing, blanks the excluded windows' frames, closes the files; the second call returns the same. */
    public synchronized Summary stop() throws IOException {
        if (summary == null) {
            session.close();
            writer.redact(privacy.redactedSpans(Clock.now()));
            writer.close();
            summary = new Summary(writer.folder(), writer.events(), writer.windows(), writer.frames(), writer.framesSkipped(),
                    writer.lastProblem());
        }
        return summary;
    }

    @Override
    public void close() throws IOException {
        stop();
    }
}
