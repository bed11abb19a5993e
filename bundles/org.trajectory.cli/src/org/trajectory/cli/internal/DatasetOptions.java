package org.trajectory.cli.internal;

import java.io.IOException;
import java.sql.SQLException;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;

import picocli.CommandLine.Option;

/** The options nearly every command shares: the dataset (a folder or a server database) and machine-readable output. */
final class DatasetOptions {

    @Option(names = "--dataset", required = true, paramLabel = "DATASET", description = DESCRIPTION) DatasetAddress dataset;

    static final String DESCRIPTION = "the dataset: a folder, or postgresql://user@host:port/database on a server";

    @Option(names = "--json", description = "print the result as JSON on stdout") boolean json;

    /** What {@link #read} takes from the dataset. */
    @FunctionalInterface
    interface Reading<T> {
        T from(Dataset dataset) throws SQLException;
    }

    /** Opens the dataset, reads from it and closes it. */
    <T> T read(Reading<T> reading) throws IOException, SQLException {
        try (Dataset open = Dataset.open(dataset)) {
            return reading.from(open);
        }
    }
}
