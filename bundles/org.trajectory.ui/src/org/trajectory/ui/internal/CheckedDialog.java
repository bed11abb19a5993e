package org.trajectory.ui.internal;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Shell;

/** A form dialog whose OK button says what it does and is enabled only while the form has no problem, shown above it. */
public abstract class CheckedDialog extends FormDialog {

    private final String okLabel;

    protected CheckedDialog(Shell shell, String okLabel, String title, String message, int columns) {
        super(shell, title, message, columns);
        this.okLabel = okLabel;
    }

    /** What is wrong with the form as filled in, in the user's words, or null. */
    protected abstract String problem();

    /** Shows the form's problem and enables OK when there is none; call it whenever a field changes. */
    protected final void check() {
        String problem = problem();
        setErrorMessage(problem);
        Button ok = getButton(IDialogConstants.OK_ID);
        if (ok != null) {
            ok.setEnabled(problem == null);
        }
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        super.createButtonsForButtonBar(parent);
        getButton(IDialogConstants.OK_ID).setText(okLabel);
        check();
    }
}
