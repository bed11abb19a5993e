package org.trajectory.dataset;

import java.util.Set;

import org.trajectory.model.operation.Operation;
import org.trajectory.model.operation.Report;

/**
 * An operation on one open dataset, which it needs for itself while it runs: two of them on the same dataset (or on
 * the same server database) run one after the other in the window.
 *
 * @param <R> what the operation reports
 * @since 0.1
 */
public abstract class DatasetOperation<R extends Report> implements Operation<R> {

    /** The dataset it works on. */
    protected final Dataset dataset;
    private final String title;

    /** @param title what it does, for a job's name: "Scoring postgresql://..." */
    protected DatasetOperation(Dataset dataset, String title) {
        this.dataset = dataset;
        this.title = title;
    }

    /** The dataset it works on. */
    public final Dataset dataset() {
        return dataset;
    }

    @Override
    public String title() {
        return title;
    }

    @Override
    public Set<String> exclusive() {
        return Set.of(dataset.address().exclusive());
    }
}
