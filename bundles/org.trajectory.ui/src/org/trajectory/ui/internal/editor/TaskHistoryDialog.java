package org.trajectory.ui.internal.editor;

import java.util.List;

import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.trajectory.dataset.TaskHistory;

/** A task's audit trail: every edit, review and verdict, who made it and when, each field before and after. */
final class TaskHistoryDialog extends Dialog {

    private final String taskId;
    private final List<TaskHistory.Entry> entries;

    TaskHistoryDialog(Shell shell, String taskId, List<TaskHistory.Entry> entries) {
        super(shell);
        this.taskId = taskId;
        this.entries = entries;
        setShellStyle(getShellStyle() | SWT.RESIZE);
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("History of " + taskId);
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        Table table = new Table(area, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        GridDataFactory.fillDefaults().grab(true, true).hint(900, 360).applyTo(table);
        String[] names = { "When", "Who", "Version", "What", "Before", "After" };
        int[] widths = { 170, 110, 60, 150, 200, 200 };
        for (int i = 0; i < names.length; i++) {
            TableColumn column = new TableColumn(table, SWT.LEFT);
            column.setText(names[i]);
            column.setWidth(widths[i]);
        }
        for (TaskHistory.Entry entry : entries.reversed()) { // newest first
            TableItem item = new TableItem(table, SWT.NONE);
            item.setText(new String[] { entry.at(), String.valueOf(entry.by()), String.valueOf(entry.version()), entry.what(),
                    oneLine(entry.before()), oneLine(entry.after()) });
        }
        if (entries.isEmpty()) {
            new TableItem(table, SWT.NONE).setText(new String[] { "", "", "", "no edit or review since it was imported", "", "" });
        }
        return area;
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.replace('\n', ' ');
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, IDialogConstants.OK_ID, IDialogConstants.CLOSE_LABEL, true);
    }
}
