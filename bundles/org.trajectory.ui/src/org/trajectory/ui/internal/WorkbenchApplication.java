package org.trajectory.ui.internal;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.Platform;
import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.osgi.service.datalocation.Location;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.PlatformUI;

/** The GUI application: opens the workbench window and runs until it closes. */
public final class WorkbenchApplication implements IApplication {

    @Override
    public Object start(IApplicationContext context) {
        // Java's image classes decode and scale screenshots off the UI thread; no AWT window is ever shown, and headless
        // keeps AWT from opening an X connection of its own beside SWT's.
        System.setProperty("java.awt.headless", "true");
        Display display = PlatformUI.createDisplay();
        ServerLogins.install();
        try {
            if (!lockWorkspace()) {
                return EXIT_OK;
            }
            int code = PlatformUI.createAndRunWorkbench(display, new TrajectoryWorkbenchAdvisor());
            return code == PlatformUI.RETURN_RESTART ? EXIT_RESTART : EXIT_OK;
        } finally {
            display.dispose();
        }
    }

    /** Two windows on one workspace would overwrite each other's layout and preferences. */
    private static boolean lockWorkspace() {
        Location instance = Platform.getInstanceLocation();
        // getURL() puts the product's default (~/.trajectory-workbench/workspace) in force; isSet() alone is false until
        // then, and the lock was never taken: a second window opened on the same workspace
        if (instance == null || instance.getURL() == null) {
            return true; // no workspace (-data @none)
        }
        Path workspace = Path.of(instance.getURL().getPath());
        try {
            if (instance.lock()) {
                WorkspaceOwner.claim(workspace);
                return true;
            }
        } catch (IOException e) {
            ILog.of(WorkbenchApplication.class).error("Could not lock the workspace " + instance.getURL(), e);
        }
        String message = "Trajectory Workbench is already running with the workspace " + workspace
                + WorkspaceOwner.describe(workspace).map(holder -> " (" + holder + ")").orElse("") + ".\nSwitch to that window, or close it and start again.";
        System.err.println("trajectory-workbench: " + message.replace('\n', ' ')); // for a start from a terminal or a script
        MessageDialog.openError(null, "Trajectory Workbench", message);
        return false;
    }

    @Override
    public void stop() {
        if (!PlatformUI.isWorkbenchRunning()) {
            return;
        }
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        display.syncExec(() -> {
            if (!display.isDisposed()) {
                workbench.close();
            }
        });
    }
}
