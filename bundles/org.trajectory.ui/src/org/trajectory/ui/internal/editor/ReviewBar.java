package org.trajectory.ui.internal.editor;

import java.sql.SQLException;
import java.util.List;

import org.eclipse.jface.dialogs.InputDialog;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.layout.RowLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PartInitException;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.ReviewGrades;
import org.trajectory.dataset.ReviewState;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.TaskEditorInput;
import org.trajectory.ui.internal.review.GradeDialog;
import org.trajectory.ui.internal.review.ReviewDecision;

/**
 * The editor's review bar: the task's review line (state, reviewer, grades, note) and the buttons that decide, note,
 * grade and go on to the next task. Reviews are not edits of the task: nothing to undo or save, stored at once.
 */
final class ReviewBar {

    private final TrajectoryEditor editor;
    private final Label line;

    ReviewBar(Composite parent, TrajectoryEditor editor) {
        this.editor = editor;
        // The review line has a row of its own and wraps; the buttons flow onto a second row when the editor is narrow.
        Composite bar = new Composite(parent, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(bar);
        GridLayoutFactory.swtDefaults().spacing(4, 2).applyTo(bar);
        line = new Label(bar, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).hint(100, SWT.DEFAULT).applyTo(line);
        Composite buttons = new Composite(bar, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, false).hint(100, SWT.DEFAULT).applyTo(buttons);
        RowLayoutFactory.fillDefaults().wrap(true).spacing(4).applyTo(buttons);
        // The keys in the tooltips: in the labels they made the bar three rows high in a 1024 px window, the step's fields scrolled.
        button(buttons, "Approve", "Ctrl+Shift+A", () -> decide(ReviewState.APPROVED));
        button(buttons, "Reject...", "Ctrl+Shift+R", () -> decide(ReviewState.REJECTED));
        button(buttons, "Needs fix...", "Ctrl+Shift+F", () -> decide(ReviewState.NEEDS_FIX));
        button(buttons, "Note...", "Ctrl+Shift+M", this::note);
        button(buttons, "Grade...", "Ctrl+Shift+D", this::grade);
        button(buttons, "Next task", "Alt+PgDn", this::nextTask);
        button(buttons, "Slideshow", "F8", () -> editor.playback().toggleSlideshow());
        button(buttons, "Play step", "F9", () -> editor.playback().playStep());
        button(buttons, "History...", null, this::showHistory);
    }

    /** A push button that runs {@code run}, its key (if any) in its tooltip: the review bar and the findings panel. */
    static void button(Composite bar, String text, String key, Runnable run) {
        Button button = new Button(bar, SWT.PUSH);
        button.setText(text);
        if (key != null) {
            button.setToolTipText(text.replace("...", "") + " (" + key + ")");
        }
        button.addListener(SWT.Selection, e -> run.run());
    }

    Label line() {
        return line;
    }

    private Dataset dataset() {
        return editor.dataset();
    }

    private String taskId() {
        return editor.draft().taskId();
    }

    private Shell shell() {
        return editor.getSite().getShell();
    }

    /** Approves at once; a rejection or a needed fix asks why first (its note so far to start from). */
    void decide(ReviewState state) {
        String taskId = taskId();
        try {
            String note = state == ReviewState.APPROVED ? null : DatasetJobs.await("Reading the review of " + taskId, () -> dataset().reviews().of(taskId).note());
            ReviewDecision decision = ReviewDecision.ask(shell(), state, 1, note);
            if (decision != null) {
                store(decision.state(), decision.note());
            }
        } catch (SQLException e) {
            MessageDialog.openError(shell(), "Review", "Could not read the review: " + e.getMessage());
        }
    }

    private void store(ReviewState state, String note) {
        String taskId = taskId();
        try {
            DatasetJobs.await("Storing the review of " + taskId, () -> {
                dataset().reviews().decide(List.of(taskId), state, note);
                return null;
            });
        } catch (SQLException e) {
            MessageDialog.openError(shell(), "Review", "Could not store the review: " + e.getMessage());
            return;
        }
        stored();
    }

    /** After a review was stored: the line read again, the window told, the editor in front with the focus. */
    private void stored() {
        show();
        editor.session().changed();
        backToTheEditor();
    }

    /** A dialog (the note, the reason, a slow store's progress) may have left the focus in another part: the review keys that follow are the editor's. */
    private void backToTheEditor() {
        editor.getSite().getPage().activate(editor);
        editor.setFocus();
    }

    void note() {
        try {
            String taskId = taskId();
            Dataset.Review now = DatasetJobs.await("Reading the review of " + taskId, () -> dataset().reviews().of(taskId));
            InputDialog dialog = new InputDialog(shell(), "Review note", "A note for this task's review:", now.note() == null ? "" : now.note(), null);
            if (dialog.open() == InputDialog.OK) {
                store(now.state() == ReviewState.NEW ? ReviewState.IN_REVIEW : now.state(), dialog.getValue());
            }
        } catch (SQLException e) {
            MessageDialog.openError(shell(), "Review", "Could not read the review: " + e.getMessage());
        }
    }

    /** The reviewer's optional grades (accept level, rubric), asked from what the task has. */
    void grade() {
        String taskId = taskId();
        try {
            ReviewGrades now = DatasetJobs.await("Reading the grades of " + taskId, () -> dataset().reviews().grades(taskId));
            ReviewGrades grades = GradeDialog.ask(shell(), now);
            if (grades != null && !grades.equals(now)) {
                DatasetJobs.await("Storing the grades of " + taskId, () -> {
                    dataset().reviews().grade(taskId, grades);
                    return null;
                });
                stored();
                return;
            }
        } catch (SQLException e) {
            MessageDialog.openError(shell(), "Grade", "Could not read or store the grades: " + e.getMessage());
        }
        backToTheEditor();
    }

    /** Opens the next task that still needs review, in place of this one when nothing is unsaved. */
    void nextTask() {
        try {
            String taskId = taskId();
            String next = DatasetJobs.await("Finding the next task to review", () -> dataset().reviews().next(taskId));
            if (next == null) {
                MessageDialog.openInformation(shell(), "Review", "Every other task is reviewed.");
                return;
            }
            DatasetAddress folder = ((TaskEditorInput) editor.getEditorInput()).dataset();
            boolean replace = !editor.isDirty();
            editor.getSite().getPage().openEditor(new TaskEditorInput(folder, next), Parts.TRAJECTORY_EDITOR);
            if (replace) {
                editor.getSite().getPage().closeEditor(editor, false);
            }
        } catch (SQLException | PartInitException e) {
            MessageDialog.openError(shell(), "Next task", e.getMessage());
        }
    }

    /** The task's audit trail, read off the UI thread, in a dialog. */
    private void showHistory() {
        String taskId = taskId();
        DatasetJobs.read("Reading the history of " + taskId, line, () -> dataset().history(taskId),
                entries -> new TaskHistoryDialog(shell(), taskId, entries).open());
    }

    /** Reads the review line again, off the UI thread. */
    void show() {
        String taskId = taskId();
        record Read(Dataset.Review review, ReviewGrades grades) {
        }
        DatasetJobs.read("Reading the review of " + taskId, line, () -> new Read(dataset().reviews().of(taskId), dataset().reviews().grades(taskId)), read -> {
            Dataset.Review now = read.review();
            line.setText("Review: " + now.state().id().replace('_', ' ')
                    + (now.reviewer() == null ? "" : " by " + now.reviewer() + " at " + localTime(now.reviewedAt()))
                    + (read.grades().isEmpty() ? "" : " (" + read.grades().words() + ")")
                    + (now.note() == null || now.note().isEmpty() ? "" : " \u2014 " + now.note()));
            // A longer line may wrap and the bar grow: lay out only what holds the label, then draw the screenshot again.
            line.getParent().getParent().layout(new Control[] { line });
            editor.canvas().redraw();
        });
    }

    /** An ISO instant as the person reading it says the time: "2026-11-25 11:57" in their zone; as stored when it is not one. */
    static String localTime(String instant) {
        try {
            return java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(java.time.ZoneId.systemDefault())
                    .format(java.time.Instant.parse(instant));
        } catch (RuntimeException e) {
            return String.valueOf(instant);
        }
    }
}
