package org.trajectory.cli.internal;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import org.trajectory.builder.annotate.AnnotateOperation;
import org.trajectory.builder.annotate.Annotator;
import org.trajectory.builder.annotate.ModelAnnotator;
import org.trajectory.builder.annotate.OfflineAnnotator;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.QueueWorker;
import org.trajectory.model.operation.Progress;
import org.trajectory.model.Json;
import org.trajectory.vlm.Retrying;
import org.trajectory.vlm.Usage;
import org.trajectory.vlm.prompt.Prompts;

/** {@code annotate --dataset DIR --provider ID}: a model (or the offline annotator) writes the reasoning. */
final class AnnotateCommand extends OptionsCommand<AnnotateCommand.Options> {

    @Command(name = "annotate", description = "write each step's observation, thought, action and reflection and each task's summary with a model")
    static final class Options {
        @Mixin DatasetOptions common;
        @Mixin WorkerOptions workers;
        @Option(names = "--provider", required = true, paramLabel = "ID", description = "the model provider, or offline (see below)") String provider;
        @Mixin ModelOptions model;
        @Option(names = "--concurrency", paramLabel = "N", description = "requests in flight at once (default 4)") int concurrency = 4;
        @Option(names = "--tasks", split = ",", paramLabel = "ID,ID...", description = "only these tasks") List<String> tasks;
        @Option(names = "--include-reviewed", description = "also the tasks a reviewer approved or rejected (each one changed goes back to review);"
                + " without it they are left as they are") boolean includeReviewed;
        @Option(names = "--prompts", paramLabel = "DIR", description = "prompt templates that replace the built-in ones") Path prompts;
        @Option(names = "--no-ocr", description = "the offline annotator does not read text on screen") boolean noOcr;
    }

    @Override
    List<String> notes() {
        return List.of("", "providers: " + ModelOptions.providerIds() + "|" + OfflineAnnotator.ID);
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws Exception {
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
        if (args.concurrency < 1) {
            throw new UsageException("concurrency must be at least 1");
        }
        if (WorkerOptions.queued(args.common.dataset)) {
            try (Dataset dataset = DatasetOptions.open(args.common.dataset, err)) {
                QueueWorker worker = args.workers.worker(dataset, "annotate", "annotate " + providerId + " " + model
                        + (args.includeReviewed ? " with reviewed" : ""), true, 1, // a task left as reviewed is done again when told
                        args.tasks == null ? List.of() : args.tasks,
                        (open, tasks, progress) -> new AnnotateOperation(open, annotator, new AnnotateOperation.Options(args.concurrency, tasks,
                                args.includeReviewed)).run(progress).items());
                return exitCode(execute(worker, args.common.json, model == null ? null : usage, Json.fields("provider", providerId, "model", model),
                        out, err, true));
            }
        }
        try (Dataset dataset = DatasetOptions.open(args.common.dataset, err)) {
            AnnotateOperation annotation;
            try {
                annotation = new AnnotateOperation(dataset, annotator, new AnnotateOperation.Options(args.concurrency, args.tasks,
                        args.includeReviewed));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            return exitCode(execute(annotation, args.common.json, model == null ? null : usage, Json.fields("provider", providerId, "model",
                    model), out, err, true));
        }
    }
}
