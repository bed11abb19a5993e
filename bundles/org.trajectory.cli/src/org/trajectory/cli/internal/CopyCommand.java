package org.trajectory.cli.internal;

import java.io.PrintStream;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import org.trajectory.dataset.CopyOperation;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;

/** {@code copy SRC DST}: a whole dataset into another, folder to server and back, resumable and verified. */
final class CopyCommand extends OptionsCommand<CopyCommand.Options> {

    @Command(name = "copy", description = "copy a whole dataset into another (a folder to a server and back); a rerun resumes; verified at the end")
    static final class Options {
        @Parameters(index = "0", paramLabel = "SRC",
                description = "the dataset to copy: a folder, or postgresql://user@host:port/database") DatasetAddress source;
        @Parameters(index = "1", paramLabel = "DST",
                description = "where to: a new folder, or an empty server database (add ?images=FOLDER)") DatasetAddress target;
        @Option(names = "--json", description = "print the result as JSON on stdout") boolean json;
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws Exception {
        if (args.source.equals(args.target)) {
            throw new UsageException("SRC and DST are the same dataset");
        }
        try (Dataset source = Dataset.open(args.source); Dataset target = Dataset.openOrCreate(args.target)) {
            return execute(new CopyOperation(source, target), args.json, null, out, err);
        }
    }
}
