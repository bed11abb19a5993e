package org.trajectory.cli.internal;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.TaskFacts;
import org.trajectory.export.ExportFilter;
import org.trajectory.export.ExportOperation;
import org.trajectory.export.ExportSetting;
import org.trajectory.export.Exporters;
import org.trajectory.export.Selection;
import org.trajectory.export.Splits;

/** {@code export --dataset DIR --out PATH [--format ID] [--set NAME=VALUE]... [filters] [--split R,R,R] [--preview] [--force]}. */
final class ExportCommand extends OptionsCommand<ExportCommand.Options> {

    @Command(name = "export", description = "export a dataset, or the part of it the filters keep, in one of the exporters' formats")
    static final class Options {
        @Mixin DatasetOptions common;
        @Option(names = "--out", required = true, paramLabel = "PATH", description = "where to write: the JSONL file (agentnet, adp) or a"
                + " folder (huggingface, messages, agentnetbench), outside the dataset folder") Path out;
        @Option(names = "--format", paramLabel = "ID", defaultValue = "agentnet", description = "the exporter (default: agentnet)") String format;
        @Option(names = "--set", paramLabel = "NAME=VALUE",
                description = "an exporter setting (repeatable; see the list below)") Map<String, String> settings = new LinkedHashMap<>();
        @Option(names = "--images", paramLabel = "DIR|FILE.zip",
                description = "agentnet: where the screenshots go (default: images/ beside the JSONL)") Path images;
        @Option(names = "--no-images", description = "agentnet: write the records only") boolean noImages;
        @Option(names = "--review", split = ",", paramLabel = "STATE,...", description = "keep tasks in these review states"
                + " (new, in_review, approved, rejected, needs_fix, changed) or 'any'; default: approved, in every format") List<String> review;
        @Option(names = "--reviewer", paramLabel = "NAME", description = "keep tasks reviewed by this person") String reviewer;
        @Option(names = "--min-score", paramLabel = "S", description = "keep tasks whose final score is at least S (0-1)") Double minScore;
        @Option(names = "--max-score", paramLabel = "S", description = "keep tasks whose final score is at most S (0-1)") Double maxScore;
        @Option(names = "--os", paramLabel = "OS", description = "keep tasks of this OS") String os;
        @Option(names = "--domain", paramLabel = "DOMAIN", description = "keep tasks of this domain") String domain;
        @Option(names = "--application", paramLabel = "TEXT",
                description = "keep tasks with a step in a window whose title holds TEXT") String application;
        @Option(names = "--origin", paramLabel = "ORIGIN",
                description = "keep tasks that were recorded, extracted (from videos) or imported") String origin;
        @Option(names = "--split", paramLabel = "TRAIN,VAL,TEST", description = "train/validation/test ratios, e.g. 0.8,0.1,0.1;"
                + " near-duplicate tasks always land in the same split") String split;
        @Option(names = "--near-duplicate", paramLabel = "COSINE", defaultValue = "0.9", description = "how similar two task texts"
                + " (text embeddings, cosine) must be to count as near-duplicates (default: 0.9)") double nearDuplicate;
        @Option(names = "--preview", description = "say what would be exported (counts after filtering, splits) and write nothing") boolean preview;
        @Option(names = "--force", description = "replace existing files") boolean force;
    }

    @Override
    List<String> notes() {
        StringBuilder text = new StringBuilder("\nformats and their settings (--set NAME=VALUE):");
        for (Exporters.Descriptor exporter : Exporters.get().all()) {
            text.append("\n  ").append(exporter.id()).append(": ").append(exporter.name());
            for (ExportSetting setting : exporter.exporter().settings()) {
                text.append("\n    ").append(setting.name()).append(" (default '")
                        .append(setting.defaultValue().length() > 30 ? setting.defaultValue().substring(0, 27) + "..." : setting.defaultValue())
                        .append("')").append(setting.choices().isEmpty() ? "" : " " + String.join("|", setting.choices()))
                        .append(": ").append(setting.description());
            }
        }
        return List.of(text.toString());
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws Exception {
        Exporters.Descriptor exporter = Exporters.get().find(args.format.strip().toLowerCase(Locale.ROOT))
                .orElseThrow(() -> new UsageException("no format '" + args.format + "' (there are " + String.join(", ", ExportOperation.formats()) + ")"));
        Map<String, String> settings = new LinkedHashMap<>(args.settings);
        if (args.noImages) {
            settings.put("images", "none");
        } else if (args.images != null) {
            settings.put("images", args.images.toString());
        }
        ExportFilter filter = new ExportFilter(review(args.review), args.reviewer, args.minScore, args.maxScore, args.os, args.domain,
                args.application, origin(args.origin));
        Splits splits;
        try {
            splits = args.split == null ? null : Splits.parse(args.split, args.nearDuplicate);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        try (Dataset dataset = DatasetOptions.open(args.common.dataset, err)) {
            ExportOperation run;
            try {
                run = new ExportOperation(dataset, exporter, args.out, settings, filter, splits, args.force);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            if (args.preview) {
                Selection selection = run.preview();
                if (args.common.json) {
                    printJson(out, selection.json());
                } else {
                    out.println("would export " + selection.summary());
                }
                return OK;
            }
            return execute(run, args.common.json, null, out, err);
        }
    }

    private static Set<ReviewState> review(List<String> states) throws UsageException {
        if (states == null) {
            return null;
        }
        Set<ReviewState> chosen = EnumSet.noneOf(ReviewState.class);
        for (String state : states) {
            if (state.strip().equalsIgnoreCase("any")) {
                return Set.of();
            }
            try {
                chosen.add(ReviewState.of(state.strip()));
            } catch (IllegalArgumentException e) {
                throw new UsageException("no review state '" + state.strip() + "' (there are new, in_review, approved, rejected, needs_fix, changed, any)");
            }
        }
        return chosen;
    }

    private static TaskFacts.Origin origin(String origin) throws UsageException {
        if (origin == null) {
            return null;
        }
        try {
            return TaskFacts.Origin.valueOf(origin.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("no origin '" + origin.strip() + "' (there are recorded, extracted, imported)");
        }
    }
}
