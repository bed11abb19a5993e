package org.trajectory.ui.internal.preferences;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Text;
import org.trajectory.recorder.PrivacyFilter;
import org.trajectory.recorder.RecorderPreferences;

/**
 * The windows the recorder keeps private, besides the built-in ones: regular expressions matched against the active
 * window's title and class. While one is in front, typed characters are replaced by a marker and frames are blanked.
 * They are kept in the recorder's own preferences, which {@code ./workbench record} reads too.
 */
public final class RecorderPreferencePage extends IntroducedPage {

    private Text extra;
    private Button elements;

    public RecorderPreferencePage() {
        super(1);
    }

    @Override
    protected String intro() {
        return "Windows kept private while recording: no typed character is stored and their frames are blanked."
                + " Built in: " + String.join("  ", PrivacyFilter.DEFAULT_EXCLUSIONS) + "\n\n&More patterns (a regular expression"
                + " a line, matched against the window's title and class; # starts a comment):";
    }

    @Override
    protected void createFields(Composite page) {
        extra = new Text(page, SWT.BORDER | SWT.MULTI | SWT.V_SCROLL);
        extra.setText(RecorderPreferences.userExclusions());
        extra.addModifyListener(e -> validate());
        GridDataFactory.fillDefaults().grab(true, true).hint(460, 140).applyTo(extra);
        elements = new Button(page, SWT.CHECK);
        elements.setText("&Capture the element under each press and each focus change (accessibility; password fields keep no words)");
        elements.setSelection(RecorderPreferences.elements());
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
