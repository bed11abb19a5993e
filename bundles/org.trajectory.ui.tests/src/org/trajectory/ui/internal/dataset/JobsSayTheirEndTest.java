package org.trajectory.ui.internal.dataset;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.Test;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.WorkbenchTest;

/** A job that ends says so in the window, in the command line's words: what it did, or why it could not. */
class JobsSayTheirEndTest extends WorkbenchTest {

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

    /**
     * A wizard closes as the job it started runs: the job's end is said over the workbench's window all the same (an
     * import or export from its wizard ended silently, its summary only in the Error Log).
     */
    @Test
    void aJobWhoseWizardHasClosedStillSaysItsEnd() throws Exception {
        Shell wizard = new Shell(page.getWorkbenchWindow().getShell());
        wizard.dispose();
        Path records = Files.writeString(temp.resolve("two.jsonl"), "{\"task_id\": \"t2\", \"instruction\": \"Close the editor\","
                + " \"traj\": [{\"index\": 0, \"image\": null, \"value\": {\"code\": \"computer.terminate(status='success')\"}}]}\n");
        StringBuilder done = new StringBuilder();
        closeWhenShown("Imported 1 task", done);
        DatasetJobs.importJob(new DatasetAddress.Folder(temp.resolve("two-dataset")), records, null, wizard).schedule();
        waitFor(() -> !done.isEmpty(), "the window says what the import did, its wizard gone");
    }
}
