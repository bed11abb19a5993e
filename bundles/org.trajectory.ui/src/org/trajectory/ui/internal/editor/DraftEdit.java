package org.trajectory.ui.internal.editor;

import org.eclipse.core.commands.operations.AbstractOperation;
import org.eclipse.core.commands.operations.IUndoContext;
import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.trajectory.dataset.TaskDraft;

/**
 * One edit of a task in the workbench's operation history: the drafts before and after, and the step shown with
 * each. Typing in one field of one step extends the same edit for a moment, so undo takes back a word, not a letter.
 */
final class DraftEdit extends AbstractOperation {

    private static final long COALESCE_MS = 1500;

    private final TrajectoryEditor editor;
    private final TaskDraft before;
    private final int stepBefore;
    private TaskDraft after;
    private final int stepAfter;
    private final String key;
    private long touched;

    DraftEdit(String label, IUndoContext context, TrajectoryEditor editor, TaskDraft before, int stepBefore, TaskDraft after,
            int stepAfter, String key) {
        super(label);
        addContext(context);
        this.editor = editor;
        this.before = before;
        this.stepBefore = stepBefore;
        this.after = after;
        this.stepAfter = stepAfter;
        this.key = key;
        this.touched = System.currentTimeMillis();
    }

    /** True when {@code next}, an edit of the same field just after this one, can be folded into it. */
    boolean absorbs(String otherKey) {
        return key != null && key.equals(otherKey) && System.currentTimeMillis() - touched < COALESCE_MS;
    }

    void extend(TaskDraft newer) {
        after = newer;
        touched = System.currentTimeMillis();
        editor.show(after, stepAfter);
    }

    @Override
    public IStatus execute(IProgressMonitor monitor, IAdaptable info) {
        editor.show(after, stepAfter);
        return Status.OK_STATUS;
    }

    @Override
    public IStatus redo(IProgressMonitor monitor, IAdaptable info) {
        return execute(monitor, info);
    }

    @Override
    public IStatus undo(IProgressMonitor monitor, IAdaptable info) {
        editor.show(before, stepBefore);
        return Status.OK_STATUS;
    }
}
