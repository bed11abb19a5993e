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

import org.trajectory.recorder.CaptureException;
import org.trajectory.recorder.PrivacyFilter;
import org.trajectory.recorder.RecordOperation;

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
        return "--task TEXT --out DIR [--duration SECONDS] [--fps N (default 30, or the preference)] [--no-video]"
                + " [--exclusions FILE (more window title/class patterns to keep private, one regex a line; besides those of"
                + " Window > Preferences > Recorder)]";
    }

    @Override
    int run(Arguments args, PrintStream out, PrintStream err) throws Arguments.UsageException, IOException, SQLException {
        args.positionals(0, 0, "no positional arguments");
        Integer duration = args.integer("duration");
        List<String> extraExclusions = List.of();
        if (args.path("exclusions") != null) {
            try {
                extraExclusions = PrivacyFilter.parseExclusions(Files.readString(args.path("exclusions")));
            } catch (IllegalArgumentException e) {
                throw new Arguments.UsageException(args.path("exclusions") + ": " + e.getMessage());
            }
        }
        RecordOperation.Options options = new RecordOperation.Options(Path.of(args.required("out")), args.required("task"),
                args.integer("fps"), !args.flag("no-video"), extraExclusions);
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
        try (RecordOperation recording = RecordOperation.start(options)) {
            recording.finishedInterrupted().forEach(f -> err.println(prefix() + "finished the interrupted recording " + f));
            err.println("recording with " + recording.backendName() + " into " + options.folder() + (duration == null ? "; Ctrl-C stops"
                    : " for " + duration + " s") + "; Ctrl+Alt+P pauses and resumes");
            // Until Ctrl-C, the duration, or the capture ending by itself (the X server went away).
            long end = duration == null ? Long.MAX_VALUE : System.nanoTime() + duration * 1_000_000_000L;
            while (!stopped.await(100, TimeUnit.MILLISECONDS) && System.nanoTime() < end && !recording.endedByItself()) {
                // waiting
            }
            RecordOperation.Summary summary = recording.stop();
            if (summary.problem() != null) {
                err.println(prefix() + summary.problem());
            }
            out.println(summary);
            return summary.problem() == null ? OK : FAILED;
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
