package org.trajectory.cli.internal;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.QueueWorker;
import org.trajectory.recorder.replay.Environments;
import org.trajectory.recorder.replay.ReplayException;
import org.trajectory.replay.ReplayOperation;

/** {@code replay [TASK_ID...] --dataset D}: runs tasks in an environment and judges each step by the screen it leads to. */
final class ReplayCommand extends OptionsCommand<ReplayCommand.Options> {

    @Command(name = "replay", description = "run tasks step by step in a private display and check each screen against the recorded one")
    static final class Options {
        @Mixin DatasetOptions common;
        @Mixin WorkerOptions workers;
        @Parameters(paramLabel = "TASK_ID", arity = "0..*", description = "the tasks to replay (default: all)") List<String> tasks = List.of();
        @Option(names = "--environment", paramLabel = "ID", description = "where to replay (default: xvfb, a private display;"
                + " 'desktop' is your own screen: push the pointer into a corner to stop)") String environment;
        @Option(names = "--from-step", paramLabel = "N", description = "judge steps from N on (1 is the first); earlier ones are"
                + " only performed") int fromStep = 1;
    }

    @Override
    List<String> notes() {
        return List.of("", "environments: " + Environments.get().all().stream().map(e -> e.id()).collect(Collectors.joining(",")),
                "exit code 1 when a task did not replay to the end (it diverged, or could not start)");
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws Exception {
        if (args.fromStep < 1) {
            throw new UsageException("--from-step counts from 1");
        }
        if (args.environment != null) {
            try {
                Environments.get().choose(args.environment);
            } catch (ReplayException e) {
                throw new UsageException(e.getMessage()); // an environment named that is not there is a word of the command line
            }
        }
        Path work = Files.createTempDirectory("trajectory-replay");
        int code;
        try (Dataset dataset = DatasetOptions.open(args.common.dataset, err)) {
            if (WorkerOptions.queued(args.common.dataset)) {
                code = execute(args.workers.worker(dataset, "replay", "replay " + args.environment + " from " + args.fromStep, true, 1, args.tasks,
                        (open, tasks, progress) -> replayed(tasks, new ReplayOperation(open, new ReplayOperation.Options(tasks, args.environment,
                                args.fromStep - 1, work)).run(progress))), args.common.json, null, out, err);
            } else {
                ReplayOperation replay = new ReplayOperation(dataset, new ReplayOperation.Options(args.tasks, args.environment, args.fromStep - 1,
                        work));
                code = execute(replay, args.common.json, null, out, err);
            }
        }
        if (code == OK) {
            deleteTree(work); // the environments' logs matter only when something went wrong
        } else {
            err.println(prefix() + "the environments' logs (X server, window manager, each application) are in " + work);
        }
        return code;
    }

    /** A worker's batch: each task replayed (to the end or not: its verdict is stored), or failed with why it was not. */
    private static Map<String, QueueWorker.Outcome> replayed(List<String> tasks, ReplayOperation.Report report) {
        Map<String, QueueWorker.Outcome> outcomes = new LinkedHashMap<>();
        report.results().forEach(r -> outcomes.put(r.taskId(), QueueWorker.Outcome.done(r.describe())));
        if (!report.cancelled()) {
            for (String task : tasks) {
                if (!outcomes.containsKey(task)) {
                    outcomes.put(task, QueueWorker.Outcome.failed(report.problems().stream().filter(p -> p.source().equals(task))
                            .map(p -> p.message()).findFirst().orElse("not replayed")));
                }
            }
        }
        return outcomes;
    }
}
