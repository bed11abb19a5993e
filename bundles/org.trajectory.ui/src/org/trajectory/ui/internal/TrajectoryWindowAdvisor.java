package org.trajectory.ui.internal;

import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.application.ActionBarAdvisor;
import org.eclipse.ui.application.IActionBarConfigurer;
import org.eclipse.ui.application.IWorkbenchWindowConfigurer;
import org.eclipse.ui.application.WorkbenchWindowAdvisor;

final class TrajectoryWindowAdvisor extends WorkbenchWindowAdvisor {

    /** The window title; tests look the shell up by it. */
    static final String TITLE = "Trajectory Workbench";

    TrajectoryWindowAdvisor(IWorkbenchWindowConfigurer configurer) {
        super(configurer);
    }

    @Override
    public ActionBarAdvisor createActionBarAdvisor(IActionBarConfigurer configurer) {
        return new TrajectoryActionBarAdvisor(configurer);
    }

    @Override
    public void preWindowOpen() {
        IWorkbenchWindowConfigurer configurer = getWindowConfigurer();
        // the first start fills the screen; later starts restore the bounds the window had (save and restore is on)
        Rectangle screen = Display.getDefault().getPrimaryMonitor().getClientArea();
        configurer.setInitialSize(new Point(screen.width, screen.height));
        configurer.setTitle(TITLE);
        configurer.setShowCoolBar(false);
        configurer.setShowStatusLine(true);
        configurer.setShowProgressIndicator(true);
        configurer.setShowPerspectiveBar(false);
    }

    @Override
    public void postWindowOpen() {
        EditorAreaHint.install(getWindowConfigurer().getWindow());
        // the product's own window keys (Ctrl+E), above the platform's in the window context
        getWindowConfigurer().getWindow().getService(org.eclipse.ui.contexts.IContextService.class).activateContext(WORKBENCH_CONTEXT);
    }

    /** The context of the product's window-wide keys, active in every window. */
    public static final String WORKBENCH_CONTEXT = "org.trajectory.ui.contexts.workbench";
}
