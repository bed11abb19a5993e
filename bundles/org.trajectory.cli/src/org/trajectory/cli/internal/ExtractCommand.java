package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import org.trajectory.builder.EventsComparisonOperation;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.QueueWorker;
import org.trajectory.evaluation.AgentNetBench;
import org.trajectory.extract.ExtractOperation;
import org.trajectory.extract.ExtractionMethods;
import org.trajectory.extract.ExtractionSettings;
import org.trajectory.extract.Video;
import org.trajectory.model.Json;
import org.trajectory.model.operation.Item;
import org.trajectory.vlm.Model;
import org.trajectory.vlm.ReplyCache;
import org.trajectory.vlm.Retrying;
import org.trajectory.vlm.Usage;

/** {@code extract VIDEO... --dataset DIR --method ID}: screen videos without events become trajectories. */
final class ExtractCommand extends OptionsCommand<ExtractCommand.Options> {

    @Command(name = "extract", description = "find the actions in screen videos (no input events needed) and store them as trajectories")
    static final class Options {
        @Parameters(paramLabel = "VIDEO", arity = "0..*", description = "video files (any format ffmpeg reads), or recording folders"
                + " (on a server dataset: added to its queue; none: extract what the queue holds)") List<Path> videos = List.of();
        @Mixin DatasetOptions common;
        @Mixin WorkerOptions workers;
        @Option(names = "--method", paramLabel = "ID",
                description = "how: offline (no model, the default), df or difff (a model; see below)") String method = "offline";
        @Option(names = "--task", paramLabel = "TEXT",
                description = "what the person was doing (default: VIDEO.txt beside the video, or the recording's task)") String task;
        @Option(names = "--provider", paramLabel = "ID", description = "the model provider of df and difff") String provider;
        @Mixin ModelOptions model;
        @Option(names = "--fps", paramLabel = "N", description = "frames taken a second (default: the method's, the paper 1, offline 10; a video whose frames come steadily more slowly at its own rate)") double fps;
        @Option(names = "--window", paramLabel = "N",
                description = "frames a model sees at once, 0 for all (default 10)") int window = ExtractionSettings.PAPER.window();
        @Option(names = "--overlap", paramLabel = "N",
                description = "frames two windows share (default 5)") int overlap = ExtractionSettings.PAPER.overlap();
        @Option(names = "--changed-only", description = "send the model only frames where the screen changed") boolean changedOnly;
        @Option(names = "--concurrency", paramLabel = "N",
                description = "model requests in flight at once (default 4)") int concurrency = ExtractionSettings.CONCURRENCY;
        @Option(names = "--prompts", paramLabel = "DIR", description = "prompt templates that replace the built-in ones") Path prompts;
        @Option(names = "--compare",
                description = "for recording folders: also build the trajectory from the events and compare the extraction with it"
                        + " (Sharingan, AgentNetBench)") boolean compare;
    }

    @Override
    List<String> notes() {
        return List.of("", "methods: " + ExtractionMethods.get().all().stream().map(m -> m.id() + " (" + m.name() + ")")
                .collect(Collectors.joining(", ")), "providers: " + ModelOptions.providerIds());
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws Exception {
        ExtractionMethods.Descriptor method = ExtractionMethods.get().find(args.method)
                .orElseThrow(() -> new UsageException(ExtractionMethods.get().unknown(args.method)));
        ExtractionSettings settings;
        try {
            settings = new ExtractionSettings(args.fps, args.window, args.overlap, args.changedOnly, args.concurrency);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Usage usage = new Usage();
        Retrying model = null;
        if (method.needsModel()) {
            if (args.provider == null) {
                throw new UsageException("the " + method.id() + " method asks a model: say which with --provider (" + ModelOptions.providerIds() + ")");
            }
            model = args.model.model(args.provider, usage, "");
        }
        List<ExtractOperation.Input> inputs = new ArrayList<>();
        for (Path video : args.videos) {
            inputs.add(ExtractOperation.Input.of(video, args.task));
        }
        Model asked = model == null ? null : ReplyCache.of(model);
        if (model != null) {
            long calls = 0;
            for (ExtractOperation.Input input : inputs) {
                try {
                    calls += method.method().estimateCalls(Video.probe(input.video()), settings);
                } catch (IOException unreadable) {
                    // said when the run reaches it
                }
            }
            err.println(prefix() + "at most " + calls + " model calls to " + args.provider + " (" + model.config().model()
                    + "), fewer for answers already in the reply cache");
        }
        ExtractOperation.Options options = new ExtractOperation.Options(method.id(), settings, model == null ? null : model.config().model());
        if (WorkerOptions.queued(args.common.dataset)) {
            if (args.compare) {
                throw new UsageException("--compare works on a folder dataset, not as a worker of a server's queue");
            }
            try (Dataset dataset = Dataset.openOrCreate(args.common.dataset)) {
                return exitCode(execute(worker(dataset, args, method, options, asked), args.common.json, model == null ? null : usage,
                        Json.fields("method", method.id()), out, err, true));
            }
        }
        if (inputs.isEmpty()) {
            throw new UsageException("name at least one video (only a server dataset has a queue to extract from)");
        }
        ExtractOperation.Report report;
        try (Dataset dataset = Dataset.openOrCreate(args.common.dataset)) {
            ExtractOperation extraction = new ExtractOperation(dataset, method, options, asked, args.prompts, inputs);
            report = execute(extraction, args.common.json, model == null ? null : usage, Json.fields("method", method.id()), out, err, true);
        }
        if (args.compare && report != null && !report.extracted().isEmpty()) {
            compare(args.common.dataset, report, out, err);
        }
        return exitCode(report);
    }

    /** A worker of the server dataset's extract queue: each batch's videos (or recordings' videos) extracted. */
    private static QueueWorker worker(Dataset dataset, Options args, ExtractionMethods.Descriptor method, ExtractOperation.Options options,
            Model asked) throws UsageException {
        return args.workers.worker(dataset, "extract", "extract " + options, false, 1,
                args.videos.stream().map(v -> v.toAbsolutePath().normalize().toString()).toList(), (open, videos, progress) -> {
                    Map<String, String> subjects = new LinkedHashMap<>(); // a recording folder stands for its video
                    List<ExtractOperation.Input> batch = new ArrayList<>();
                    for (String video : videos) {
                        batch.add(ExtractOperation.Input.of(Path.of(video), args.task));
                        subjects.put(batch.get(batch.size() - 1).video().toString(), video);
                    }
                    Map<String, Item> byVideo = new ExtractOperation(open, method, options, asked, args.prompts, batch).run(progress).items();
                    Map<String, Item> outcomes = new LinkedHashMap<>();
                    byVideo.forEach((video, item) -> outcomes.put(subjects.get(video), item));
                    return outcomes;
                });
    }

    /** Measures each extraction against the trajectory its recording's events build (a video outside a recording is said and skipped). */
    private void compare(DatasetAddress dataset, ExtractOperation.Report report, PrintStream out, PrintStream err) throws Exception {
        out.println();
        out.println("compared with the trajectories built from the recordings' events:");
        execute(new EventsComparisonOperation(dataset, report.taskIdsByVideo()), false, null, Map.of(), out, err, true);
    }
}
