package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetValidator;
import org.trajectory.dataset.Problem;
import org.trajectory.model.Json;

/** {@code validate --dataset DIR}: every action-language error and missing image, per task and step. */
final class ValidateCommand extends OptionsCommand<ValidateCommand.Options> {

    @Command(name = "validate", description = "list every code error and missing image of a dataset, per task and step")
    static final class Options {
        @Mixin DatasetOptions common;
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws IOException, SQLException {
        boolean json = args.common.json;
        List<Map<String, Object>> found = new ArrayList<>();
        TerminalProgress progress = new TerminalProgress(err, "steps");
        long count;
        try (Dataset dataset = DatasetOptions.open(args.common.dataset, err)) {
            count = DatasetValidator.run(dataset, progress, problem -> {
                if (json) {
                    found.add(asJson(problem));
                } else {
                    out.println(problem);
                }
            });
        }
        progress.finish();
        if (json) {
            printJson(out, found);
        } else {
            out.println(count == 0 ? "no problems" : count + " problems");
        }
        return count == 0 ? OK : FAILED;
    }

    private static Map<String, Object> asJson(Problem problem) {
        return Json.fields("task_id", problem.source(), "step", problem.step(), "message", problem.message());
    }
}
