package org.trajectory.ui.internal;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IWorkbenchWindow;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.dataset.TaskRow;
import org.trajectory.model.Words;

/**
 * Which tasks an operation started from the window runs on: those selected in the task table, those its filters show,
 * those not reviewed yet, or every task. Offered in the operation's dialog (the selection first when there is one);
 * the tasks themselves are read from the dataset when the operation starts, off the UI thread.
 */
public final class TaskScope {

    /** The choice made: what it is in words, and how to find its tasks. */
    public record Chosen(String words, List<String> selected, TaskQuery query) {

        /** Every task of the dataset. */
        public static final Chosen ALL = new Chosen("every task", null, null);

        /**
         * The ids of the chosen tasks; null for every task (what operations take for all). Throws when the choice holds
         * none: an empty list would mean all of them to an operation.
         */
        public List<String> ids(Dataset dataset) throws SQLException {
            if (selected == null && query == null) {
                return null;
            }
            List<String> ids = selected != null ? selected : dataset.page(query, 0, Integer.MAX_VALUE).stream().map(TaskRow::taskId).toList();
            if (ids.isEmpty()) {
                throw new IllegalArgumentException("there is no task among " + words + ": nothing was done");
            }
            return ids;
        }
    }

    private final List<Chosen> choices = new ArrayList<>();
    private Chosen chosen;

    private TaskScope(List<String> selected, TaskQuery shown) {
        if (!selected.isEmpty()) {
            choices.add(new Chosen("the " + Words.count(selected.size(), "task") + " selected in the table", List.copyOf(selected), null));
        }
        if (shown != null && !shown.sortedBy(TaskQuery.Column.ORDER, true).equals(TaskQuery.ALL)) { // sorted, but every task
            choices.add(new Chosen("the tasks the table's filters show", null, shown));
        }
        choices.add(new Chosen("the tasks not reviewed yet", null, TaskQuery.ALL.withReview(ReviewState.NEW)));
        choices.add(Chosen.ALL);
        chosen = choices.get(0);
    }

    /** The choices the window offers now: its task table's selection and filters. */
    public static TaskScope of(IWorkbenchWindow window) {
        List<String> selected = new ArrayList<>();
        org.eclipse.ui.IViewPart view = window.getActivePage() == null ? null : window.getActivePage().findView(Parts.DATASET_VIEW);
        if (view == null) {
            return new TaskScope(selected, null);
        }
        // the table's own selection, as it is now (the selection service keeps what was last announced)
        if (view.getSite().getSelectionProvider().getSelection() instanceof IStructuredSelection selection) {
            for (Object element : selection) {
                if (element instanceof TaskRow row) {
                    selected.add(row.taskId());
                }
            }
        }
        return new TaskScope(selected, view instanceof Parts.TaskTable table ? table.shownQuery() : null);
    }

    /** A "Tasks:" label and the choices, in a form of two columns. */
    public void create(Composite form) {
        new Label(form, SWT.NONE).setText("T&asks:");
        Combo combo = new Combo(form, SWT.READ_ONLY);
        choices.forEach(choice -> combo.add(capitalized(choice.words())));
        combo.select(0);
        combo.addListener(SWT.Selection, e -> chosen = choices.get(combo.getSelectionIndex()));
        GridDataFactory.fillDefaults().grab(true, false).applyTo(combo);
    }

    /** What is chosen (the first choice until the person picks another). */
    public Chosen chosen() {
        return chosen;
    }

    /**
     * Asks {@code question} with the choice of tasks below it (the title's button runs it); the choice, or null when the
     * person cancels.
     */
    public Chosen confirm(org.eclipse.swt.widgets.Shell shell, String title, String question) {
        org.eclipse.jface.dialogs.MessageDialog dialog = new org.eclipse.jface.dialogs.MessageDialog(shell, title, null, question,
                org.eclipse.jface.dialogs.MessageDialog.QUESTION, 0, title, org.eclipse.jface.dialogs.IDialogConstants.CANCEL_LABEL) {
            @Override
            protected org.eclipse.swt.widgets.Control createCustomArea(Composite parent) {
                Composite form = new Composite(parent, SWT.NONE);
                org.eclipse.jface.layout.GridLayoutFactory.swtDefaults().numColumns(2).applyTo(form);
                GridDataFactory.fillDefaults().grab(true, false).applyTo(form);
                TaskScope.this.create(form);
                return form;
            }
        };
        return dialog.open() == 0 ? chosen : null;
    }

    private static String capitalized(String words) {
        return Character.toUpperCase(words.charAt(0)) + words.substring(1);
    }
}
