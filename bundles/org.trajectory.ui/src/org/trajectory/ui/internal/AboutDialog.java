package org.trajectory.ui.internal;

import org.eclipse.core.runtime.Platform;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.osgi.framework.FrameworkUtil;

/** Name, version, runtime and where the log is: what a bug report needs. */
final class AboutDialog extends TitledDialog {

    static final String TITLE = "About Trajectory Workbench";

    AboutDialog(Shell parent) {
        super(parent, TITLE);
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        Label name = new Label(area, SWT.NONE);
        name.setText("Trajectory Workbench");
        name.setFont(JFaceResources.getHeaderFont());
        Label version = new Label(area, SWT.NONE);
        version.setText("Version " + version());
        Label purpose = new Label(area, SWT.WRAP);
        purpose.setText("Record, build, review, score and export training trajectories for computer-use agents.");
        GridDataFactory.fillDefaults().hint(420, SWT.DEFAULT).applyTo(purpose);
        // Selectable, so it can be pasted into a bug report.
        Text details = new Text(area, SWT.READ_ONLY | SWT.MULTI | SWT.WRAP);
        details.setText("Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")\n"
                + "OS " + Platform.getOS() + "/" + Platform.getWS() + "/" + Platform.getOSArch() + "\n"
                + "Log " + Platform.getLogFileLocation().toOSString());
        GridDataFactory.fillDefaults().hint(420, SWT.DEFAULT).applyTo(details);
        return area;
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, IDialogConstants.OK_ID, IDialogConstants.CLOSE_LABEL, true);
    }

    /** All bundles of the product carry the version of the root pom. */
    static String version() {
        return FrameworkUtil.getBundle(AboutDialog.class).getVersion().toString();
    }
}
