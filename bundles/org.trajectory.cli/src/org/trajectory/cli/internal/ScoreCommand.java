package org.trajectory.cli.internal;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.QueueWorker;
import org.trajectory.scoring.ScoreOperation;
import org.trajectory.scoring.ScoringCriteria;
import org.trajectory.scoring.Weights;
import org.trajectory.vlm.Retrying;
import org.trajectory.vlm.Usage;

/** {@code score --dataset DIR}: the criteria judge the tasks that changed since they were last scored. */
final class ScoreCommand extends OptionsCommand<ScoreCommand.Options> {

    @Command(name = "score", description = "score tasks by the criteria (format gate, action validity, ...) and store the final score")
    static final class Options {
        @Mixin DatasetOptions common;
        @Mixin WorkerOptions workers;
        @Option(names = "--criteria", split = ",", paramLabel = "ID,...", description = "the criteria to run (default: all;"
                + " those needing a model only with --provider)") List<String> criteria;
        @Option(names = "--provider", paramLabel = "ID", description = "the model provider for the model-judged criteria") String provider;
        @Mixin ModelOptions model;
        @Option(names = "--concurrency", paramLabel = "N",
                description = "tasks scored at once (default: the number of cores)") int concurrency = Runtime.getRuntime().availableProcessors();
        @Option(names = "--weights", paramLabel = "ID=W,...", description = "criterion weights, over the preferred ones") String weights;
        @Option(names = "--profile", paramLabel = "FILE.json", description = "a weights profile saved from the workbench") Path profile;
        @Option(names = "--tasks", split = ",", paramLabel = "ID,...", description = "only these tasks") List<String> tasks;
        @Option(names = "--force", description = "score again tasks that are up to date") boolean force;
    }

    @Override
    List<String> notes() {
        return List.of("", "criteria: " + ScoringCriteria.get().ids(), "providers: " + ModelOptions.providerIds());
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws Exception {
        List<ScoringCriteria.Descriptor> all = ScoringCriteria.get().all();
        List<ScoringCriteria.Descriptor> chosen = new ArrayList<>();
        if (args.criteria == null) {
            all.stream().filter(c -> !c.needsModel() || args.provider != null).forEach(chosen::add);
        } else {
            for (String id : args.criteria) {
                chosen.add(ScoringCriteria.get().find(id.strip()).orElseThrow(() -> new UsageException(ScoringCriteria.get().unknown(id.strip()))));
            }
        }
        Weights weights;
        try {
            weights = args.profile != null ? Weights.load(args.profile, all) : Weights.preferred(all);
            if (args.weights != null) {
                weights = weights.with(Weights.parse(args.weights));
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Usage usage = new Usage();
        Retrying model = null;
        if (args.provider != null) {
            model = args.model.model(args.provider, usage, "");
        }
        if (args.concurrency < 1) {
            throw new UsageException("concurrency must be at least 1");
        }
        if (WorkerOptions.queued(args.common.dataset)) {
            Retrying asked = model;
            Weights weighed = weights;
            // the same settings must make the same key in every worker's JVM: the weights sorted (a Map.copyOf's order is not)
            String key = "score " + chosen.stream().map(ScoringCriteria.Descriptor::id).collect(Collectors.joining(",")) + " "
                    + new java.util.TreeMap<>(weights.byCriterion());
            try (Dataset dataset = DatasetOptions.open(args.common.dataset, err)) {
                QueueWorker worker = args.workers.worker(dataset, "score", key, true, 50, args.tasks == null ? List.of() : args.tasks,
                        (open, tasks, progress) -> new ScoreOperation(open, chosen, weighed, asked,
                                new ScoreOperation.Options(args.concurrency, args.force, tasks)).run(progress).items());
                return exitCode(execute(worker, args.common.json, model == null ? null : usage, Map.of("weights", weights.byCriterion()), out,
                        err, true));
            }
        }
        try (Dataset dataset = DatasetOptions.open(args.common.dataset, err)) {
            ScoreOperation scoring;
            try {
                scoring = new ScoreOperation(dataset, chosen, weights, model, new ScoreOperation.Options(args.concurrency, args.force, args.tasks));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            return exitCode(execute(scoring, args.common.json, model == null ? null : usage, Map.of("weights", weights.byCriterion()), out, err,
                    true));
        }
    }
}
