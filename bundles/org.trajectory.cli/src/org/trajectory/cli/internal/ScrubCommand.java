package org.trajectory.cli.internal;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.StoredScrub;
import org.trajectory.model.Json;
import org.trajectory.scrub.Detector;
import org.trajectory.scrub.Detectors;
import org.trajectory.scrub.ScrubOperation;
import org.trajectory.scrub.ScrubPreferences;
import org.trajectory.screentext.ScreenTexts;

/** {@code scrub [TASK_ID...] --dataset D}: finds personal data in texts and screenshots and proposes it for review. */
final class ScrubCommand extends OptionsCommand<ScrubCommand.Options> {

    @Command(name = "scrub", description = "find personal data in every text and screenshot (OCR) and propose it for review;"
            + " exports to the Hub redact what is kept")
    static final class Options {
        @Mixin DatasetOptions common;
        @Parameters(paramLabel = "TASK_ID", arity = "0..*", description = "the tasks to scrub (default: all)") List<String> tasks = List.of();
        @Option(names = "--detectors", split = ",", paramLabel = "ID", description = "the detectors to run (default: all)") List<String> detectors = List.of();
        @Option(names = "--identifier", paramLabel = "TEXT", description = "a name, e-mail address or handle of the contributor,"
                + " looked for everywhere (repeatable; your user and host names, and those listed in Window > Preferences >"
                + " Personal Data, are always looked for)") List<String> identifiers = List.of();
        @Option(names = "--region", paramLabel = "CC", description = "the country whose national phone formats are read (ISO code;"
                + " default: the one set in the preferences, else this machine's)") String region;
        @Option(names = "--texts-only", description = "do not read the screenshots") boolean textsOnly;
        @Option(names = "--again", description = "scrub tasks unchanged since their last scrub too") boolean again;
        @Option(names = "--reader", paramLabel = "ID", description = "the screen text reader that reads the screenshots"
                + " (default: the one chosen in Window > Preferences > Screen Text, else tesseract)") String reader;
        @Option(names = "--list", description = "list what earlier scrubs found and its review, scrub nothing") boolean list;
    }

    @Override
    List<String> notes() {
        return List.of("", "detectors: " + Detectors.get().all().stream().map(d -> d.id()).collect(Collectors.joining(",")),
                "readers: " + ScreenTexts.get().all().stream().map(d -> d.id()).collect(Collectors.joining(",")),
                "a stopped scrub goes on where it stopped: tasks unchanged since their last scrub are skipped");
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws Exception {
        try {
            Detectors.get().select(args.detectors);
            if (args.reader != null) {
                ScreenTexts.get().reader(args.reader);
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (args.region != null && !args.region.matches("[A-Za-z]{2}")) {
            throw new UsageException("--region takes a two-letter country code (US, DE, GB...), not '" + args.region + "'");
        }
        try (Dataset dataset = DatasetOptions.open(args.common.dataset, err)) {
            if (args.list) {
                return list(dataset, args.tasks, args.common.json, out);
            }
            Detector.Context context = ScrubPreferences.context(args.identifiers, args.region);
            return execute(new ScrubOperation(dataset, new ScrubOperation.Options(args.tasks, args.detectors, context, !args.textsOnly, args.again,
                    args.reader)),
                    args.common.json, null, out, err);
        }
    }

    /** Each finding of the tasks asked for (all: every scrubbed task), a line each, or as JSON (task id to its scrub). */
    private static int list(Dataset dataset, List<String> tasks, boolean json, PrintStream out) throws Exception {
        Map<String, StoredScrub> scrubs = new java.util.LinkedHashMap<>(dataset.scrubs().all());
        scrubs.keySet().removeIf(id -> !tasks.isEmpty() && !tasks.contains(id));
        if (json) {
            out.println(Json.MAPPER.writeValueAsString(scrubs));
            return OK;
        }
        for (Map.Entry<String, StoredScrub> scrub : scrubs.entrySet()) {
            out.println(scrub.getKey() + ": " + scrub.getValue().describe());
            for (StoredScrub.Finding finding : scrub.getValue().findings()) {
                out.println("  " + finding.describe() + " [" + finding.state() + "]");
            }
        }
        return OK;
    }
}
