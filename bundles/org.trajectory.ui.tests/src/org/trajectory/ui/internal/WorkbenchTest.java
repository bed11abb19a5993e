package org.trajectory.ui.internal;

import java.nio.file.Path;
import java.util.function.BooleanSupplier;

import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.dataset.Dataset;
import org.trajectory.export.kit.ExportFixture;

/**
 * What a test of the real workbench starts from: a folder of its own, the window's page and display; and what it
 * leaves behind: no editor and no dataset open for the next test.
 */
public abstract class WorkbenchTest {

    @TempDir
    protected Path temp;
    protected final IWorkbenchPage page = PlatformUI.getWorkbench().getWorkbenchWindows()[0].getActivePage();
    protected final Display display = page.getWorkbenchWindow().getShell().getDisplay();

    @AfterEach
    void closeEditorsAndDataset() {
        page.closeAllEditors(false);
        DatasetSession.get().close();
    }

    /** Makes {@link ExportFixture}'s dataset of {@code tasks} tasks in the test's folder and opens it in the window. */
    protected Path openFixture(int tasks) throws Exception {
        Path folder = temp.resolve("ds");
        try (Dataset dataset = ExportFixture.create(folder, tasks)) {
            // tasks on Ubuntu and Windows in turn, every other one approved
        }
        DatasetSession.get().open(folder, false);
        return folder;
    }

    /** Waits, letting the UI run, until a user would see {@code condition}. */
    protected void waitFor(BooleanSupplier condition, String what) {
        UiWait.until(display, condition, what);
    }

    /** Lets the UI run for a while. */
    protected void spin(long millis) {
        UiWait.spin(display, millis);
    }

    /** Lets the UI handle one event, or rest a moment when there is none. */
    protected void spin() {
        if (!display.readAndDispatch()) {
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
