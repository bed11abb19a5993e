package org.trajectory.ui.internal;

import java.util.List;

import org.eclipse.core.runtime.Platform;
import org.eclipse.e4.core.contexts.IEclipseContext;
import org.eclipse.jface.dialogs.MessageDialog;
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

    @Override
    public String getInitialWindowPerspectiveId() {
        return CurationPerspective.ID;
    }

    @Override
    public WorkbenchWindowAdvisor createWorkbenchWindowAdvisor(IWorkbenchWindowConfigurer configurer) {
        return new TrajectoryWindowAdvisor(configurer);
    }
}
