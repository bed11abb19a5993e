package org.trajectory.cli.internal;

import java.nio.file.Path;

import picocli.CommandLine.Option;

/** The options nearly every command shares: the dataset folder and machine-readable output. */
final class DatasetOptions {

    @Option(names = "--dataset", required = true, paramLabel = "DIR", description = "the dataset folder")
    Path dataset;

    @Option(names = "--json", description = "print the result as JSON on stdout")
    boolean json;
}
