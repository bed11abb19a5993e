package org.trajectory.ui.internal.preferences;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.core.runtime.ILog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.trajectory.scoring.ScoringCriteria;
import org.trajectory.scoring.Weights;
import org.trajectory.ui.internal.StartFolder;

/** The weights of the final score, one per criterion, with profiles saved to and loaded from JSON files. */
public final class ScoringPreferencePage extends IntroducedPage {

    private final List<ScoringCriteria.Descriptor> criteria = ScoringCriteria.get().all();
    private final Map<String, Text> fields = new LinkedHashMap<>();

    public ScoringPreferencePage() {
        super(2);
    }

    @Override
    protected String intro() {
        return "The final score is 0 when the format gate fails, else the weighted mean of the criteria that gave a score."
                + " A weight of 0 shows a criterion without counting it. Scores are recomputed from these weights at the next run.";
    }

    @Override
    protected void createFields(Composite page) {
        Weights weights = Weights.preferred(criteria);
        for (ScoringCriteria.Descriptor criterion : criteria) {
            if (criterion.id().equals(Weights.FORMAT)) {
                continue; // a gate, not a weight
            }
            new Label(page, SWT.NONE).setText(criterion.name() + (criterion.needsModel() ? " (model)" : "") + ":");
            Text field = new Text(page, SWT.BORDER);
            field.setText(String.format(Locale.ROOT, "%.2f", weights.of(criterion.id())));
            field.addModifyListener(e -> validate());
            GridDataFactory.swtDefaults().hint(80, SWT.DEFAULT).applyTo(field);
            fields.put(criterion.id(), field);
        }
        Composite buttons = new Composite(page, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(2).applyTo(buttons);
        GridDataFactory.fillDefaults().span(2, 1).indent(0, 10).applyTo(buttons);
        Button save = new Button(buttons, SWT.PUSH);
        save.setText("Save Profile...");
        save.addListener(SWT.Selection, e -> saveProfile());
        Button load = new Button(buttons, SWT.PUSH);
        load.setText("Load Profile...");
        load.addListener(SWT.Selection, e -> loadProfile());
    }

    private Weights entered() {
        Map<String, Double> map = new LinkedHashMap<>();
        fields.forEach((id, field) -> map.put(id, Double.parseDouble(field.getText().strip())));
        return Weights.defaults(criteria).with(map);
    }

    private void validate() {
        try {
            for (Map.Entry<String, Text> field : fields.entrySet()) {
                if (Double.parseDouble(field.getValue().getText().strip()) < 0) {
                    throw new NumberFormatException();
                }
            }
            setErrorMessage(null);
            setValid(true);
        } catch (NumberFormatException e) {
            setErrorMessage("Every weight is a number of 0 or more.");
            setValid(false);
        }
    }

    private void saveProfile() {
        FileDialog dialog = new FileDialog(getShell(), SWT.SAVE);
        dialog.setFilterExtensions(new String[] { "*.json" });
        dialog.setFileName("scoring-profile.json");
        dialog.setOverwrite(true);
        dialog.setFilterPath(StartFolder.of(null));
        String chosen = StartFolder.chosen(dialog.open());
        if (chosen != null && isValid()) {
            try {
                entered().save(Path.of(chosen));
            } catch (Exception e) {
                setErrorMessage("Could not save the profile: " + e.getMessage());
            }
        }
    }

    private void loadProfile() {
        FileDialog dialog = new FileDialog(getShell(), SWT.OPEN);
        dialog.setFilterExtensions(new String[] { "*.json" });
        dialog.setFilterPath(StartFolder.of(null));
        String chosen = StartFolder.chosen(dialog.open());
        if (chosen != null) {
            try {
                Weights loaded = Weights.load(Path.of(chosen), criteria);
                fields.forEach((id, field) -> field.setText(String.format(Locale.ROOT, "%.2f", loaded.of(id))));
            } catch (Exception e) {
                setErrorMessage("Could not load the profile: " + e.getMessage());
            }
        }
    }

    @Override
    protected void performDefaults() {
        Weights defaults = Weights.defaults(criteria);
        fields.forEach((id, field) -> field.setText(String.format(Locale.ROOT, "%.2f", defaults.of(id))));
        super.performDefaults();
    }

    @Override
    public boolean performOk() {
        try {
            entered().prefer();
            return true;
        } catch (Exception e) {
            ILog.of(getClass()).error("Could not keep the scoring weights", e);
            setErrorMessage("Could not keep the weights: " + e.getMessage());
            return false;
        }
    }
}
