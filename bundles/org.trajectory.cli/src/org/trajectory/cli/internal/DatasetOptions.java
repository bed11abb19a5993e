package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
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

    /** Opens the dataset, reads from it and closes it; a warning on {@code err} when it is an unfinished copy. */
    <T> T read(Reading<T> reading, PrintStream err) throws IOException, SQLException {
        try (Dataset open = open(dataset, err)) {
            return reading.from(open);
        }
    }

    /** Opens an existing dataset, and says on {@code err} when it is a copy not finished yet (its tasks may be missing). */
    static Dataset open(DatasetAddress address, PrintStream err) throws IOException, SQLException {
        Dataset dataset = Dataset.open(address);
        try {
            String unfinished = dataset.unfinishedCopy();
            if (unfinished != null) {
                err.println(org.trajectory.cli.CommandLine.PROGRAM + ": warning: " + address + " is " + unfinished);
            }
            return dataset;
        } catch (SQLException e) {
            dataset.close();
            throw e;
        }
    }
}
