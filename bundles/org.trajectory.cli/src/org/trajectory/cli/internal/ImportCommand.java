package org.trajectory.cli.internal;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ImportOperation;

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
    int run(Options args, PrintStream out, PrintStream err) throws Exception {
        Path jsonl = args.jsonl;
        ImportOperation.requireFile(jsonl);
        Path images = args.images;
        if (images == null && Files.isDirectory(jsonl.toAbsolutePath().resolveSibling("images"))) {
            images = jsonl.toAbsolutePath().resolveSibling("images"); // the AgentNet layout: images/ beside the JSONL
        }
        if (args.noImages) {
            images = null;
        } else if (images == null) {
            err.println(prefix() + "no images folder beside the file and no --images: importing the records without their images");
        }
        try (Dataset dataset = Dataset.openOrCreate(args.common.dataset)) {
            return execute(new ImportOperation(dataset, jsonl, images), args.common.json, null, out, err);
        }
    }
}
