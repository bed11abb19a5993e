package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ExportReport;
import org.trajectory.dataset.JsonlExport;
import org.trajectory.dataset.Problem;

/** {@code export --dataset DIR --out FILE.jsonl [--images DIR|ZIP] [--no-images] [--force]}. */
final class ExportCommand extends OptionsCommand {

    ExportCommand() {
        super(Set.of("dataset", "out", "images"), Set.of("json", "no-images", "force"));
    }

    @Override
    public String name() {
        return "export";
    }

    @Override
    public String summary() {
        return "export a dataset as AgentNet JSONL with its images (a folder, or a .zip)";
    }

    @Override
    public String usage() {
        return "--dataset DIR --out FILE.jsonl [--images DIR|FILE.zip (default: images/ beside the JSONL)] [--no-images] [--force (replace existing files)] [--json]";
    }

    @Override
    int run(Arguments args, PrintStream out, PrintStream err) throws Arguments.UsageException, IOException, SQLException {
        args.positionals(0, 0, "no positional arguments");
        Path jsonl = Path.of(args.required("out"));
        Path images = args.flag("no-images") ? null
                : args.path("images") != null ? args.path("images") : jsonl.toAbsolutePath().resolveSibling("images");
        TerminalProgress progress = new TerminalProgress(err, "tasks");
        long start = System.nanoTime();
        ExportReport report;
        try (Dataset dataset = Dataset.open(Path.of(args.required("dataset")))) {
            report = new JsonlExport(dataset, jsonl, images, args.flag("force")).run(progress);
        }
        progress.finish();
        double seconds = (System.nanoTime() - start) / 1e9;
        for (Problem problem : report.problems()) {
            err.println(problem);
        }
        if (args.flag("json")) {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("tasks", report.tasks());
            json.put("images", report.images());
            json.put("bytes", report.bytes());
            json.put("problems", report.problems().size());
            json.put("seconds", seconds);
            printJson(out, json);
        } else {
            out.println("exported " + report.tasks() + " tasks and " + report.images() + " images to " + jsonl
                    + String.format(Locale.ROOT, " in %.1f s (%.1f MB/s of JSONL)", seconds, report.bytes() / seconds / 1048576));
        }
        return report.problems().isEmpty() ? OK : FAILED;
    }
}
