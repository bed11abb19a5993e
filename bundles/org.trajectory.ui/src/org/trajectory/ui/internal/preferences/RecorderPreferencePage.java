package org.trajectory.ui.internal.preferences;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.preference.PreferencePage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;
import org.trajectory.recorder.PrivacyFilter;
import org.trajectory.recorder.RecorderPreferences;

/**
 * The windows the recorder keeps private, besides the built-in ones: regular expressions matched against the active
 * window's title and class. While one is in front, typed characters are replaced by a marker and frames are blanked.
 * They are kept in the recorder's own preferences, which {@code ./workbench record} reads too.
 */
public final class RecorderPreferencePage extends PreferencePage implements IWorkbenchPreferencePage {

    private Text extra;
    private Button elements;

    @Override
    public void init(IWorkbench workbench) {
    }

    @Override
    protected Control createContents(Composite parent) {
        Composite page = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().applyTo(page);
        Label intro = new Label(page, SWT.WRAP);
        intro.setText("Windows kept private while recording: no typed character is stored and their frames are blanked."
                + " Built in: " + String.join("  ", PrivacyFilter.DEFAULT_EXCLUSIONS) + "\n\n&More patterns (a regular expression"
                + " a line, matched against the window's title and class; # starts a comment):");
        GridDataFactory.fillDefaults().grab(true, false).hint(460, SWT.DEFAULT).applyTo(intro);
        extra = new Text(page, SWT.BORDER | SWT.MULTI | SWT.V_SCROLL);
        extra.setText(RecorderPreferences.userExclusions());
        extra.addModifyListener(e -> validate());
        GridDataFactory.fillDefaults().grab(true, true).hint(460, 140).applyTo(extra);
        elements = new Button(page, SWT.CHECK);
        elements.setText("&Capture the element under each press and each focus change (accessibility; password fields keep no words)");
        elements.setSelection(RecorderPreferences.elements());
        return page;
    }

    private void validate() {
        try {
            PrivacyFilter.parseExclusions(extra.getText());
            setErrorMessage(null);
            setValid(true);
        } catch (IllegalArgumentException e) {
            setErrorMessage(e.getMessage());
            setValid(false);
        }
    }

    @Override
    protected void performDefaults() {
        extra.setText("");
        elements.setSelection(true);
        super.performDefaults();
    }

    @Override
    public boolean performOk() {
        try {
            RecorderPreferences.node().put(RecorderPreferences.EXCLUSIONS, extra.getText());
            RecorderPreferences.node().putBoolean(RecorderPreferences.ELEMENTS, elements.getSelection());
            RecorderPreferences.node().flush();
            return true;
        } catch (Exception e) {
            setErrorMessage("Could not keep the patterns: " + e.getMessage());
            return false;
        }
    }
}
