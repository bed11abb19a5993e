package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.trajectory.builder.ReductionSettings;
import org.trajectory.builder.TrajectoryBuilder;
import org.trajectory.dataset.Dataset;

/** {@code build RECORDING... --dataset DIR}: recordings become trajectories. */
final class BuildCommand extends OptionsCommand {

    BuildCommand() {
        super(Set.of("dataset", "double-click-time", "double-click-distance", "drag-threshold", "terminate"), Set.of("json"));
    }

    @Override
    public String name() {
        return "build";
    }

    @Override
    public String summary() {
        return "build trajectories from recordings (ours, AgentNetTool or DuckTrack) into a dataset";
    }

    @Override
    public String usage() {
        return "RECORDING... --dataset DIR [--double-click-time S (0.5)] [--double-click-distance PX (5)] [--drag-threshold PX (10)]"
                + " [--terminate success|failure] [--json]";
    }

    @Override
    int run(Arguments args, PrintStream out, PrintStream err) throws Arguments.UsageException, IOException, SQLException {
        List<String> recordings = args.positionals(1, Integer.MAX_VALUE, "at least one recording folder");
        ReductionSettings defaults = ReductionSettings.DEFAULTS;
        ReductionSettings settings;
        try {
            settings = new ReductionSettings(or(args.decimal("double-click-time"), defaults.doubleClickTime()),
                    or(args.integer("double-click-distance"), defaults.doubleClickDistance()),
                    or(args.integer("drag-threshold"), defaults.dragThreshold()), defaults.scrollGap(), defaults.scrollDistance(),
                    defaults.keyRepeatGap(), defaults.recorderHotkeys(),
                    args.option("terminate") == null ? defaults.terminateStatus() : args.option("terminate"));
        } catch (IllegalArgumentException e) {
            throw new Arguments.UsageException(e.getMessage());
        }
        TrajectoryBuilder builder = new TrajectoryBuilder(settings);
        List<Map<String, Object>> built = new ArrayList<>();
        int failed = 0;
        try (Dataset dataset = Dataset.openOrCreate(Path.of(args.required("dataset")))) {
            for (String recording : recordings) {
                TerminalProgress progress = new TerminalProgress(err, "frames");
                try {
                    TrajectoryBuilder.Result result = builder.build(Path.of(recording), dataset, progress);
                    progress.finish();
                    result.warnings().forEach(w -> err.println(prefix() + recording + ": " + w));
                    Map<String, Object> line = new LinkedHashMap<>();
                    line.put("recording", recording);
                    line.put("task_id", result.task().taskId());
                    line.put("steps", result.task().steps().size());
                    line.put("warnings", result.warnings());
                    line.put("doubtful_lines", result.doubtfulLines());
                    line.put("doubtful_steps", result.doubtfulSteps());
                    line.put("events", result.events());
                    line.put("read_seconds", result.readSeconds());
                    line.put("reduce_seconds", result.reduceSeconds());
                    line.put("frames_seconds", result.framesSeconds());
                    line.put("store_seconds", result.storeSeconds());
                    built.add(line);
                    if (!args.flag("json")) {
                        out.println("built " + result.task().taskId() + ": " + result.task().steps().size() + " steps from " + recording
                                + (result.clean() ? "" : "; " + result.doubts() + " (see them with validate)"));
                    }
                    if (!result.clean()) {
                        failed++;
                    }
                } catch (IOException e) {
                    progress.finish();
                    failed++;
                    String message = String.valueOf(e.getMessage());
                    // the other recordings still build; a message that names the recording already is not prefixed twice
                    err.println(prefix() + (message.startsWith(recording) ? message : recording + ": " + message));
                }
            }
        }
        if (args.flag("json")) {
            printJson(out, built);
        }
        return failed == 0 ? OK : FAILED;
    }

    private static <T> T or(T value, T fallback) {
        return value == null ? fallback : value;
    }
}
