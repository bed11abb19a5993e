package org.trajectory.ui.internal.editor;

import java.sql.SQLException;
import java.util.function.Consumer;

import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Shell;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.StaleTaskException;
import org.trajectory.dataset.TaskDraft;
import org.trajectory.ui.internal.DatasetJobs;

/**
 * A save refused because somebody else saved the task after it was opened here: the reviewer keeps their edit as a
 * task of its own beside the other person's, reloads the other person's (their edit dropped, after a warning), or
 * cancels and keeps editing. Nothing is lost without being asked.
 */
final class StaleSave {

    private StaleSave() {
    }

    /**
     * Asks what to do and does it; {@code showStored} gets the task as stored now when the tab is to show it (after a
     * copy or a reload), {@code copied} runs once a copy is stored (before the message saying so: the window shows it
     * already). True when the edit was kept as a copy.
     */
    static boolean resolve(Shell shell, Dataset dataset, TaskDraft mine, StaleTaskException stale, Consumer<TaskDraft> showStored,
            Runnable copied) throws SQLException {
        int choice = new MessageDialog(shell, "Task changed by someone else", null, stale.getMessage() + ".", MessageDialog.WARNING, 2,
                "Keep mine as a copy", "Reload theirs", "Cancel").open();
        if (choice == 0) {
            String copyId = mine.taskId() + " (" + dataset.user() + ", " + java.time.LocalTime.now().withNano(0) + ")";
            TaskDraft copy = DatasetJobs.await("Keeping your edit as " + copyId, () -> dataset.saveCopy(mine, copyId));
            // the tab shows the task as stored; the edit lives on in the copy
            showStored.accept(DatasetJobs.await("Reading " + mine.taskId(), () -> dataset.draft(mine.taskId())));
            copied.run();
            MessageDialog.openInformation(shell, "Kept as a copy", "Your edit is kept as task '" + copy.taskId()
                    + "'; this tab now shows the task as the other person saved it.");
            return true;
        }
        if (choice == 1 && MessageDialog.openQuestion(shell, "Reload", "Drop your unsaved edits and show the task as it is now?")) {
            showStored.accept(DatasetJobs.await("Reading " + mine.taskId(), () -> dataset.draft(mine.taskId())));
        }
        return false;
    }
}
