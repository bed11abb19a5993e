package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.dataset.TaskRow;

/** {@code list --dataset DIR [filters] [--sort COLUMN] [--desc] [--limit N] [--offset N]}. */
final class ListCommand extends OptionsCommand {

    ListCommand() {
        super(Set.of("dataset", "filter", "domain", "os", "review", "min-steps", "max-steps", "sort", "limit", "offset"),
                Set.of("json", "desc", "timing"));
    }

    @Override
    public String name() {
        return "list";
    }

    @Override
    public String summary() {
        return "list the tasks of a dataset, filtered and sorted";
    }

    @Override
    public String usage() {
        return "--dataset DIR [--filter TEXT] [--domain D] [--os OS] [--review STATE] [--min-steps N] [--max-steps N]"
                + " [--sort task|domain|os|steps|score|review] [--desc] [--limit N (default 50)] [--offset N] [--json]"
                + " [--timing (how long opening and the query took, on stderr)]";
    }

    @Override
    int run(Arguments args, PrintStream out, PrintStream err) throws Arguments.UsageException, IOException, SQLException {
        args.positionals(0, 0, "no positional arguments");
        TaskQuery query = TaskQuery.ALL.withText(args.option("filter")).withDomain(args.option("domain")).withOs(args.option("os"))
                .withSteps(args.integer("min-steps"), args.integer("max-steps"));
        try {
            if (args.option("review") != null) {
                query = query.withReview(ReviewState.of(args.option("review")));
            }
            if (args.option("sort") != null) {
                query = query.sortedBy(TaskQuery.Column.valueOf(args.option("sort").toUpperCase(Locale.ROOT)), !args.flag("desc"));
            } else if (args.flag("desc")) {
                query = query.sortedBy(TaskQuery.Column.ORDER, false);
            }
        } catch (IllegalArgumentException e) {
            throw new Arguments.UsageException("unknown --review or --sort value");
        }
        int limit = args.integer("limit") == null ? 50 : args.integer("limit");
        int offset = args.integer("offset") == null ? 0 : args.integer("offset");
        List<TaskRow> rows;
        long count;
        long start = System.nanoTime();
        long opened;
        try (Dataset dataset = Dataset.open(Path.of(args.required("dataset")))) {
            opened = System.nanoTime();
            count = dataset.count(query);
            rows = dataset.page(query, offset, limit);
        }
        long done = System.nanoTime();
        if (args.flag("timing")) {
            err.printf(Locale.ROOT, "open %.1f ms, count + page %.1f ms%n", (opened - start) / 1e6, (done - opened) / 1e6);
        }
        if (args.flag("json")) {
            printJson(out, rows);
            return OK;
        }
        for (TaskRow row : rows) {
            out.printf(Locale.ROOT, "%-38s %3d steps  %-10s %-8s %-9s %s%n", row.taskId(), row.steps(), nullable(row.domain()),
                    nullable(row.os()), row.review().id(), abbreviate(row.instruction()));
        }
        err.println(rows.size() + " of " + count + " tasks shown");
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
