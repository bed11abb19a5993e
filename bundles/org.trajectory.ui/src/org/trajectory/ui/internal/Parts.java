package org.trajectory.ui.internal;

import java.util.function.UnaryOperator;

import org.eclipse.core.runtime.ILog;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.TaskQuery;

/**
 * The window's parts by id (plugin.xml declares them), and the few ways one area of the window reaches another: open a
 * task, narrow the task table, hear what the table has selected. An area uses these, never another area's classes.
 */
public final class Parts {

    public static final String DATASET_VIEW = "org.trajectory.ui.views.datasets";
    public static final String RECORDER_VIEW = "org.trajectory.ui.views.recorder";
    public static final String SCORING_VIEW = "org.trajectory.ui.views.scoring";
    public static final String COMPARISON_VIEW = "org.trajectory.ui.views.comparison";
    public static final String OVERVIEW_VIEW = "org.trajectory.ui.views.overview";
    public static final String TEAM_VIEW = "org.trajectory.ui.views.team";
    public static final String JOBS_VIEW = "org.trajectory.ui.views.jobs";
    public static final String TRAJECTORY_EDITOR = "org.trajectory.ui.editors.trajectory";

    /** What the Dataset view does for the others: show only some tasks. */
    public interface TaskTable {
        /** Shows only the tasks {@code narrowing} keeps, saying {@code description} above the table. */
        void filterBy(String description, UnaryOperator<TaskQuery> narrowing);

        /** Shows every task again. */
        void showAll();

        /** The query of the tasks the table shows now, with its filters (and sort). */
        TaskQuery shownQuery();
    }

    /** What the trajectory editor does for the others: show one step. */
    public interface StepShowing {
        void selectStep(int index);
    }

    private Parts() {
    }

    /**
     * Opens a task in the trajectory editor (or brings its editor forward) showing {@code step}, or the step it shows
     * when {@code step} is negative. A failure is logged and said in a dialog.
     */
    public static void openTask(IWorkbenchPage page, DatasetAddress dataset, String taskId, int step) {
        try {
            IEditorPart editor = page.openEditor(new TaskEditorInput(dataset, taskId), TRAJECTORY_EDITOR);
            if (step >= 0 && editor instanceof StepShowing showing) {
                showing.selectStep(step);
            }
        } catch (PartInitException e) {
            ILog.of(Parts.class).error("Could not open task " + taskId, e);
            MessageDialog.openError(page.getWorkbenchWindow().getShell(), "Open task", "Could not open task " + taskId + ": " + e.getMessage());
        }
    }

    /** Shows the Dataset view (opening it when closed) with only the tasks {@code narrowing} keeps. */
    public static void filterTable(IWorkbenchPage page, String description, UnaryOperator<TaskQuery> narrowing) {
        try {
            if (page.showView(DATASET_VIEW) instanceof TaskTable table) {
                table.filterBy(description, narrowing);
            }
        } catch (PartInitException e) {
            ILog.of(Parts.class).error("Could not show the Dataset view", e);
        }
    }

    /** Tells a view opened after a task was selected which task that is, so it shows it at once, not "select a task". */
    public static void tellSelection(ISelectionListener view, IWorkbenchPage page) {
        IViewPart table = page.findView(DATASET_VIEW);
        if (table != null && table.getSite().getSelectionProvider() != null) {
            view.selectionChanged(table, table.getSite().getSelectionProvider().getSelection());
        }
    }
}
