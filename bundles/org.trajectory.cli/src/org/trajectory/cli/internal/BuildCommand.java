package org.trajectory.cli.internal;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import org.trajectory.builder.BuildOperation;
import org.trajectory.builder.ReductionSettings;
import org.trajectory.dataset.Dataset;

/** {@code build RECORDING... --dataset DIR}: recordings become trajectories. */
final class BuildCommand extends OptionsCommand<BuildCommand.Options> {

    @Command(name = "build", description = "build trajectories from recordings (ours, AgentNetTool or DuckTrack) into a dataset")
    static final class Options {
        @Parameters(paramLabel = "RECORDING", arity = "1..*", description = "at least one recording folder") List<Path> recordings;
        @Mixin DatasetOptions common;
        @Option(names = "--double-click-time", paramLabel = "S",
                description = "two clicks closer than this are a double click (default 0.5)") Double doubleClickTime;
        @Option(names = "--double-click-distance", paramLabel = "PX",
                description = "... and nearer than this (default 5)") Integer doubleClickDistance;
        @Option(names = "--drag-threshold", paramLabel = "PX",
                description = "a press moved further than this is a drag (default 10)") Integer dragThreshold;
        @Option(names = "--terminate", paramLabel = "success|failure", description = "the status of the final terminate step") String terminate;
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws Exception {
        ReductionSettings defaults = ReductionSettings.DEFAULTS;
        ReductionSettings settings;
        try {
            settings = new ReductionSettings(or(args.doubleClickTime, defaults.doubleClickTime()),
                    or(args.doubleClickDistance, defaults.doubleClickDistance()), or(args.dragThreshold, defaults.dragThreshold()),
                    defaults.scrollGap(), defaults.scrollDistance(), defaults.keyRepeatGap(), defaults.recorderHotkeys(),
                    or(args.terminate, defaults.terminateStatus()));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        try (Dataset dataset = Dataset.openOrCreate(args.common.dataset)) {
            return execute(new BuildOperation(settings, args.recordings, dataset), args.common.json, null, out, err);
        }
    }

    private static <T> T or(T value, T fallback) {
        return value == null ? fallback : value;
    }
}
