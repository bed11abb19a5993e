package org.trajectory.ui.internal.dataset;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.Test;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.WidgetFinder;
import org.trajectory.ui.internal.WorkbenchTest;

/** A job that ends says so in the window, in the command line's words: what it did, or why it could not. */
class JobsSayTheirEndTest extends WorkbenchTest {

    /**
     * Watches for a message dialog holding {@code words} and closes it, noting its text. A dialog runs its own event
     * loop, so the watch is a timer, which that loop runs too.
     */
    private void closeWhenShown(String words, StringBuilder said) {
        closeWhenShown(words, said, 300);
    }

    /** After {@code tries} tenths of a second any such dialog is closed, so a dialog saying something else fails the test, never hangs it. */
    private void closeWhenShown(String words, StringBuilder said, int tries) {
        display.timerExec(100, () -> {
            for (Shell shell : display.getShells()) {
                if (!shell.isDisposed() && shell.isVisible() && "Trajectory Workbench".equals(shell.getText())) {
                    Optional<String> text = WidgetFinder.all(shell, Label.class).stream().map(Label::getText)
                            .filter(t -> t.contains(words) || tries == 0).findFirst();
                    if (text.isPresent()) {
                        said.append(text.get());
                        shell.close();
                        return;
                    }
                }
            }
            if (tries > 0) {
                closeWhenShown(words, said, tries - 1);
            }
        });
    }

    @Test
    void anImportThatCannotReadItsFileSaysWhyAndOneThatCanSaysWhatItDid() throws Exception {
        Shell window = page.getWorkbenchWindow().getShell();
        Path notes = Files.writeString(temp.resolve("notes.txt"), "These are notes\nabout nothing\n");
        StringBuilder failed = new StringBuilder();
        closeWhenShown("no importer reads it", failed);
        DatasetJobs.importJob(new DatasetAddress.Folder(temp.resolve("notes-dataset")), notes, null, window).schedule();
        waitFor(() -> !failed.isEmpty(), "the window says why the import failed");
        assertTrue(failed.toString().contains("no importer reads it") && failed.toString().contains("notes.txt"), failed.toString());

        Path records = Files.writeString(temp.resolve("one.jsonl"), "{\"task_id\": \"t1\", \"instruction\": \"Open the editor\","
                + " \"traj\": [{\"index\": 0, \"image\": null, \"value\": {\"code\": \"computer.terminate(status='success')\"}}]}\n");
        StringBuilder done = new StringBuilder();
        closeWhenShown("Imported 1 task", done);
        DatasetJobs.importJob(new DatasetAddress.Folder(temp.resolve("one-dataset")), records, null, window).schedule();
        waitFor(() -> !done.isEmpty(), "the window says what the import did");
        assertTrue(done.toString().contains("Imported 1 task"), done.toString());
    }
}
