package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.trajectory.recorder.CaptureBackends;
import org.trajectory.recorder.CaptureException;
import org.trajectory.recorder.CaptureSession;
import org.trajectory.recorder.CaptureSettings;
import org.trajectory.recorder.PrivacyFilter;
import org.trajectory.recorder.RecordingWriter;

/** {@code record --task TEXT --out DIR [--duration S]}: records input and window context until stopped. */
final class RecordCommand extends OptionsCommand {

    RecordCommand() {
        super(Set.of("task", "out", "duration", "fps", "exclusions"), Set.of("no-video"));
    }

    @Override
    public String name() {
        return "record";
    }

    @Override
    public String summary() {
        return "record a person doing a task: screen video, input events, the active window (until Ctrl-C or --duration)";
    }

    @Override
    public String usage() {
        return "--task TEXT --out DIR [--duration SECONDS] [--fps N (default 30)] [--no-video]"
                + " [--exclusions FILE (more window title/class patterns to keep private, one regex a line)]";
    }

    /** Recordings beside the new one whose recorder was killed get their stop time and frame table now. */
    private void finishInterrupted(Path parent, PrintStream err) {
        if (parent == null || !Files.isDirectory(parent)) {
            return;
        }
        try (var folders = Files.list(parent)) {
            for (Path folder : folders.filter(Files::isDirectory).toList()) {
                if (RecordingWriter.finalizeInterrupted(folder)) {
                    err.println(prefix() + "finished the interrupted recording " + folder);
                }
            }
        } catch (IOException e) {
            err.println(prefix() + "could not finish an interrupted recording in " + parent + ": " + e.getMessage());
        }
    }

    @Override
    int run(Arguments args, PrintStream out, PrintStream err) throws Arguments.UsageException, IOException, SQLException {
        args.positionals(0, 0, "no positional arguments");
        String task = args.required("task");
        Path folder = Path.of(args.required("out"));
        Integer duration = args.integer("duration");
        if (Files.exists(folder.resolve(RecordingWriter.EVENTS))) {
            err.println(prefix() + folder + " already holds a recording; choose another --out");
            return FAILED;
        }
        List<String> extraExclusions = List.of();
        if (args.path("exclusions") != null) {
            try {
                extraExclusions = PrivacyFilter.parseExclusions(Files.readString(args.path("exclusions")));
            } catch (IllegalArgumentException e) {
                throw new Arguments.UsageException(args.path("exclusions") + ": " + e.getMessage());
            }
        }
        finishInterrupted(folder.toAbsolutePath().getParent(), err);
        CaptureBackends.Descriptor backend;
        try {
            backend = CaptureBackends.get().choose();
        } catch (CaptureException e) {
            err.println(prefix() + e.getMessage());
            return FAILED;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(1);
        // SIGINT and SIGTERM run shutdown hooks: stop the capture and close the files before the JVM ends.
        Thread hook = new Thread(() -> {
            stopped.countDown();
            try {
                finished.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "Stop recording");
        Runtime.getRuntime().addShutdownHook(hook);
        try (RecordingWriter writer = new RecordingWriter(folder, task, backend.id())) {
            int fps = args.integer("fps") == null ? CaptureSettings.DEFAULT_FPS : args.integer("fps");
            CaptureSettings settings = new CaptureSettings(args.flag("no-video") ? null : writer.video(), fps);
            PrivacyFilter privacy = new PrivacyFilter(writer, PrivacyFilter.exclusions(extraExclusions));
            try (CaptureSession session = backend.backend().start(settings, privacy)) {
                err.println("recording with " + backend.name() + " into " + folder + (duration == null ? "; Ctrl-C stops"
                        : " for " + duration + " s") + "; Ctrl+Alt+P pauses and resumes");
                // Until Ctrl-C, the duration, or the capture ending by itself (the X server went away).
                long end = duration == null ? Long.MAX_VALUE : System.nanoTime() + duration * 1_000_000_000L;
                while (!stopped.await(100, TimeUnit.MILLISECONDS) && System.nanoTime() < end && !writer.awaitEnd(0)) {
                    // waiting
                }
            }
            if (writer.awaitEnd(0)) {
                err.println(prefix() + writer.lastProblem());
            }
            writer.redact(privacy.redactedSpans(org.trajectory.recorder.Clock.now()));
            out.println("recorded " + writer.events() + " input events and " + writer.windows() + " window changes"
                    + (writer.frames() == 0 ? "" : ", " + writer.frames() + " frames (" + writer.framesSkipped() + " skipped)")
                    + " into " + folder);
            return writer.lastProblem() == null ? OK : FAILED;
        } catch (CaptureException e) {
            err.println(prefix() + e.getMessage());
            return FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return FAILED;
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it waits for us
            }
        }
    }
}
