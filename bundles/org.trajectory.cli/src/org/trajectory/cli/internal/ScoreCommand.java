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
import java.util.stream.Collectors;

import org.trajectory.dataset.Dataset;
import org.trajectory.scoring.ScoringCriteria;
import org.trajectory.scoring.ScoringRun;
import org.trajectory.scoring.Weights;
import org.trajectory.vlm.Retrying;
import org.trajectory.vlm.Usage;
import org.trajectory.vlm.VlmException;

/** {@code score --dataset DIR}: the criteria judge the tasks that changed since they were last scored. */
final class ScoreCommand extends OptionsCommand {

    ScoreCommand() {
        super(Set.of("dataset", "criteria", "provider", "model", "base-url", "timeout", "concurrency", "weights", "profile", "tasks"),
                Set.of("json", "force"));
    }

    @Override
    public String name() {
        return "score";
    }

    @Override
    public String summary() {
        return "score tasks by the criteria (format gate, action validity, ...) and store the final score";
    }

    @Override
    public String usage() {
        return "--dataset DIR [--criteria " + ids() + " (default: all; those needing a model only with --provider)]"
                + " [--provider " + ModelOptions.providerIds() + " " + ModelOptions.USAGE + "] [--concurrency N (cores)]"
                + " [--weights ID=W,...] [--profile FILE.json] [--tasks ID,...] [--force] [--json]";
    }

    private static String ids() {
        return ScoringCriteria.get().all().stream().map(ScoringCriteria.Descriptor::id).collect(Collectors.joining(","));
    }

    @Override
    int run(Arguments args, PrintStream out, PrintStream err) throws Arguments.UsageException, IOException, SQLException {
        List<ScoringCriteria.Descriptor> all = ScoringCriteria.get().all();
        List<ScoringCriteria.Descriptor> chosen = new ArrayList<>();
        if (args.option("criteria") == null) {
            all.stream().filter(c -> !c.needsModel() || args.option("provider") != null).forEach(chosen::add);
        } else {
            for (String id : args.option("criteria").split(",")) {
                chosen.add(ScoringCriteria.get().find(id.strip())
                        .orElseThrow(() -> new Arguments.UsageException("no criterion '" + id.strip() + "' (there are " + ids() + ")")));
            }
        }
        Weights weights;
        try {
            weights = args.path("profile") != null ? Weights.load(args.path("profile"), all) : Weights.preferred(all);
            if (args.option("weights") != null) {
                weights = weights.with(Weights.parse(args.option("weights")));
            }
        } catch (IllegalArgumentException e) {
            throw new Arguments.UsageException(e.getMessage());
        }
        Usage usage = new Usage();
        Retrying model = null;
        if (args.option("provider") != null) {
            try {
                model = ModelOptions.model(args.option("provider"), args, usage);
            } catch (VlmException e) {
                err.println(prefix() + e.getMessage());
                return FAILED;
            }
        }
        int concurrency = args.integer("concurrency") == null ? Runtime.getRuntime().availableProcessors() : args.integer("concurrency");
        List<String> tasks = args.option("tasks") == null ? null : List.of(args.option("tasks").split(","));
        ScoringRun.Report report;
        TerminalProgress progress = new TerminalProgress(err, "tasks");
        long start = System.nanoTime();
        try (Dataset dataset = Dataset.open(Path.of(args.required("dataset")))) {
            report = new ScoringRun(dataset, chosen, weights, model, new ScoringRun.Options(concurrency, args.flag("force"), tasks))
                    .run(progress);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println(prefix() + "interrupted");
            return FAILED;
        } catch (IllegalArgumentException e) {
            throw new Arguments.UsageException(e.getMessage());
        }
        progress.finish();
        double seconds = (System.nanoTime() - start) / 1e9;
        report.skippedCriteria().forEach(s -> err.println(prefix() + "skipped " + s));
        report.errors().forEach(p -> err.println(prefix() + p));
        if (args.flag("json")) {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("criteria", chosen.stream().map(ScoringCriteria.Descriptor::id).toList());
            json.put("weights", weights.byCriterion());
            json.put("tasks", report.tasks());
            json.put("scored", report.scored());
            json.put("up_to_date", report.upToDate());
            json.put("criterion_errors", report.criterionErrors());
            json.put("skipped_criteria", report.skippedCriteria());
            json.put("requests", usage.requests());
            json.put("input_tokens", usage.inputTokens());
            json.put("output_tokens", usage.outputTokens());
            json.put("cost_usd", usage.cost());
            json.put("seconds", seconds);
            printJson(out, json);
        } else {
            out.printf(java.util.Locale.ROOT, "scored %d tasks by %s, %d already up to date, %d criterion errors, in %.1f s%n",
                    report.scored(), chosen.stream().map(ScoringCriteria.Descriptor::id).collect(Collectors.joining(", ")),
                    report.upToDate(), report.criterionErrors(), seconds);
            if (model != null) {
                out.println("usage: " + usage);
            }
        }
        return report.criterionErrors() == 0 && !report.cancelled() ? OK : FAILED;
    }
}
