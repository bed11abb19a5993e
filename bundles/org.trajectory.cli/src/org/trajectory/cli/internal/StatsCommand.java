package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetStats;

/** {@code stats --dataset DIR}: counts, steps per task, action types, domains, review states. */
final class StatsCommand extends OptionsCommand<StatsCommand.Options> {

    @Command(name = "stats", description = "show counts, steps per task, action types, domains and review states of a dataset")
    static final class Options {
        @Mixin DatasetOptions common;
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws IOException, SQLException {
        DatasetStats stats = args.common.read(Dataset::stats, err);
        if (args.common.json) {
            printJson(out, stats);
            return OK;
        }
        out.printf(Locale.ROOT, "tasks   %d%nsteps   %d (per task: min %d, mean %.1f, max %d)%nimages  %d (%.1f MB, each stored once)%n",
                stats.tasks(), stats.steps(), stats.minSteps(), stats.meanSteps(), stats.maxSteps(), stats.images(),
                stats.imageBytes() / 1048576.0);
        section(out, "action types", stats.actionTypes());
        section(out, "domains", stats.domains());
        section(out, "operating systems", stats.oses());
        section(out, "review", stats.reviews());
        return OK;
    }

    private static void section(PrintStream out, String title, Map<?, Long> counts) {
        out.println(title + ":");
        counts.forEach((key, count) -> out.printf(Locale.ROOT, "  %-20s %d%n", key instanceof Enum<?> e ? e.name().toLowerCase(Locale.ROOT) : key, count));
    }
}
