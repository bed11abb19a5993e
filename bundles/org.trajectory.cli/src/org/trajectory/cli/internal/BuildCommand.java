package org.trajectory.cli.internal;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import org.trajectory.builder.BuildOperation;
import org.trajectory.builder.ReductionSettings;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.QueueWorker;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;

/** {@code build RECORDING... --dataset DIR}: recordings become trajectories. */
final class BuildCommand extends OptionsCommand<BuildCommand.Options> {

    @Command(name = "build", description = "build trajectories from recordings (ours, AgentNetTool or DuckTrack) into a dataset")
    static final class Options {
        @Parameters(paramLabel = "RECORDING", arity = "0..*", description = "recording folders (on a server dataset: added to its"
                + " queue; none: build what the queue holds)") List<Path> recordings = List.of();
        @Mixin DatasetOptions common;
        @Mixin WorkerOptions workers;
        @Option(names = "--double-click-time", paramLabel = "S",
                description = "two clicks closer than this are a double click (default 0.5)") Double doubleClickTime;
        @Option(names = "--double-click-distance", paramLabel = "PX",
                description = "... and nearer than this (default 5)") Integer doubleClickDistance;
        @Option(names = "--drag-threshold", paramLabel = "PX",
                description = "a press moved further than this is a drag (default 10)") Integer dragThreshold;
        @Option(names = "--scroll-distance", paramLabel = "PX",
                description = "a wheel turn after the pointer moved further than this starts a new scroll (default 20)") Integer scrollDistance;
        @Option(names = "--terminate", paramLabel = "success|failure", description = "the status of the final terminate step") String terminate;
        @Option(names = "--screenshot", paramLabel = "before-approach|before-action",
                description = "the screen each step shows: before the pointer set out for its target, as OpenCUA's (default), or just before the action") String screenshot;
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws Exception {
        ReductionSettings defaults = ReductionSettings.DEFAULTS;
        ReductionSettings settings;
        try {
            settings = new ReductionSettings(or(args.doubleClickTime, defaults.doubleClickTime()),
                    or(args.doubleClickDistance, defaults.doubleClickDistance()), or(args.dragThreshold, defaults.dragThreshold()),
                    defaults.scrollGap(), or(args.scrollDistance, defaults.scrollDistance()), defaults.keyRepeatGap(), defaults.recorderHotkeys(),
                    or(args.terminate, defaults.terminateStatus()),
                    args.screenshot == null ? defaults.screenshot() : ReductionSettings.Screenshot.of(args.screenshot));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (WorkerOptions.queued(args.common.dataset)) {
            try (Dataset dataset = Dataset.openOrCreate(args.common.dataset)) {
                List<String> subjects = args.recordings.stream().map(r -> r.toAbsolutePath().normalize().toString()).toList();
                return execute(args.workers.worker(dataset, "build", "build " + settings, false, 4, subjects,
                        (open, batch, progress) -> build(settings, open, batch, progress)), args.common.json, null, out, err);
            }
        }
        if (args.recordings.isEmpty()) {
            throw new UsageException("name at least one recording folder (only a server dataset has a queue to build from)");
        }
        try (Dataset dataset = Dataset.openOrCreate(args.common.dataset)) {
            return execute(new BuildOperation(settings, args.recordings, dataset), args.common.json, null, out, err);
        }
    }

    /** A worker's batch: each recording built, or failed with what the build said of it. */
    private static Map<String, QueueWorker.Outcome> build(ReductionSettings settings, Dataset dataset, List<String> recordings,
            Progress progress) throws Exception {
        BuildOperation.Built built = new BuildOperation(settings, recordings.stream().map(Path::of).toList(), dataset).run(progress);
        Map<String, QueueWorker.Outcome> outcomes = new LinkedHashMap<>();
        built.results().forEach((recording, result) -> outcomes.put(recording.toString(),
                QueueWorker.Outcome.done(result.summary(recording.getFileName().toString()))));
        for (String recording : recordings) {
            if (!outcomes.containsKey(recording)) {
                built.problems().stream().filter(p -> names(p, recording)).findFirst()
                        .ifPresent(p -> outcomes.put(recording, QueueWorker.Outcome.failed(p.message())));
            }
        }
        return outcomes;
    }

    /** Whether {@code problem} is of {@code recording}: its source, or a message that begins with its folder. */
    private static boolean names(Problem problem, String recording) {
        String message = problem.message();
        return problem.source().equals(recording) || message.startsWith(recording)
                && (message.length() == recording.length() || !Character.isLetterOrDigit(message.charAt(recording.length())));
    }

    private static <T> T or(T value, T fallback) {
        return value == null ? fallback : value;
    }
}
