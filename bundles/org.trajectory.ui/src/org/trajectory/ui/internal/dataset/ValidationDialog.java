package org.trajectory.ui.internal.dataset;

import java.util.Locale;
import java.util.function.Function;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.TableColumnLayout;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnLayoutData;
import org.eclipse.jface.viewers.ColumnPixelData;
import org.eclipse.jface.viewers.ColumnViewerToolTipSupport;
import org.eclipse.jface.viewers.ColumnWeightData;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbenchPage;

import org.trajectory.dataset.IntegrityCheck;
import org.trajectory.dataset.ValidateOperation;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.TitledDialog;

/**
 * What Validate Dataset found, a problem a row: its task, step and what is wrong. Enter, a double-click or Open Task
 * shows the task at that step in the editor; the dialog stays open beside it, so a reviewer works down the list.
 */
final class ValidationDialog extends TitledDialog {

    static final String TITLE = "Validate Dataset";

    private final IWorkbenchPage page;
    private final ValidateOperation.Report validation;
    private TableViewer table;

    ValidationDialog(Shell shell, IWorkbenchPage page, ValidateOperation.Report validation) {
        super(shell, TITLE);
        this.page = page;
        this.validation = validation;
        modeless();
    }

    /** The sentence above the list: how many problems on how many tasks, and warnings, and whether every step was checked. */
    static String summary(ValidateOperation.Report validation) {
        String found = (validation.problemCount() == 0 ? "No problems" : String.format(Locale.ROOT, "%,d %s in %,d %s", validation.problemCount(),
                validation.problemCount() == 1 ? "problem" : "problems", validation.tasks(), validation.tasks() == 1 ? "task" : "tasks"))
                + (validation.warningCount() == 0 ? "" : String.format(Locale.ROOT, ", %,d %s", validation.warningCount(),
                        validation.warningCount() == 1 ? "warning" : "warnings"));
        long all = validation.problemCount() + validation.warningCount();
        String listed = validation.findings().size() < all
                ? String.format(Locale.ROOT, "; the first %,d are listed", validation.findings().size()) : "";
        return (!validation.cancelled() ? "" : "Stopped before the end: ") + found + listed
                + ". Enter or a double-click opens the task at the step.";
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        Label heading = new Label(area, SWT.WRAP);
        heading.setText(summary(validation));
        GridDataFactory.fillDefaults().grab(true, false).hint(720, SWT.DEFAULT).applyTo(heading);
        Composite holder = new Composite(area, SWT.NONE);
        TableColumnLayout columns = new TableColumnLayout();
        holder.setLayout(columns);
        GridDataFactory.fillDefaults().grab(true, true).hint(720, 320).applyTo(holder);
        table = new TableViewer(holder, SWT.BORDER | SWT.FULL_SELECTION | SWT.SINGLE | SWT.VIRTUAL);
        table.getTable().setHeaderVisible(true);
        table.getTable().setLinesVisible(true);
        column(columns, "Task", new ColumnWeightData(3, 120), f -> f.problem().source());
        column(columns, "Step", new ColumnPixelData(50), f -> f.problem().step() < 0 ? "" : Integer.toString(f.problem().step() + 1));
        column(columns, "Check", new ColumnPixelData(180), f -> f.check() + (f.severity() == IntegrityCheck.Severity.WARNING ? " (warning)" : ""));
        column(columns, "Problem", new ColumnWeightData(7, 240), f -> f.problem().message()); // the rest of the width
        ColumnViewerToolTipSupport.enableFor(table); // a message wider than its column shows whole under the pointer
        table.setContentProvider(ArrayContentProvider.getInstance());
        table.setInput(validation.findings());
        table.addOpenListener(e -> openSelected());
        if (!validation.findings().isEmpty()) {
            table.getTable().select(0);
        }
        return area;
    }

    private void column(TableColumnLayout columns, String name, ColumnLayoutData width, Function<ValidateOperation.Finding, String> text) {
        TableViewerColumn column = new TableViewerColumn(table, SWT.LEFT);
        column.getColumn().setText(name);
        columns.setColumnData(column.getColumn(), width);
        column.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return text.apply((ValidateOperation.Finding) element);
            }

            @Override
            public String getToolTipText(Object element) {
                return getText(element);
            }
        });
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, IDialogConstants.OPEN_ID, "&Open Task", true);
        createButton(parent, IDialogConstants.CLOSE_ID, IDialogConstants.CLOSE_LABEL, false);
    }

    @Override
    protected void buttonPressed(int buttonId) {
        if (buttonId == IDialogConstants.OPEN_ID) {
            openSelected();
        } else {
            close();
        }
    }

    /** Shows the selected problem's task at its step; the list keeps its place. */
    void openSelected() {
        if (table.getStructuredSelection() instanceof IStructuredSelection selection
                && selection.getFirstElement() instanceof ValidateOperation.Finding finding && !finding.problem().source().isEmpty()
                && !finding.problem().source().equals("dataset")) {
            Parts.openTask(page, validation.dataset(), finding.problem().source(), Math.max(0, finding.problem().step()));
        }
    }

    /** The list, for tests. */
    TableViewer table() {
        return table;
    }
}
