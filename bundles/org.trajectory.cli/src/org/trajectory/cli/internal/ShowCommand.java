package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.model.Json;
import org.trajectory.model.Task;

/** {@code show TASK_ID --dataset DIR}: the task's record, as it would be exported. */
final class ShowCommand extends OptionsCommand<ShowCommand.Options> {

    @Command(name = "show", description = "print one task's record as JSON")
    static final class Options {
        @Parameters(paramLabel = "TASK_ID", arity = "1", description = "one task id") String taskId;
        @Option(names = "--dataset", required = true, paramLabel = "DATASET", description = DatasetOptions.DESCRIPTION) DatasetAddress dataset;
        @Option(names = "--json", description = "the record on one line") boolean json;
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws IOException, SQLException {
        String taskId = args.taskId;
        Task task;
        try (Dataset dataset = DatasetOptions.open(args.dataset, err)) {
            task = dataset.read(taskId);
        }
        if (task == null) {
            err.println(prefix() + "no task '" + taskId + "' in the dataset");
            return FAILED;
        }
        out.println(args.json ? task.toJson() : Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(task.json()));
        return OK;
    }
}
