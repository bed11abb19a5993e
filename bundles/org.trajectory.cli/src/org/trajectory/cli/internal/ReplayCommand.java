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
import org.trajectory.model.Folders;
import org.trajectory.recorder.replay.Environments;
import org.trajectory.recorder.replay.ReplayException;
import org.trajectory.recorder.replay.Programs;
import org.trajectory.recorder.replay.ReplayPolicy;
import org.trajectory.recorder.replay.Setup;
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
        @Option(names = "--allow-program", paramLabel = "NAME", description = "let replays on this machine start the program NAME"
                + " (by name, found on PATH); remembered") List<String> allowPrograms = List.of();
        @Option(names = "--approve-setup", paramLabel = "TASK_ID", description = "approve the setup of task TASK_ID as it is now (what"
                + " it starts is printed) and the programs it names; remembered until the setup changes") List<String> approveSetups = List.of();
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
            approve(dataset, args, err);
            if (WorkerOptions.queued(args.common.dataset)) {
                code = execute(args.workers.worker(dataset, "replay", "replay " + args.environment + " from " + args.fromStep, true, 1, args.tasks,
                        (open, tasks, progress) -> new ReplayOperation(open, new ReplayOperation.Options(tasks, args.environment,
                                args.fromStep - 1, work)).run(progress).items()), args.common.json, null, out, err);
            } else {
                ReplayOperation replay = new ReplayOperation(dataset, new ReplayOperation.Options(args.tasks, args.environment, args.fromStep - 1,
                        work));
                code = execute(replay, args.common.json, null, out, err);
            }
        }
        if (code == OK) {
            Folders.deleteTree(work); // the environments' logs matter only when something went wrong
        } else {
            err.println(prefix() + "the environments' logs (X server, window manager, each application) are in " + work);
        }
        return code;
    }

    /** Approvals named on the command line, each said on stderr with what it lets run. */
    private void approve(Dataset dataset, Options args, PrintStream err) throws Exception {
        ReplayPolicy.allowPrograms(args.allowPrograms);
        args.allowPrograms.forEach(name -> err.println(prefix() + "replays on this machine may start " + Programs.executable(name)));
        List<Setup> setups = new java.util.ArrayList<>();
        for (String id : args.approveSetups) {
            if (!dataset.contains(id)) {
                throw new UsageException("--approve-setup " + id + ": no such task in the dataset");
            }
            com.fasterxml.jackson.databind.JsonNode setup = dataset.draft(id).task().json().get(Setup.FIELD);
            if (setup == null || !setup.isObject()) {
                throw new UsageException("--approve-setup " + id + ": the task has no setup");
            }
            setups.add(Setup.of(setup));
            for (Setup.Application app : setups.get(setups.size() - 1).applications()) {
                err.println(prefix() + "approved for " + id + ": " + String.join(" ", app.command())
                        + (app.variables().isEmpty() ? "" : " with " + app.variables()));
            }
        }
        ReplayPolicy.approve(setups);
    }
}
