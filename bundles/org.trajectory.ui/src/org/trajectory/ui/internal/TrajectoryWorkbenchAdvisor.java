package org.trajectory.ui.internal;

import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.e4.core.contexts.IEclipseContext;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.application.IWorkbenchConfigurer;
import org.eclipse.ui.application.IWorkbenchWindowConfigurer;
import org.eclipse.ui.application.WorkbenchAdvisor;
import org.eclipse.ui.application.WorkbenchWindowAdvisor;
import org.trajectory.dataset.DatasetAddress;

final class TrajectoryWorkbenchAdvisor extends WorkbenchAdvisor {

    @Override
    public void initialize(IWorkbenchConfigurer configurer) {
        // Layout, open views and sizes come back as the user left them.
        configurer.setSaveAndRestore(true);
        // The one dataset session, for every area to take from its site or window.
        configurer.getWorkbench().getService(IEclipseContext.class).set(DatasetSession.class, new DatasetSession());
    }

    /** Opens the dataset named by {@code --dataset DIR|ADDRESS} on the command line, else the one open last time. */
    @Override
    public void postStartup() {
        List<String> args = List.of(Platform.getApplicationArgs());
        int option = args.indexOf("--dataset");
        if (option >= 0 && option + 1 < args.size()) {
            IWorkbenchWindow window = getWorkbenchConfigurer().getWorkbench().getActiveWorkbenchWindow();
            DatasetAddress address;
            try {
                address = DatasetAddress.parse(args.get(option + 1));
            } catch (IllegalArgumentException e) {
                MessageDialog.openError(window.getShell(), "Open Dataset", e.getMessage());
                return;
            }
            DatasetJobs.open(window.getShell(), address, false);
        } else {
            DatasetSession session = DatasetSession.of(getWorkbenchConfigurer().getWorkbench());
            DatasetJobs.background("Reopening the last dataset", DatasetJobs.READS, monitor -> {
                session.reopenLast();
                return org.eclipse.core.runtime.Status.OK_STATUS;
            });
        }
    }

    /**
     * Closing while work runs (an import, a build, a recording) asks, as Eclipse does: wait for it, cancel it (what it
     * did by then is kept, and a recording is closed whole), or keep the window open.
     */
    @Override
    public boolean preShutdown() {
        IWorkbench workbench = getWorkbenchConfigurer().getWorkbench();
        IWorkbenchWindow window = workbench.getActiveWorkbenchWindow();
        return askBeforeClosing(workbench, window == null ? null : window.getShell());
    }

    /** Whether the window may close: yes when no work runs, else as the person answers (waiting or cancelling first). */
    static boolean askBeforeClosing(IWorkbench workbench, Shell shell) {
        List<Job> running = Arrays.stream(Job.getJobManager().find(DatasetJobs.FAMILY)).filter(job -> job.getState() != Job.NONE).toList();
        if (running.isEmpty()) {
            return true;
        }
        String names = running.stream().map(Job::getName).collect(Collectors.joining(", "));
        int answer = new MessageDialog(shell, CLOSE_TITLE, null, names + (running.size() == 1 ? " is" : " are")
                + " still running. Wait for " + (running.size() == 1 ? "it" : "them") + " to finish, or cancel (what is done by then"
                + " is kept)?", MessageDialog.QUESTION, 0, "&Wait, Then Close", "&Cancel and Close", "&Keep Working").open();
        if (answer != 0 && answer != 1) {
            return false;
        }
        if (answer == 1) {
            running.forEach(Job::cancel);
        }
        try {
            workbench.getProgressService().busyCursorWhile(monitor -> {
                try {
                    Job.getJobManager().join(DatasetJobs.FAMILY, monitor);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            return true;
        } catch (InvocationTargetException | InterruptedException e) {
            return false; // waiting was cancelled: the window stays
        }
    }

    /** The title of the question asked when the window closes while work runs. */
    static final String CLOSE_TITLE = "Work Is Running";

    @Override
    public String getInitialWindowPerspectiveId() {
        return CurationPerspective.ID;
    }

    @Override
    public WorkbenchWindowAdvisor createWorkbenchWindowAdvisor(IWorkbenchWindowConfigurer configurer) {
        return new TrajectoryWindowAdvisor(configurer);
    }
}
