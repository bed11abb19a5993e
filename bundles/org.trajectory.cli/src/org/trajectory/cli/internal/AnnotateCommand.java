package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.trajectory.builder.annotate.AnnotationRun;
import org.trajectory.builder.annotate.Annotator;
import org.trajectory.builder.annotate.ModelAnnotator;
import org.trajectory.builder.annotate.OfflineAnnotator;
import org.trajectory.dataset.Dataset;
import org.trajectory.vlm.Retrying;
import org.trajectory.vlm.Usage;
import org.trajectory.vlm.VlmException;
import org.trajectory.vlm.prompt.Prompts;

/** {@code annotate --dataset DIR --provider ID}: a model (or the offline annotator) writes the reasoning. */
final class AnnotateCommand extends OptionsCommand {

    AnnotateCommand() {
        super(Set.of("dataset", "provider", "model", "base-url", "concurrency", "timeout", "tasks", "prompts"),
                Set.of("json", "no-ocr"));
    }

    @Override
    public String name() {
        return "annotate";
    }

    @Override
    public String summary() {
        return "write each step's observation, thought, action and reflection and each task's summary with a model";
    }

    @Override
    public String usage() {
        return "--dataset DIR --provider " + providerIds() + " " + ModelOptions.USAGE + " [--concurrency N (4)]"
                + " [--tasks ID,ID...] [--prompts DIR] [--no-ocr] [--json]";
    }

    private static String providerIds() {
        return ModelOptions.providerIds() + "|" + OfflineAnnotator.ID;
    }

    @Override
    int run(Arguments args, PrintStream out, PrintStream err) throws Arguments.UsageException, IOException, SQLException {
        String providerId = args.required("provider");
        int concurrency = args.integer("concurrency") == null ? 4 : args.integer("concurrency");
        Usage usage = new Usage();
        Annotator annotator;
        String model = null;
        if (providerId.equals(OfflineAnnotator.ID)) {
            annotator = new OfflineAnnotator(!args.flag("no-ocr"));
        } else {
            Prompts prompts = ModelAnnotator.prompts(args.path("prompts"));
            try {
                Retrying retrying = ModelOptions.model(providerId, args, usage);
                model = retrying.config().model();
                annotator = new ModelAnnotator(retrying, prompts);
            } catch (VlmException e) {
                err.println(prefix() + e.getMessage());
                return FAILED;
            }
        }
        List<String> tasks = args.option("tasks") == null ? null : List.of(args.option("tasks").split(","));
        AnnotationRun.Report report;
        TerminalProgress progress = new TerminalProgress(err, "tasks");
        long start = System.nanoTime();
        try (Dataset dataset = Dataset.open(Path.of(args.required("dataset")))) {
            report = new AnnotationRun(dataset, annotator, new AnnotationRun.Options(concurrency, tasks)).run(progress);
        } catch (VlmException e) {
            progress.finish();
            err.println(prefix() + "stopped: " + e.getMessage());
            err.println(prefix() + "used " + usage);
            return FAILED;
        } catch (IllegalArgumentException e) {
            throw new Arguments.UsageException(e.getMessage());
        }
        progress.finish();
        double seconds = (System.nanoTime() - start) / 1e9;
        report.failures().forEach(f -> err.println(prefix() + f));
        if (args.flag("json")) {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("provider", providerId);
            json.put("model", model);
            json.put("tasks", report.tasks());
            json.put("steps_described", report.described());
            json.put("steps_reflected", report.reflected());
            json.put("tasks_summarized", report.summarized());
            json.put("skipped", report.skipped());
            json.put("failed", report.failed());
            json.put("requests", usage.requests());
            json.put("retries", usage.retries());
            json.put("input_tokens", usage.inputTokens());
            json.put("output_tokens", usage.outputTokens());
            json.put("cost_usd", usage.cost());
            json.put("seconds", seconds);
            printJson(out, json);
        } else {
            out.printf(java.util.Locale.ROOT, "annotated %d tasks: %d steps described, %d reflected, %d tasks summarized, %d already done,"
                    + " %d failed, in %.1f s%n", report.tasks(), report.described(), report.reflected(), report.summarized(),
                    report.skipped(), report.failed(), seconds);
            if (model != null) {
                out.println("usage: " + usage);
            }
        }
        return report.failed() == 0 && !report.cancelled() ? OK : FAILED;
    }
}
