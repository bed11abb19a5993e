package org.trajectory.cli.internal;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import org.trajectory.model.operation.Operation;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.CaptureException;
import org.trajectory.recorder.PrivacyFilter;
import org.trajectory.recorder.RecordOperation;

/** {@code record --task TEXT --out DIR [--duration S]}: records input and window context until stopped. */
final class RecordCommand extends OptionsCommand<RecordCommand.Options> {

    @Command(name = "record", description = "record a person doing a task: screen video, input events, the active window (until Ctrl-C or --duration)")
    static final class Options {
        @Option(names = "--task", required = true, paramLabel = "TEXT", description = "what the person is about to do") String task;
        @Option(names = "--out", required = true, paramLabel = "DIR", description = "the new recording's folder") Path out;
        @Option(names = "--duration", paramLabel = "SECONDS", description = "stop after this long (default: at Ctrl-C)") Integer duration;
        @Option(names = "--fps", paramLabel = "N", description = "video frames per second (default 30, or the preference)") Integer fps;
        @Option(names = "--no-elements",
                description = "do not ask the desktop which element each press met (default: the preference, on)") boolean noElements;
        @Option(names = "--no-video", description = "record the events and windows only") boolean noVideo;
        @Option(names = "--exclusions", paramLabel = "FILE", description = "more window title/class patterns to keep private,"
                + " one regex a line; besides those of Window > Preferences > Recorder") Path exclusions;
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws Exception {
        Integer duration = args.duration;
        List<String> extraExclusions = List.of();
        if (args.exclusions != null) {
            try {
                extraExclusions = PrivacyFilter.parseExclusions(Files.readString(args.exclusions));
            } catch (IllegalArgumentException e) {
                throw new UsageException(args.exclusions + ": " + e.getMessage());
            }
        }
        RecordOperation.Options options = new RecordOperation.Options(args.out, args.task, args.fps, !args.noVideo, extraExclusions,
                args.noElements ? Boolean.FALSE : null);
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
        RecordOperation recording = new RecordOperation(options);
        // The duration counts from when the capture has started (under Wine that takes seconds), as before.
        AtomicLong end = new AtomicLong(Long.MAX_VALUE);
        Operation<RecordOperation.Summary> untilStopped = new UntilStopped(recording, () -> stopped.getCount() == 0 || System.nanoTime() >= end.get(),
                () -> {
                    if (duration != null) {
                        end.set(System.nanoTime() + duration * 1_000_000_000L);
                    }
                    recording.finishedInterrupted().forEach(f -> err.println(prefix() + "finished the interrupted recording " + f));
                    err.println("recording with " + recording.backendName() + " into " + options.folder()
                            + (duration == null ? "; Ctrl-C stops" : " for " + duration + " s") + "; Ctrl+Alt+P pauses and resumes");
                });
        try {
            return execute(untilStopped, false, null, out, err);
        } catch (CaptureException e) {
            err.println(prefix() + e.getMessage());
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

    /** The recording, stopped when {@code stop} says so (Ctrl-C, the duration) or by itself; {@code started} speaks once it records. */
    private record UntilStopped(RecordOperation recording, BooleanSupplier stop, Runnable started) implements Operation<RecordOperation.Summary> {
        @Override
        public String title() {
            return recording.title();
        }

        @Override
        public Set<String> exclusive() {
            return recording.exclusive();
        }

        @Override
        public RecordOperation.Summary run(Progress terminal) throws Exception {
            return recording.run(new Progress() {
                @Override
                public void begin(String task, long totalWork) {
                    started.run();
                }

                @Override
                public void worked(long work) {
                }

                @Override
                public boolean isCancelled() {
                    return stop.getAsBoolean();
                }
            });
        }
    }
}
