package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ImageSource;
import org.trajectory.dataset.ImportReport;
import org.trajectory.dataset.JsonlImport;
import org.trajectory.dataset.Problem;

/** {@code import FILE.jsonl --dataset DIR [--images DIR|ZIP]}. */
final class ImportCommand extends OptionsCommand<ImportCommand.Options> {

    @Command(name = "import", description = "import an AgentNet JSONL file and its images into a dataset (created if missing)")
    static final class Options {
        @Parameters(paramLabel = "FILE.jsonl", arity = "1", description = "one JSONL file") Path jsonl;
        @Mixin DatasetOptions common;
        @Option(names = "--images", paramLabel = "DIR|ZIP",
                description = "where the screenshots are (default: images/ beside the JSONL)") Path images;
        @Option(names = "--no-images", description = "import the records without their images") boolean noImages;
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws IOException, SQLException {
        Path jsonl = args.jsonl;
        JsonlImport.requireFile(jsonl);
        Path imagesPath = args.images;
        if (imagesPath == null && Files.isDirectory(jsonl.toAbsolutePath().resolveSibling("images"))) {
            imagesPath = jsonl.toAbsolutePath().resolveSibling("images"); // the AgentNet layout: images/ beside the JSONL
        }
        if (args.noImages) {
            imagesPath = null;
        } else if (imagesPath == null) {
            err.println(prefix() + "no images folder beside the file and no --images: importing the records without their images");
        }
        TerminalProgress progress = new TerminalProgress(err, "B");
        long start = System.nanoTime();
        ImportReport report;
        try (Dataset dataset = Dataset.openOrCreate(args.common.dataset);
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
        if (args.common.json) {
            Map<String, Object> json = report.json();
            json.put("seconds", seconds);
            printJson(out, json);
        } else {
            out.println(report.summary() + String.format(Locale.ROOT, ", in %.1f s (%.1f MB/s)", seconds, report.bytes() / seconds / 1048576));
        }
        return report.problemCount() == 0 ? OK : FAILED;
    }
}
