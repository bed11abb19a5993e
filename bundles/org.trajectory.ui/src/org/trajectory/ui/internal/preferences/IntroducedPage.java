package org.trajectory.ui.internal.preferences;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.preference.PreferencePage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;

/** A preference page that starts with a paragraph saying what it sets, its fields below in columns. */
public abstract class IntroducedPage extends PreferencePage implements IWorkbenchPreferencePage {

    private final int columns;

    protected IntroducedPage(int columns) {
        this.columns = columns;
    }

    @Override
    public void init(IWorkbench workbench) {
    }

    /** The paragraph at the top of the page. */
    protected abstract String intro();

    /** Adds the fields below the paragraph; {@code page} is a grid of the page's columns. */
    protected void createFields(Composite page) {
    }

    @Override
    protected final Control createContents(Composite parent) {
        Composite page = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(columns).applyTo(page);
        Label text = new Label(page, SWT.WRAP);
        text.setText(intro());
        GridDataFactory.fillDefaults().grab(true, false).span(columns, 1).hint(460, SWT.DEFAULT).applyTo(text);
        createFields(page);
        return page;
    }
}
