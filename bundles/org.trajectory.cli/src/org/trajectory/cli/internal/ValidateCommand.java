package org.trajectory.cli.internal;

import java.io.PrintStream;
import java.util.Map;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ValidateOperation;

/** {@code validate --dataset DIR}: every action-language error and missing image, per task and step. */
final class ValidateCommand extends OptionsCommand<ValidateCommand.Options> {

    @Command(name = "validate", description = "list every code error, missing image and integrity finding of a dataset, per task and step")
    static final class Options {
        @Mixin DatasetOptions common;
    }

    /** The problems are what validate finds: they go to stdout as they are found, or into the JSON. */
    @Override
    int run(Options args, PrintStream out, PrintStream err) throws Exception {
        try (Dataset dataset = DatasetOptions.open(args.common.dataset, err)) {
            ValidateOperation validation = args.common.json ? new ValidateOperation(dataset) : new ValidateOperation(dataset, out::println);
            return exitCode(execute(validation, args.common.json, null, Map.of(), out, err, false));
        }
    }
}
