package org.trajectory.ui.internal.dataset;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;

/**
 * A table's columns as the user arranged them, kept in the preferences: which are shown (a right click on the header
 * lists them to tick), their widths and their order, restored the next time the table is made. A hidden column is
 * one of width 0 that cannot be resized; the first column always stays. The sort the user chose is kept too.
 */
final class ChosenColumns {

    private static final String NODE = "org.trajectory.ui";
    private static final String HIDDEN_WIDTH = "width.shown";

    private final Table table;
    private final String preference;
    private final Function<TableColumn, String> key;

    private ChosenColumns(Table table, String preference, Function<TableColumn, String> key) {
        this.table = table;
        this.preference = preference;
        this.key = key;
    }

    /** Restores the arrangement kept under {@code preference} and keeps every change to it; {@code key} names a column. */
    static void remember(Table table, String preference, Function<TableColumn, String> key) {
        ChosenColumns columns = new ChosenColumns(table, preference, key);
        columns.restore();
        for (TableColumn column : table.getColumns()) {
            column.addListener(SWT.Resize, e -> columns.save());
            column.addListener(SWT.Move, e -> columns.save());
        }
        table.addListener(SWT.Dispose, e -> columns.flush()); // the workbench does not write this node on exit by itself
        table.addListener(SWT.MenuDetect, e -> {
            Point at = table.getDisplay().map(null, table, e.x, e.y);
            if (at.y < table.getHeaderHeight()) {
                columns.menu(e.x, e.y);
                e.doit = false;
            }
        });
    }

    /** Keeps the table's sort (its column by {@code key}, and direction) for the next table made under {@code preference}. */
    static void keepSort(Table table, String preference, Function<TableColumn, String> key) {
        ChosenColumns columns = new ChosenColumns(table, preference, key);
        TableColumn sorted = table.getSortColumn();
        if (sorted == null) {
            columns.preferences().remove(preference + ".sort");
        } else {
            columns.preferences().put(preference + ".sort", key.apply(sorted) + (table.getSortDirection() == SWT.DOWN ? " down" : " up"));
        }
        columns.flush();
    }

    /** Sets the sort kept under {@code preference} on the table; the column it is now on, or null when none was kept. */
    static TableColumn restoreSort(Table table, String preference, Function<TableColumn, String> key) {
        String kept = InstanceScope.INSTANCE.getNode(NODE).get(preference + ".sort", null);
        if (kept == null) {
            return null;
        }
        String name = kept.substring(0, kept.lastIndexOf(' '));
        for (TableColumn column : table.getColumns()) {
            if (key.apply(column).equals(name)) {
                table.setSortColumn(column);
                table.setSortDirection(kept.endsWith(" down") ? SWT.DOWN : SWT.UP);
                return column;
            }
        }
        return null; // a criterion's column no longer there
    }

    /** Shows or hides a column (by its key), as the header menu does. */
    static void show(Table table, TableColumn column, boolean shown) {
        if (shown == (column.getWidth() > 0)) {
            return;
        }
        if (shown) {
            Object width = column.getData(HIDDEN_WIDTH);
            column.setResizable(true);
            column.setWidth(width instanceof Integer w && w > 0 ? w : 80);
        } else {
            column.setData(HIDDEN_WIDTH, column.getWidth());
            column.setWidth(0);
            column.setResizable(false);
        }
    }

    private void menu(int x, int y) {
        Menu menu = new Menu(table);
        TableColumn[] all = table.getColumns();
        for (int index : table.getColumnOrder()) {
            TableColumn column = all[index];
            if (index == 0) {
                continue; // the task itself is always shown
            }
            MenuItem item = new MenuItem(menu, SWT.CHECK);
            item.setText(column.getText());
            item.setSelection(column.getWidth() > 0);
            item.addListener(SWT.Selection, e -> show(table, column, item.getSelection()));
        }
        menu.setLocation(x, y);
        menu.setVisible(true);
    }

    private IEclipsePreferences preferences() {
        return InstanceScope.INSTANCE.getNode(NODE);
    }

    private void flush() {
        try {
            preferences().flush();
        } catch (org.osgi.service.prefs.BackingStoreException e) {
            org.eclipse.core.runtime.ILog.of(ChosenColumns.class).warn("Could not keep the table's columns: " + e.getMessage());
        }
    }

    /** "key=width;key=width..." in the order shown; not while the table is hidden or going (the window closing). */
    private void save() {
        if (table.isDisposed() || !table.isVisible()) {
            return;
        }
        TableColumn[] all = table.getColumns();
        StringBuilder text = new StringBuilder();
        for (int index : table.getColumnOrder()) {
            text.append(text.isEmpty() ? "" : ";").append(key.apply(all[index])).append('=').append(all[index].getWidth());
        }
        preferences().put(preference, text.toString());
    }

    private void restore() {
        String text = preferences().get(preference, null);
        if (text == null || text.isBlank()) {
            return;
        }
        Map<String, Integer> widths = new LinkedHashMap<>();
        for (String entry : text.split(";")) {
            String[] pair = entry.split("=", 2);
            try {
                widths.put(pair[0], Integer.parseInt(pair[1]));
            } catch (RuntimeException e) {
                // a column saved by an older workbench in another form: its default stays
            }
        }
        TableColumn[] all = table.getColumns();
        List<Integer> order = new ArrayList<>();
        widths.forEach((name, width) -> {
            for (int i = 0; i < all.length; i++) {
                if (key.apply(all[i]).equals(name) && !order.contains(i)) {
                    order.add(i);
                    if (width == 0 && i != 0) {
                        show(table, all[i], false);
                    } else if (width > 0) {
                        all[i].setWidth(width);
                    }
                }
            }
        });
        for (int i = 0; i < all.length; i++) {
            if (!order.contains(i)) {
                order.add(i); // a column new since then (a criterion added) comes last
            }
        }
        table.setColumnOrder(order.stream().mapToInt(Integer::intValue).toArray());
    }
}
