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

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetValidator;
import org.trajectory.dataset.Problem;

/** {@code validate --dataset DIR}: every action-language error and missing image, per task and step. */
final class ValidateCommand extends OptionsCommand {

    ValidateCommand() {
        super(Set.of("dataset"), Set.of("json"));
    }

    @Override
    public String name() {
        return "validate";
    }

    @Override
    public String summary() {
        return "list every code error and missing image of a dataset, per task and step";
    }

    @Override
    public String usage() {
        return "--dataset DIR [--json]";
    }

    @Override
    int run(Arguments args, PrintStream out, PrintStream err) throws Arguments.UsageException, IOException, SQLException {
        args.positionals(0, 0, "no positional arguments");
        boolean json = args.flag("json");
        List<Map<String, Object>> found = new ArrayList<>();
        TerminalProgress progress = new TerminalProgress(err, "steps");
        long count;
        try (Dataset dataset = Dataset.open(Path.of(args.required("dataset")))) {
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
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("task_id", problem.source());
        json.put("step", problem.step());
        json.put("message", problem.message());
        return json;
    }
}
