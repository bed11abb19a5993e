package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.dataset.TaskRow;
import org.trajectory.model.Words;

/** {@code list --dataset DIR [filters] [--sort COLUMN] [--desc] [--limit N] [--offset N]}. */
final class ListCommand extends OptionsCommand<ListCommand.Options> {

    @Command(name = "list", description = "list the tasks of a dataset, filtered and sorted")
    static final class Options {
        @Mixin DatasetOptions common;
        @Option(names = "--filter", paramLabel = "TEXT", description = "tasks whose id or instruction contains the text") String filter;
        @Option(names = "--domain", paramLabel = "D", description = "tasks of that domain") String domain;
        @Option(names = "--os", paramLabel = "OS", description = "tasks recorded on that operating system") String os;
        @Option(names = "--review", paramLabel = "STATE",
                description = "tasks in that review state (new, in-review, approved, rejected, needs-fix)") String review;
        @Option(names = "--min-steps", paramLabel = "N", description = "tasks with at least N steps") Integer minSteps;
        @Option(names = "--max-steps", paramLabel = "N", description = "tasks with at most N steps") Integer maxSteps;
        @Option(names = "--extracted", description = "only tasks extracted from videos (sort them with --sort confidence)") boolean extracted;
        @Option(names = "--sort", paramLabel = "task|domain|os|steps|score|review|confidence|replay|personal_data", description = "the column to sort by (personal_data: the findings not reviewed yet)") String sort;
        @Option(names = "--desc", description = "largest first") boolean descending;
        @Option(names = "--limit", paramLabel = "N", description = "at most N tasks (default 50)") int limit = 50;
        @Option(names = "--offset", paramLabel = "N", description = "skip the first N tasks") int offset;
        @Option(names = "--timing", description = "how long opening and the query took, on stderr") boolean timing;
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws UsageException, IOException, SQLException {
        TaskQuery query = TaskQuery.ALL.withText(args.filter).withDomain(args.domain).withOs(args.os)
                .withSteps(args.minSteps, args.maxSteps).withExtracted(args.extracted ? true : null);
        try {
            if (args.review != null) {
                query = query.withReview(ReviewState.of(args.review));
            }
            if (args.sort != null) {
                query = query.sortedBy(TaskQuery.Column.valueOf(args.sort.toUpperCase(Locale.ROOT)), !args.descending);
            } else if (args.descending) {
                query = query.sortedBy(TaskQuery.Column.ORDER, false);
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException("unknown --review or --sort value");
        }
        List<TaskRow> rows;
        long count;
        long start = System.nanoTime();
        long opened;
        try (Dataset dataset = DatasetOptions.open(args.common.dataset, err)) {
            opened = System.nanoTime();
            count = dataset.count(query);
            rows = dataset.page(query, args.offset, args.limit);
        }
        long done = System.nanoTime();
        if (args.timing) {
            err.printf(Locale.ROOT, "open %.1f ms, count + page %.1f ms%n", (opened - start) / 1e6, (done - opened) / 1e6);
        }
        if (args.common.json) {
            printJson(out, rows);
            return OK;
        }
        for (TaskRow row : rows) {
            out.printf(Locale.ROOT, "%-38s %3d steps  %-10s %-8s %-9s %s%n", row.taskId(), row.steps(), nullable(row.domain()),
                    nullable(row.os()), row.review().id(), abbreviate(row.instruction()));
        }
        err.println(rows.size() + " of " + Words.count(count, "task") + " shown");
        return OK;
    }

    private static String nullable(String text) {
        return text == null ? "-" : text;
    }

    private static String abbreviate(String text) {
        String line = text.replaceAll("\\s+", " ");
        return line.length() > 80 ? line.substring(0, 79) + "…" : line;
    }
}
