package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ExportReport;
import org.trajectory.dataset.JsonlExport;
import org.trajectory.dataset.Problem;

/** {@code export --dataset DIR --out FILE.jsonl [--images DIR|ZIP] [--no-images] [--force]}. */
final class ExportCommand extends OptionsCommand<ExportCommand.Options> {

    @Command(name = "export", description = "export a dataset as AgentNet JSONL with its images (a folder, or a .zip)")
    static final class Options {
        @Mixin
        DatasetOptions common;

        @Option(names = "--out", required = true, paramLabel = "FILE.jsonl", description = "the JSONL file to write, outside the dataset folder")
        Path out;

        @Option(names = "--images", paramLabel = "DIR|FILE.zip", description = "where to write the screenshots (default: images/ beside the JSONL)")
        Path images;

        @Option(names = "--no-images", description = "write the records only")
        boolean noImages;

        @Option(names = "--force", description = "replace existing files")
        boolean force;
    }

    ExportCommand() {
        super(Options::new);
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws IOException, SQLException {
        Path jsonl = args.out;
        Path images = args.noImages ? null : args.images != null ? args.images : jsonl.toAbsolutePath().resolveSibling("images");
        TerminalProgress progress = new TerminalProgress(err, "tasks");
        long start = System.nanoTime();
        ExportReport report;
        try (Dataset dataset = Dataset.open(args.common.dataset)) {
            report = new JsonlExport(dataset, jsonl, images, args.force).run(progress);
        }
        progress.finish();
        double seconds = (System.nanoTime() - start) / 1e9;
        for (Problem problem : report.problems()) {
            err.println(problem);
        }
        if (args.common.json) {
            Map<String, Object> json = report.json();
            json.put("seconds", seconds);
            printJson(out, json);
        } else {
            out.println(report.summary() + " to " + jsonl
                    + String.format(Locale.ROOT, " in %.1f s (%.1f MB/s of JSONL)", seconds, report.bytes() / seconds / 1048576));
        }
        return report.problems().isEmpty() ? OK : FAILED;
    }
}
