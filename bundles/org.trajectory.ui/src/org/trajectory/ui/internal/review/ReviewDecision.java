package org.trajectory.ui.internal.review;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.InputDialog;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Shell;

import org.trajectory.dataset.ReviewState;

/**
 * A reviewer's decision on one task or many, as the editor and the task table ask it: an approval asks nothing; a
 * rejection or a needed fix says why (the reason is kept as the review's note, in the task's history).
 *
 * @param note the reason, or null to keep each task's own note
 */
public record ReviewDecision(ReviewState state, String note) {

    /**
     * Asks the reason a rejection or a needed fix must give ({@code current}: the note to start from, or null); null
     * when the reviewer cancelled.
     */
    public static ReviewDecision ask(Shell shell, ReviewState state, int tasks, String current) {
        if (state != ReviewState.REJECTED && state != ReviewState.NEEDS_FIX) {
            return new ReviewDecision(state, null);
        }
        boolean reject = state == ReviewState.REJECTED;
        String which = tasks == 1 ? "is this task" : "are these " + tasks + " tasks";
        InputDialog dialog = new InputDialog(shell, reject ? "Reject" : "Needs fix",
                reject ? "Why " + which + " rejected?" : tasks == 1 ? "What needs fixing in this task?" : "What needs fixing in these " + tasks + " tasks?",
                current == null ? "" : current,
                text -> text.isBlank() ? (reject ? "Say why it is rejected" : "Say what to fix") + ": the reason is kept with the review" : null) {
            @Override
            protected Control createContents(Composite parent) {
                Control contents = super.createContents(parent);
                getButton(IDialogConstants.OK_ID).setEnabled(!getText().getText().isBlank()); // no reason given yet
                return contents;
            }
        };
        return dialog.open() == Window.OK ? new ReviewDecision(state, dialog.getValue().strip()) : null;
    }
}
