package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

import org.trajectory.builder.annotate.AnnotationRun;
import org.trajectory.builder.annotate.Annotator;
import org.trajectory.builder.annotate.ModelAnnotator;
import org.trajectory.builder.annotate.OfflineAnnotator;
import org.trajectory.dataset.Dataset;
import org.trajectory.vlm.Retrying;
import org.trajectory.vlm.Usage;
import org.trajectory.vlm.VlmException;
import org.trajectory.vlm.prompt.Prompts;
import org.trajectory.model.Json;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code annotate --dataset DIR --provider ID}: a model (or the offline annotator) writes the reasoning. */
final class AnnotateCommand extends OptionsCommand<AnnotateCommand.Options> {

    @Command(name = "annotate", description = "write each step's observation, thought, action and reflection and each task's summary with a model")
    static final class Options {
        @Mixin DatasetOptions common;
        @Option(names = "--provider", required = true, paramLabel = "ID", description = "the model provider, or offline (see below)") String provider;
        @Mixin ModelOptions model;
        @Option(names = "--concurrency", paramLabel = "N", description = "requests in flight at once (default 4)") int concurrency = 4;
        @Option(names = "--tasks", split = ",", paramLabel = "ID,ID...", description = "only these tasks") List<String> tasks;
        @Option(names = "--prompts", paramLabel = "DIR", description = "prompt templates that replace the built-in ones") Path prompts;
        @Option(names = "--no-ocr", description = "the offline annotator does not read text on screen") boolean noOcr;
    }

    @Override
    List<String> notes() {
        return List.of("", "providers: " + ModelOptions.providerIds() + "|" + OfflineAnnotator.ID);
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws UsageException, IOException, SQLException, VlmException {
        String providerId = args.provider;
        Usage usage = new Usage();
        Annotator annotator;
        String model = null;
        if (providerId.equals(OfflineAnnotator.ID)) {
            annotator = new OfflineAnnotator(!args.noOcr);
        } else {
            Prompts prompts = ModelAnnotator.prompts(args.prompts);
            Retrying retrying = args.model.model(providerId, usage, "|" + OfflineAnnotator.ID);
            model = retrying.config().model();
            annotator = new ModelAnnotator(retrying, prompts);
        }
        AnnotationRun.Report report;
        TerminalProgress progress = new TerminalProgress(err, "tasks");
        long start = System.nanoTime();
        try (Dataset dataset = DatasetOptions.open(args.common.dataset, err)) {
            report = new AnnotationRun(dataset, annotator, new AnnotationRun.Options(args.concurrency, args.tasks)).run(progress);
        } catch (VlmException e) {
            progress.finish();
            err.println(prefix() + "stopped: " + e.getMessage());
            err.println(prefix() + "used " + usage);
            return FAILED;
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        progress.finish();
        double seconds = (System.nanoTime() - start) / 1e9;
        report.failures().forEach(f -> err.println(prefix() + f));
        Map<String, Object> fields = Json.fields("provider", providerId, "model", model);
        fields.putAll(report.json());
        printResult(out, args.common.json, fields, report.summary(), model == null ? null : usage, seconds);
        return report.failed() == 0 && !report.cancelled() ? OK : FAILED;
    }
}
