package org.trajectory.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Closing the window while work runs asks first: keep working, or cancel the work (which then ends) and close. */
class ClosingDuringWorkTest extends WorkbenchTest {

    /** Work of the window's family that runs until it is cancelled, as a long import would. */
    private final Job work = new Job("Importing a large file") {
        @Override
        protected IStatus run(IProgressMonitor monitor) {
            while (!monitor.isCanceled()) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return Status.CANCEL_STATUS;
                }
            }
            return Status.CANCEL_STATUS;
        }

        @Override
        public boolean belongsTo(Object family) {
            return family == DatasetJobs.FAMILY;
        }
    };

    @AfterEach
    void endWork() throws InterruptedException {
        work.cancel();
        work.join();
    }

    private void answer(String button) {
        display.timerExec(300, () -> {
            Shell question = Arrays.stream(display.getShells()).filter(s -> TrajectoryWorkbenchAdvisor.CLOSE_TITLE.equals(s.getText()))
                    .findFirst().orElseThrow(() -> new AssertionError("no question was asked"));
            WidgetFinder.find(question, Button.class, b -> button.equals(b.getText())).orElseThrow().notifyListeners(SWT.Selection, new Event());
        });
    }

    @Test
    void closingAsksWhileWorkRunsAndCancelsItOnlyWhenTold() {
        Shell shell = page.getWorkbenchWindow().getShell();
        assertTrue(TrajectoryWorkbenchAdvisor.askBeforeClosing(PlatformUI.getWorkbench(), shell), "nothing runs: it closes without asking");
        work.schedule();
        waitFor(() -> work.getState() == Job.RUNNING, "the work runs");

        answer("&Keep Working");
        assertFalse(TrajectoryWorkbenchAdvisor.askBeforeClosing(PlatformUI.getWorkbench(), shell), "kept working: the window stays");
        assertEquals(Job.RUNNING, work.getState(), "and the work goes on");

        answer("&Cancel and Close");
        assertTrue(TrajectoryWorkbenchAdvisor.askBeforeClosing(PlatformUI.getWorkbench(), shell));
        assertEquals(Job.NONE, work.getState(), "the work was cancelled and has ended before the window closes");
        assertEquals(IStatus.CANCEL, work.getResult().getSeverity());
    }
}
