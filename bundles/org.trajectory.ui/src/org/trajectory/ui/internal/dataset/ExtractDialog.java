package org.trajectory.ui.internal.dataset;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;

import org.trajectory.builder.EventsComparisonOperation;
import org.trajectory.extract.ExtractOperation;
import org.trajectory.extract.ExtractionMethods;
import org.trajectory.ui.internal.FormDialog;
import org.trajectory.ui.internal.PathField;
import org.trajectory.vlm.ProviderSettings;
import org.trajectory.vlm.VlmProviders;

/** Chooses a video (or a recording folder), its task text, the extraction method and, for a model method, the model. */
final class ExtractDialog extends FormDialog {

    /**
     * The choice: the video and its task, the method, the provider and model (null for a method without one), and
     * whether to measure the extraction against the trajectory the recording's events build.
     */
    record Choice(ExtractOperation.Input input, ExtractionMethods.Descriptor method, String provider, String model, boolean compare) {
    }

    private final List<ExtractionMethods.Descriptor> methods = ExtractionMethods.get().all();
    private final List<VlmProviders.Descriptor> providers = VlmProviders.get().all();
    private PathField video;
    private Text task;
    private Combo method;
    private Combo provider;
    private Text model;
    private Button compare;
    private Choice choice;

    ExtractDialog(Shell shell) {
        super(shell, "Extract Actions from Video",
                "Find the actions in a screen video that has no input events, and add them to the dataset as a trajectory."
                + " Extracting the same video again by the same method replaces its trajectory.", 3);
    }

    @Override
    protected void createForm(Composite form) {
        video = new PathField(form, "&Video:", PathField.Kind.OPEN_FILE, new String[] {"*.mp4;*.mkv;*.webm;*.mov;*.avi", "*"},
                this::videoChanged);
        new Label(form, SWT.NONE).setText("&Task:");
        task = new Text(form, SWT.BORDER);
        task.setMessage("what the person was doing, e.g. Rename the report to Q3");
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).applyTo(task);
        task.addModifyListener(e -> check());

        new Label(form, SWT.NONE).setText("&Method:");
        method = new Combo(form, SWT.READ_ONLY);
        methods.forEach(m -> method.add(m.name()));
        method.select(0);
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).applyTo(method);

        new Label(form, SWT.NONE).setText("&Provider:");
        provider = new Combo(form, SWT.READ_ONLY);
        providers.forEach(p -> provider.add(p.name()));
        provider.select(0);
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).applyTo(provider);

        new Label(form, SWT.NONE).setText("M&odel:");
        model = new Text(form, SWT.BORDER);
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).applyTo(model);

        compare = new Button(form, SWT.CHECK);
        compare.setText("&Compare with the trajectory the recording's events build (Sharingan, AgentNetBench)");
        compare.setToolTipText("For a video in one of our recordings: its events are the truth the extraction is measured against");
        GridDataFactory.fillDefaults().span(3, 1).applyTo(compare);

        Label keys = new Label(form, SWT.WRAP);
        keys.setText("Base URL, API key and timeout of a provider are set in Window > Preferences > Vision-Language Models.");
        GridDataFactory.fillDefaults().span(3, 1).grab(true, false).hint(460, SWT.DEFAULT).applyTo(keys);
        method.addListener(SWT.Selection, e -> showModel());
        provider.addListener(SWT.Selection, e -> showModel());
        showModel();
    }

    /** A video chosen: its task from VIDEO.txt beside it (or its recording's), when the field is still empty. */
    private void videoChanged() {
        Path chosen = video.path();
        if (chosen != null && task.getText().isBlank() && (Files.isRegularFile(chosen) || Files.isDirectory(chosen))) {
            try {
                String known = ExtractOperation.Input.of(chosen, null).task();
                if (known != null) {
                    task.setText(known);
                }
            } catch (IOException unreadable) {
                // the run says so
            }
        }
        check();
    }

    private void showModel() {
        boolean needsModel = methods.get(method.getSelectionIndex()).needsModel();
        provider.setEnabled(needsModel);
        model.setEnabled(needsModel);
        int index = provider.getSelectionIndex();
        model.setText(needsModel && index >= 0 ? ProviderSettings.get(ProviderSettings.node(providers.get(index).id()), ProviderSettings.MODEL,
                providers.get(index).defaultModel()) : "");
    }

    private void check() {
        boolean recording = video.path() != null && EventsComparisonOperation.recordingOf(video.path()) != null;
        compare.setEnabled(recording);
        if (!recording) {
            compare.setSelection(false);
        }
        Button ok = getButton(IDialogConstants.OK_ID);
        String problem = video.path() == null ? "Choose a video."
                : !Files.exists(video.path()) ? video.path() + " does not exist."
                : task.getText().isBlank() ? "Say what the person was doing in the video." : null;
        setErrorMessage(video.text().getText().isBlank() ? null : problem);
        if (ok != null) {
            ok.setEnabled(problem == null);
        }
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, IDialogConstants.OK_ID, "&Extract", true);
        createButton(parent, IDialogConstants.CANCEL_ID, IDialogConstants.CANCEL_LABEL, false);
        check();
    }

    @Override
    protected void okPressed() {
        ExtractionMethods.Descriptor chosen = methods.get(method.getSelectionIndex());
        try {
            ExtractOperation.Input input = ExtractOperation.Input.of(video.path(), task.getText().strip());
            choice = new Choice(input, chosen, chosen.needsModel() ? providers.get(provider.getSelectionIndex()).id() : null,
                    chosen.needsModel() && !model.getText().isBlank() ? model.getText().strip() : null, compare.getSelection());
        } catch (IOException e) {
            setErrorMessage(e.getMessage());
            return;
        }
        super.okPressed();
    }

    Choice choice() {
        return choice;
    }
}
