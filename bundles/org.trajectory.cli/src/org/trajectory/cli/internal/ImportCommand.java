package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ImageSource;
import org.trajectory.dataset.ImportReport;
import org.trajectory.dataset.JsonlImport;
import org.trajectory.dataset.Problem;

/** {@code import FILE.jsonl --dataset DIR [--images DIR|ZIP]}. */
final class ImportCommand extends OptionsCommand {

    ImportCommand() {
        super(Set.of("dataset", "images"), Set.of("json", "no-images"));
    }

    @Override
    public String name() {
        return "import";
    }

    @Override
    public String summary() {
        return "import an AgentNet JSONL file and its images into a dataset (created if missing)";
    }

    @Override
    public String usage() {
        return "FILE.jsonl --dataset DIR [--images DIR|ZIP (default: images/ beside the JSONL)] [--no-images] [--json]";
    }

    @Override
    int run(Arguments args, PrintStream out, PrintStream err) throws Arguments.UsageException, IOException, SQLException {
        Path jsonl = Path.of(args.positionals(1, 1, "one JSONL file").get(0));
        Path imagesPath = args.path("images");
        if (imagesPath == null && Files.isDirectory(jsonl.toAbsolutePath().resolveSibling("images"))) {
            imagesPath = jsonl.toAbsolutePath().resolveSibling("images"); // the AgentNet layout: images/ beside the JSONL
        }
        if (args.flag("no-images")) {
            imagesPath = null;
        } else if (imagesPath == null) {
            err.println(prefix() + "no images folder beside the file and no --images: importing the records without their images");
        }
        TerminalProgress progress = new TerminalProgress(err, "B");
        long start = System.nanoTime();
        ImportReport report;
        try (Dataset dataset = Dataset.openOrCreate(Path.of(args.required("dataset")));
                ImageSource images = imagesPath == null ? ImageSource.none() : ImageSource.open(imagesPath)) {
            report = new JsonlImport(dataset, jsonl, images).run(progress);
        }
        progress.finish();
        double seconds = (System.nanoTime() - start) / 1e9;
        for (Problem problem : report.problems()) {
            err.println(problem);
        }
        if (report.problemCount() > report.problems().size()) {
            err.println("... and " + (report.problemCount() - report.problems().size()) + " more problems");
        }
        if (args.flag("json")) {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("imported", report.imported());
            json.put("already_present", report.alreadyPresent());
            json.put("skipped", report.skipped());
            json.put("problems", report.problemCount());
            json.put("bytes", report.bytes());
            json.put("seconds", seconds);
            printJson(out, json);
        } else {
            out.println("imported " + report.imported() + " tasks, " + report.alreadyPresent() + " already in the dataset, "
                    + report.skipped() + " lines skipped, " + report.problemCount() + " problems, in "
                    + String.format(Locale.ROOT, "%.1f s (%.1f MB/s)", seconds, report.bytes() / seconds / 1048576));
        }
        return report.problemCount() == 0 ? OK : FAILED;
    }
}
