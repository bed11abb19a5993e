package org.trajectory.ui.internal;

import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.PlatformUI;
import org.trajectory.vlm.SecretStorage;

/**
 * The window's way to ask for the master password that encrypts the secrets where the desktop has no keyring to hold
 * a password (no Secret Service on Linux, say): a dialog, once a session ({@link SecretStorage} keeps the rest).
 */
public final class MasterPasswordAsker implements SecretStorage.Asker {

    @Override
    public char[] ask(boolean create) {
        if (!PlatformUI.isWorkbenchRunning()) {
            return null;
        }
        char[][] password = new char[1][];
        Display display = PlatformUI.getWorkbench().getDisplay();
        display.syncExec(() -> {
            Shell parent = display.getActiveShell();
            PasswordDialog dialog = new PasswordDialog(parent, create);
            if (dialog.open() == Dialog.OK) {
                password[0] = dialog.password;
            }
        });
        return password[0];
    }

    /** Asks for the master password; a new one is typed twice. */
    private static final class PasswordDialog extends Dialog {
        private final boolean create;
        private Text first;
        private Text second;
        private Label problem;
        char[] password;

        PasswordDialog(Shell parent, boolean create) {
            super(parent);
            this.create = create;
        }

        @Override
        protected void configureShell(Shell shell) {
            super.configureShell(shell);
            shell.setText(create ? "Choose a Master Password" : "Master Password");
        }

        @Override
        protected Control createDialogArea(Composite parent) {
            Composite area = (Composite) super.createDialogArea(parent);
            GridLayoutFactory.swtDefaults().numColumns(2).applyTo(area);
            Label intro = new Label(area, SWT.WRAP);
            intro.setText(create ? "Keys and passwords are kept " + SecretStorage.describe() + ", since this desktop has no keyring."
                    + " Choose the master password; it is asked once a session." : "Type the master password that encrypts the stored keys and passwords.");
            GridDataFactory.fillDefaults().span(2, 1).hint(380, SWT.DEFAULT).applyTo(intro);
            new Label(area, SWT.NONE).setText("&Password:");
            first = new Text(area, SWT.BORDER | SWT.PASSWORD);
            GridDataFactory.fillDefaults().grab(true, false).applyTo(first);
            if (create) {
                new Label(area, SWT.NONE).setText("&Again:");
                second = new Text(area, SWT.BORDER | SWT.PASSWORD);
                GridDataFactory.fillDefaults().grab(true, false).applyTo(second);
            }
            problem = new Label(area, SWT.NONE);
            GridDataFactory.fillDefaults().span(2, 1).applyTo(problem);
            return area;
        }

        @Override
        protected void okPressed() {
            String typed = first.getText();
            if (typed.isEmpty()) {
                problem.setText("The password cannot be empty.");
                return;
            }
            if (create && !typed.equals(second.getText())) {
                problem.setText("The two passwords differ.");
                return;
            }
            password = typed.toCharArray();
            super.okPressed();
        }

        @Override
        protected void createButtonsForButtonBar(Composite parent) {
            createButton(parent, IDialogConstants.OK_ID, IDialogConstants.OK_LABEL, true);
            createButton(parent, IDialogConstants.CANCEL_ID, IDialogConstants.CANCEL_LABEL, false);
        }
    }
}
