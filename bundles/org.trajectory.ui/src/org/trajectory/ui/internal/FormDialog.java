package org.trajectory.ui.internal;

import org.eclipse.jface.dialogs.TitleAreaDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Shell;

/** A dialog with a title and a message above a form of labelled fields in columns. */
public abstract class FormDialog extends TitleAreaDialog {

    private final String title;
    private final String message;
    private final int columns;

    protected FormDialog(Shell shell, String title, String message, int columns) {
        super(shell);
        this.title = title;
        this.message = message;
        this.columns = columns;
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText(title); // what the window list and a screen reader name it by
    }

    @Override
    protected final Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        setTitle(title);
        setMessage(message);
        Composite form = new Composite(area, SWT.NONE);
        GridLayoutFactory.swtDefaults().numColumns(columns).applyTo(form);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(form);
        createForm(form);
        return area;
    }

    /** Fills the form: a grid of the columns given. */
    protected abstract void createForm(Composite form);
}
