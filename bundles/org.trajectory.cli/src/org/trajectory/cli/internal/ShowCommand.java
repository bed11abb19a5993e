package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Set;

import org.trajectory.dataset.Dataset;
import org.trajectory.model.Json;
import org.trajectory.model.Task;

/** {@code show TASK_ID --dataset DIR}: the task's record, as it would be exported. */
final class ShowCommand extends OptionsCommand {

    ShowCommand() {
        super(Set.of("dataset"), Set.of("json"));
    }

    @Override
    public String name() {
        return "show";
    }

    @Override
    public String summary() {
        return "print one task's record as JSON";
    }

    @Override
    public String usage() {
        return "TASK_ID --dataset DIR [--json (one line)]";
    }

    @Override
    int run(Arguments args, PrintStream out, PrintStream err) throws Arguments.UsageException, IOException, SQLException {
        String taskId = args.positionals(1, 1, "one task id").get(0);
        Task task;
        try (Dataset dataset = Dataset.open(Path.of(args.required("dataset")))) {
            task = dataset.read(taskId);
        }
        if (task == null) {
            err.println(prefix() + "no task '" + taskId + "' in the dataset");
            return FAILED;
        }
        out.println(args.flag("json") ? task.toJson() : Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(task.json()));
        return OK;
    }
}
