package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import org.trajectory.dataset.DatasetAddress;
import org.trajectory.evaluation.AgentNetBench;
import org.trajectory.evaluation.EmbeddingSimilarity;
import org.trajectory.evaluation.EvaluateOperation;
import org.trajectory.evaluation.Sharingan;

/** {@code evaluate --reference R --predicted P}: how true a prediction is, by Sharingan's and AgentNetBench's metrics. */
final class EvaluateCommand extends OptionsCommand<EvaluateCommand.Options> {

    @Command(name = "evaluate", description = "compare predicted trajectories with a reference: Sharingan precision/recall and AgentNetBench step scores")
    static final class Options {
        @Option(names = "--reference", required = true, paramLabel = "DATASET|FILE.jsonl",
                description = "the trajectories taken as true (a dataset folder or server address, or a JSONL file)") DatasetAddress reference;
        @Option(names = "--predicted", required = true, paramLabel = "DATASET|FILE.jsonl",
                description = "the trajectories to judge (the same)") DatasetAddress predicted;
        @Option(names = "--metric", paramLabel = "sharingan|agentnetbench|all", description = "which metric (default all)") String metric = "all";
        @Option(names = "--threshold", paramLabel = "COSINE",
                description = "Sharingan: how alike details and contexts must be (default 0.7)") double threshold = Sharingan.DEFAULT_THRESHOLD;
        @Option(names = "--rules", paramLabel = "2026|2025",
                description = "AgentNetBench: the rules after PR #56 (default) or the original") String rules = AgentNetBench.DEFAULT.id();
        @Option(names = "--read-as", paramLabel = "pyautogui|opencua", description = "AgentNetBench: read predicted code as PyAutoGUI"
                + " runs it (default) or as OpenCUA's agent reads a model's answer, as its published numbers were made") String readAs = "pyautogui";
        @Option(names = "--mapping", paramLabel = "FILE", description = "pairs of reference and predicted task ids, one pair a line"
                + " (default: equal ids pair)") Path mapping;
        @Option(names = "--threads", paramLabel = "N",
                description = "tasks compared at once (default: the number of cores)") int threads = Runtime.getRuntime().availableProcessors();
        @Option(names = "--replay", description = "also replay each prediction from its reference task's first screen, in a"
                + " private display, and say whether it reaches the reference's final screen (the reference must be a dataset"
                + " with setups)") boolean replay;
        @Option(names = "--json", description = "print the result as JSON on stdout") boolean json;
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws Exception {
        boolean sharingan = args.metric.equals("all") || args.metric.equals("sharingan");
        boolean bench = args.metric.equals("all") || args.metric.equals("agentnetbench");
        if (!sharingan && !bench) {
            throw new UsageException("no metric '" + args.metric + "' (there are sharingan, agentnetbench and all)");
        }
        if (!(args.threshold >= -1 && args.threshold <= 1)) {
            throw new UsageException("--threshold is a cosine, between -1 and 1, not " + args.threshold);
        }
        AgentNetBench.Version version;
        AgentNetBench.Reading reading;
        try {
            version = AgentNetBench.Version.of(args.rules);
            reading = AgentNetBench.Reading.of(args.readAs);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        EvaluateOperation.Options options = new EvaluateOperation.Options(args.reference, args.predicted, mapping(args.mapping),
                sharingan ? args.threshold : null, bench ? version : null, reading, args.threads);
        Map<String, Object> replayed = args.replay ? PredictionReplay.run(args.reference, args.predicted, mapping(args.mapping), args.json, out, err)
                : Map.of();
        try (EmbeddingSimilarity similarity = sharingan ? EmbeddingSimilarity.load() : null) {
            return exitCode(execute(new EvaluateOperation(options, similarity), args.json, null, replayed, out, err, true));
        }
    }

    /** "REFERENCE_ID PREDICTED_ID" per line (spaces, a tab or a comma between); # starts a comment. */
    private static Map<String, String> mapping(Path file) throws IOException, UsageException {
        if (file == null) {
            return null;
        }
        Map<String, String> mapping = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).replaceFirst("#.*", "").strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] ids = line.split("[\\s,]+");
            if (ids.length != 2) {
                throw new UsageException(file + ":" + (i + 1) + ": expected a reference id and a predicted id, found " + ids.length + " words");
            }
            mapping.put(ids[0], ids[1]);
        }
        return mapping;
    }
}
