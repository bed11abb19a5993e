package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.trajectory.builder.ReductionSettings;
import org.trajectory.builder.TrajectoryBuilder;
import org.trajectory.dataset.Dataset;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

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
    int run(Options args, PrintStream out, PrintStream err) throws UsageException, IOException, SQLException {
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
        TrajectoryBuilder builder = new TrajectoryBuilder(settings);
        List<Map<String, Object>> built = new ArrayList<>();
        int failed = 0;
        try (Dataset dataset = Dataset.openOrCreate(args.common.dataset)) {
            for (Path recording : args.recordings) {
                TerminalProgress progress = new TerminalProgress(err, "frames");
                try {
                    TrajectoryBuilder.Result result = builder.build(recording, dataset, progress);
                    progress.finish();
                    result.warnings().forEach(w -> err.println(prefix() + recording + ": " + w));
                    Map<String, Object> line = new LinkedHashMap<>();
                    line.put("recording", recording.toString());
                    line.putAll(result.json());
                    built.add(line);
                    if (!args.common.json) {
                        out.println(result.summary(recording.toString()) + (result.clean() ? "" : " (see them with validate)"));
                    }
                    if (!result.clean()) {
                        failed++;
                    }
                } catch (IOException e) {
                    progress.finish();
                    failed++;
                    String message = String.valueOf(e.getMessage());
                    // the other recordings still build; a message that names the recording already is not prefixed twice
                    err.println(prefix() + (message.startsWith(recording.toString()) ? message : recording + ": " + message));
                }
            }
        }
        if (args.common.json) {
            printJson(out, built);
        }
        return failed == 0 ? OK : FAILED;
    }

    private static <T> T or(T value, T fallback) {
        return value == null ? fallback : value;
    }
}
