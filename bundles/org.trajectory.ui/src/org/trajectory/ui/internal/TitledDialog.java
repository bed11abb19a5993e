package org.trajectory.ui.internal;

import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Shell;

/** A dialog whose window carries its title: the window list and a screen reader name it by that. */
public abstract class TitledDialog extends Dialog {

    private final String title;

    protected TitledDialog(Shell parent, String title) {
        super(parent);
        this.title = title;
    }

    /** Lets the window be used while the dialog stays open beside it; {@code open()} returns at once. */
    protected final void modeless() {
        setShellStyle(SWT.DIALOG_TRIM | SWT.RESIZE | SWT.MODELESS);
        setBlockOnOpen(false);
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText(title);
    }
}
