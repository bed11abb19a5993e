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
                        (open, batch, progress) -> new BuildOperation(settings, batch.stream().map(Path::of).toList(), open).run(progress).items()), args.common.json, null, out, err);
            }
        }
        if (args.recordings.isEmpty()) {
            throw new UsageException("name at least one recording folder (only a server dataset has a queue to build from)");
        }
        try (Dataset dataset = Dataset.openOrCreate(args.common.dataset)) {
            return execute(new BuildOperation(settings, args.recordings, dataset), args.common.json, null, out, err);
        }
    }

    private static <T> T or(T value, T fallback) {
        return value == null ? fallback : value;
    }
}
