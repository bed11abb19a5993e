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

    /** Every cell's text of the rows the table holds, tab-separated, a line a row (asking a virtual table for its rows). */
    public static String cellTexts(DatasetView view) {
        Table table = table(view);
        StringBuilder text = new StringBuilder();
        for (int row = 0; row < table.getItemCount(); row++) {
            for (int column = 0; column < table.getColumnCount(); column++) {
                text.append(table.getItem(row).getText(column)).append('\t');
            }
            text.append('\n');
        }
        return text.toString();
    }

    /** How many times the view has asked the dataset for its rows again. */
    public static int requeries(DatasetView view) {
        return view.requeries();
    }

    public static org.eclipse.swt.widgets.Button reviewQueue(DatasetView view) {
        return view.reviewQueue();
    }
}
