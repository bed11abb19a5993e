package org.trajectory.ui.internal.dataset;

import java.util.List;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.trajectory.builder.annotate.OfflineAnnotator;
import org.trajectory.ui.internal.FormDialog;
import org.trajectory.ui.internal.TaskScope;
import org.trajectory.vlm.ProviderSettings;
import org.trajectory.vlm.VlmProviders;

/** Chooses who writes the reasoning (a provider and model, or the offline annotator) and how many requests at once. */
final class AnnotateDialog extends FormDialog {

    /**
     * The choice: provider id ({@value OfflineAnnotator#ID} for none), model (null: the provider's setting), concurrency,
     * and whether the tasks a reviewer approved or rejected are annotated too.
     */
    record Choice(String provider, String model, int concurrency, boolean includeReviewed, TaskScope.Chosen tasks) {
    }

    private final List<VlmProviders.Descriptor> providers = VlmProviders.get().all();
    private Combo provider;
    private Text model;
    private Spinner concurrency;
    private Button includeReviewed;
    private Choice choice;
    private final TaskScope scope;

    AnnotateDialog(Shell shell, TaskScope scope) {
        super(shell, "Annotate the Dataset",
                "A model writes each step's observation, thought, action and reflection and each task's summary."
                + " Steps already written are skipped, so a stopped run resumes.", 2);
        this.scope = scope;
    }

    @Override
    protected void createForm(Composite form) {
        scope.create(form);
        new Label(form, SWT.NONE).setText("&Provider:");
        provider = new Combo(form, SWT.READ_ONLY);
        providers.forEach(p -> provider.add(p.name()));
        provider.add("Offline: no model, text from the action, window and OCR");
        provider.select(0);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(provider);

        new Label(form, SWT.NONE).setText("&Model:");
        model = new Text(form, SWT.BORDER);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(model);

        new Label(form, SWT.NONE).setText("&Requests at once:");
        concurrency = new Spinner(form, SWT.BORDER);
        concurrency.setValues(4, 1, 64, 0, 1, 4);

        includeReviewed = new Button(form, SWT.CHECK);
        includeReviewed.setText("Also the &reviewed tasks (approved or rejected: each one changed goes back to review)");
        GridDataFactory.fillDefaults().span(2, 1).applyTo(includeReviewed);

        Label keys = new Label(form, SWT.WRAP);
        keys.setText("Base URL, API key, timeout and prices are set in Window > Preferences > Vision-Language Models.");
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).hint(420, SWT.DEFAULT).applyTo(keys);
        provider.addListener(SWT.Selection, e -> showModel());
        showModel();
    }

    private void showModel() {
        int index = provider.getSelectionIndex();
        boolean offline = index >= providers.size();
        model.setEnabled(!offline);
        model.setText(offline ? "" : ProviderSettings.get(ProviderSettings.node(providers.get(index).id()), ProviderSettings.MODEL,
                providers.get(index).defaultModel()));
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        Button ok = createButton(parent, IDialogConstants.OK_ID, "&Annotate", true);
        ok.setFocus();
        createButton(parent, IDialogConstants.CANCEL_ID, IDialogConstants.CANCEL_LABEL, false);
    }

    @Override
    protected void okPressed() {
        int index = provider.getSelectionIndex();
        boolean offline = index >= providers.size();
        choice = new Choice(offline ? OfflineAnnotator.ID : providers.get(index).id(),
                offline || model.getText().isBlank() ? null : model.getText().strip(), concurrency.getSelection(), includeReviewed.getSelection(),
                scope.chosen());
        super.okPressed();
    }

    Choice choice() {
        return choice;
    }
}
