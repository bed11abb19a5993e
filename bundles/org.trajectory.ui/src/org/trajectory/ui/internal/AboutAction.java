package org.trajectory.ui.internal;

import org.eclipse.jface.action.Action;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.actions.ActionFactory.IWorkbenchAction;

final class AboutAction extends Action implements IWorkbenchAction {

    static final String ID = "org.trajectory.ui.actions.about";

    private IWorkbenchWindow window;

    AboutAction(IWorkbenchWindow window) {
        super("&About Trajectory Workbench");
        setId(ID);
        this.window = window;
    }

    @Override
    public void run() {
        if (window != null) {
            new AboutDialog(window.getShell()).open();
        }
    }

    @Override
    public void dispose() {
        window = null;
    }
}
