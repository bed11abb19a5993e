package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.trajectory.dataset.Dataset;
import org.trajectory.scoring.ScoringCriteria;
import org.trajectory.scoring.ScoringRun;
import org.trajectory.scoring.Weights;
import org.trajectory.vlm.Retrying;
import org.trajectory.vlm.Usage;
import org.trajectory.vlm.VlmException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code score --dataset DIR}: the criteria judge the tasks that changed since they were last scored. */
final class ScoreCommand extends OptionsCommand<ScoreCommand.Options> {

    @Command(name = "score", description = "score tasks by the criteria (format gate, action validity, ...) and store the final score")
    static final class Options {
        @Mixin DatasetOptions common;
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
        return List.of("", "criteria: " + ids(), "providers: " + ModelOptions.providerIds());
    }

    private static String ids() {
        return ScoringCriteria.get().all().stream().map(ScoringCriteria.Descriptor::id).collect(Collectors.joining(","));
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws UsageException, IOException, SQLException, VlmException {
        List<ScoringCriteria.Descriptor> all = ScoringCriteria.get().all();
        List<ScoringCriteria.Descriptor> chosen = new ArrayList<>();
        if (args.criteria == null) {
            all.stream().filter(c -> !c.needsModel() || args.provider != null).forEach(chosen::add);
        } else {
            for (String id : args.criteria) {
                chosen.add(ScoringCriteria.get().find(id.strip())
                        .orElseThrow(() -> new UsageException("no criterion '" + id.strip() + "' (there are " + ids() + ")")));
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
        ScoringRun.Report report;
        TerminalProgress progress = new TerminalProgress(err, "tasks");
        long start = System.nanoTime();
        try (Dataset dataset = DatasetOptions.open(args.common.dataset, err)) {
            report = new ScoringRun(dataset, chosen, weights, model, new ScoringRun.Options(args.concurrency, args.force, args.tasks))
                    .run(progress);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println(prefix() + "interrupted");
            return FAILED;
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        progress.finish();
        double seconds = (System.nanoTime() - start) / 1e9;
        report.skippedCriteria().forEach(s -> err.println(prefix() + "skipped " + s));
        report.errors().forEach(p -> err.println(prefix() + p));
        Map<String, Object> fields = report.json();
        fields.put("weights", weights.byCriterion());
        printResult(out, args.common.json, fields, report.summary(), model == null ? null : usage, seconds);
        return report.criterionErrors() == 0 && !report.cancelled() ? OK : FAILED;
    }
}
