package org.trajectory.ui.internal.editor;

import org.eclipse.swt.widgets.Table;
import org.trajectory.ui.internal.dataset.DatasetView;
import org.trajectory.ui.internal.dataset.DatasetViewTestAccess;

/** The dataset view's table, for tests of this package. */
final class DatasetViewAccess {

    private DatasetViewAccess() {
    }

    static Table table(DatasetView view) {
        return DatasetViewTestAccess.table(view);
    }

    static org.eclipse.swt.widgets.Button reviewQueue(DatasetView view) {
        return DatasetViewTestAccess.reviewQueue(view);
    }
}
