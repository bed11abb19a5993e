package org.trajectory.cli.internal;

import org.trajectory.dataset.DatasetAddress;

import picocli.CommandLine.Option;

/** The options nearly every command shares: the dataset (a folder or a server database) and machine-readable output. */
final class DatasetOptions {

    @Option(names = "--dataset", required = true, paramLabel = "DATASET", description = DESCRIPTION)
    DatasetAddress dataset;

    static final String DESCRIPTION = "the dataset: a folder, or postgresql://user@host:port/database on a server";

    @Option(names = "--json", description = "print the result as JSON on stdout")
    boolean json;
}
