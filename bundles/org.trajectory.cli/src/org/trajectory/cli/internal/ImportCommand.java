package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ImportOperation;
import org.trajectory.dataset.Importer;
import org.trajectory.dataset.Importers;

/** {@code import FILE|FOLDER --dataset DIR [--format ID] [--images DIR|ZIP]}. */
final class ImportCommand extends OptionsCommand<ImportCommand.Options> {

    @Command(name = "import", description = "import records and their images into a dataset (created if missing): AgentNet JSONL, ADP,"
            + " or AgentNetBench task files (a .json file or the folder of them)")
    static final class Options {
        @Parameters(paramLabel = "FILE|FOLDER", arity = "1", description = "a file or folder of records") Path source;
        @Mixin DatasetOptions common;
        @Option(names = "--format", paramLabel = "ID", description = "the importer: agentnet, agentnetbench, adp, or one a plugin adds"
                + " (default: the one that reads the source)") String format;
        @Option(names = "--images", paramLabel = "DIR|ZIP",
                description = "where the screenshots are (default: where the format keeps them, images/ beside a JSONL file or inside a folder)") Path images;
        @Option(names = "--no-images", description = "import the records without their images") boolean noImages;
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws Exception {
        Path source = args.source;
        ImportOperation.requireSource(source);
        Importer importer;
        try {
            importer = (args.format == null ? Importers.get().readerOf(source) : Importers.get().named(args.format)).created();
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e); // a source no importer reads is the user's to fix, not a bug
        }
        Path images = args.images;
        if (images == null && Files.isDirectory(importer.images(source))) {
            images = importer.images(source);
        }
        if (args.noImages) {
            images = null;
        } else if (images == null) {
            err.println(prefix() + "no " + importer.images(source) + " and no --images: importing the records without their images");
        }
        try (Dataset dataset = Dataset.openOrCreate(args.common.dataset)) {
            return execute(new ImportOperation(dataset, source, importer, images), args.common.json, null, out, err);
        }
    }
}
