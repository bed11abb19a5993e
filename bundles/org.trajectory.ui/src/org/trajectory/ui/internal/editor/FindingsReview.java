package org.trajectory.ui.internal.editor;

import java.sql.SQLException;
import java.util.Objects;

import org.eclipse.jface.dialogs.InputDialog;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Composite;

import org.trajectory.dataset.StoredScrub;
import org.trajectory.ui.internal.DatasetJobs;

/**
 * The editor's review of the personal data found in its task: the findings panel (shown while the task was ever
 * scrubbed), the boxes a reviewer draws on the screenshot, and their judgements kept in the dataset at once. It is not
 * an edit of the task: nothing to undo or save.
 */
final class FindingsReview {

    private final TrajectoryEditor editor;
    private final FindingsPanel panel;
    /** Judgements stored from this editor so far: a reading of the dataset begun before one is stale. */
    private int stored;

    FindingsReview(Composite parent, TrajectoryEditor editor, StoredScrub scrub) {
        this.editor = editor;
        panel = new FindingsPanel(parent, this::store, editor.canvas()::setMarks);
        GridDataFactory.fillDefaults().grab(true, false).hint(1, SWT.DEFAULT).applyTo(panel.control());
        place(scrub);
        editor.canvas().onBoxDrawn(this::boxDrawn);
    }

    FindingsPanel panel() {
        return panel;
    }

    private void store(StoredScrub judged) {
        stored++;
        String taskId = editor.draft().taskId();
        try {
            DatasetJobs.await("Storing the review of the personal data in " + taskId, () -> {
                editor.dataset().scrubs().put(taskId, judged);
                return null;
            });
            editor.statusLine();
        } catch (SQLException e) {
            MessageDialog.openError(editor.getSite().getShell(), "Personal Data", "Could not store the review of the personal data: " + e.getMessage());
        }
    }

    /** A box a reviewer drew around personal data the scrub missed: named, kept, redacted in exports. */
    private void boxDrawn(int[] box) {
        InputDialog dialog = new InputDialog(editor.getSite().getShell(), "Personal Data", "What is in the box (a name, a face, a note)?"
                + " It is covered in exports.", "other", text -> text.isBlank() ? "Name what is in the box" : null);
        if (dialog.open() != InputDialog.OK) {
            return;
        }
        panel.addDrawn(box, dialog.getValue().strip());
        show(panel.scrub());
    }

    /** The panel with {@code found}, hidden while the task was never scrubbed. */
    private void show(StoredScrub found) {
        place(found);
        panel.control().getParent().layout(true);
        panel.show(editor.step());
        editor.statusLine();
    }

    private void place(StoredScrub found) {
        panel.setScrub(found);
        GridDataFactory.createFrom((GridData) panel.control().getLayoutData()).exclude(found == null).applyTo(panel.control());
        panel.control().setVisible(found != null);
    }

    /**
     * Reads the findings again after a change to the dataset: a scrub run elsewhere (another window, a worker) lists its
     * findings here too; a reading begun before a judgement made here is older than the panel and left unshown.
     */
    void reread() {
        String taskId = editor.draft().taskId();
        int storedBefore = stored;
        DatasetJobs.read("Reading the personal data found in " + taskId, panel.control(), () -> editor.dataset().scrubs().get(taskId), found -> {
            if (storedBefore == stored && !Objects.equals(found, panel.scrub()) && taskId.equals(editor.draft().taskId())) {
                show(found);
            }
        });
    }
}
