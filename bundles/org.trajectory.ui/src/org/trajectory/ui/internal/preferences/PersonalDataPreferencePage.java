package org.trajectory.ui.internal.preferences;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.trajectory.scrub.ScrubPreferences;

/**
 * What a scrub looks for besides what its detectors know: the contributor's own names, e-mail addresses and handles,
 * the surest sign of personal data there is, and the country whose phone formats apply. Kept in the scrub's own
 * preferences, which {@code ./workbench scrub} reads too.
 */
public final class PersonalDataPreferencePage extends IntroducedPage {

    private Text identifiers;
    private Text region;

    public PersonalDataPreferencePage() {
        super(1);
    }

    @Override
    protected String intro() {
        return "A scrub (File > Scrub Personal Data) looks for these everywhere in a task: its texts and every screenshot. Your user"
                + " and host names are always looked for.\n\n&Your names, e-mail addresses and handles (one a line; # starts a comment):";
    }

    @Override
    protected void createFields(Composite page) {
        identifiers = new Text(page, SWT.BORDER | SWT.MULTI | SWT.V_SCROLL);
        identifiers.setText(ScrubPreferences.identifierText());
        GridDataFactory.fillDefaults().grab(true, true).hint(460, 120).applyTo(identifiers);
        Label label = new Label(page, SWT.WRAP);
        label.setText("&Country of the phone numbers written without a country code (ISO code such as US, DE, GB; empty for this machine's):");
        GridDataFactory.fillDefaults().grab(true, false).hint(460, SWT.DEFAULT).applyTo(label);
        region = new Text(page, SWT.BORDER);
        region.setText(ScrubPreferences.region());
        region.setTextLimit(2);
        region.addModifyListener(e -> validate());
        GridDataFactory.swtDefaults().hint(60, SWT.DEFAULT).applyTo(region);
    }

    private void validate() {
        boolean valid = region.getText().isBlank() || region.getText().strip().matches("[A-Za-z]{2}");
        setErrorMessage(valid ? null : "The country is a two-letter code, such as US or DE");
        setValid(valid);
    }

    @Override
    protected void performDefaults() {
        identifiers.setText("");
        region.setText("");
        super.performDefaults();
    }

    @Override
    public boolean performOk() {
        try {
            ScrubPreferences.node().put(ScrubPreferences.IDENTIFIERS, identifiers.getText());
            ScrubPreferences.node().put(ScrubPreferences.REGION, region.getText().strip().toUpperCase(java.util.Locale.ROOT));
            ScrubPreferences.node().flush();
            return true;
        } catch (Exception e) {
            setErrorMessage("Could not keep the identifiers: " + e.getMessage());
            return false;
        }
    }
}
