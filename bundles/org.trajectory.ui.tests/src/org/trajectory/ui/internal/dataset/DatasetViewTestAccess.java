package org.trajectory.ui.internal.dataset;

import org.eclipse.swt.widgets.Table;

/** Package access to the dataset view for tests in other packages. */
public final class DatasetViewTestAccess {

    private DatasetViewTestAccess() {
    }

    public static Table table(DatasetView view) {
        return view.viewer().getTable();
    }

    public static org.eclipse.jface.viewers.TableViewer viewer(DatasetView view) {
        return view.viewer();
    }

    /** How many times the view has asked the dataset for its rows again. */
    public static int requeries(DatasetView view) {
        return view.requeries();
    }

    public static org.eclipse.swt.widgets.Button reviewQueue(DatasetView view) {
        return view.reviewQueue();
    }
}
