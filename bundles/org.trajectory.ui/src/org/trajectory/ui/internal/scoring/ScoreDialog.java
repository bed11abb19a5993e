package org.trajectory.ui.internal.scoring;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Spinner;
import org.trajectory.scoring.ScoringCriteria;
import org.trajectory.ui.internal.FormDialog;
import org.trajectory.ui.internal.TaskScope;
import org.trajectory.vlm.VlmProviders;

/** Chooses the criteria of a scoring run, the provider for those a model judges, and whether to redo current scores. */
final class ScoreDialog extends FormDialog {

    /** The choice: criteria, provider id (null: none), requests at once, rescore everything. */
    record Choice(List<ScoringCriteria.Descriptor> criteria, String provider, int concurrency, boolean force, TaskScope.Chosen tasks) {
    }

    private final List<ScoringCriteria.Descriptor> criteria = ScoringCriteria.get().all();
    private final List<VlmProviders.Descriptor> providers = VlmProviders.get().all();
    private final List<Button> checks = new ArrayList<>();
    private Combo provider;
    private Spinner concurrency;
    private Button force;
    private Choice choice;
    private final TaskScope scope;

    ScoreDialog(Shell shell, TaskScope scope) {
        super(shell, "Score the Dataset",
                "Tasks are scored again only where they or a criterion changed since their last score.", 2);
        this.scope = scope;
    }

    @Override
    protected void createForm(Composite form) {
        scope.create(form);
        new Label(form, SWT.NONE).setText("Criteria:");
        Composite boxes = new Composite(form, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(2).applyTo(boxes);
        for (ScoringCriteria.Descriptor criterion : criteria) {
            Button check = new Button(boxes, SWT.CHECK);
            check.setText(criterion.name() + (criterion.needsModel() ? " (model)" : ""));
            check.setData(criterion);
            check.setSelection(!criterion.needsModel());
            checks.add(check);
        }
        new Label(form, SWT.NONE).setText("&Model for judged criteria:");
        provider = new Combo(form, SWT.READ_ONLY);
        provider.add("None: skip the criteria a model judges");
        providers.forEach(p -> provider.add(p.name()));
        provider.select(0);
        provider.addListener(SWT.Selection, e -> checks.stream().filter(c -> ((ScoringCriteria.Descriptor) c.getData()).needsModel())
                .forEach(c -> c.setSelection(provider.getSelectionIndex() > 0)));
        GridDataFactory.fillDefaults().grab(true, false).applyTo(provider);
        new Label(form, SWT.NONE).setText("&Tasks at once:");
        concurrency = new Spinner(form, SWT.BORDER);
        int cores = Runtime.getRuntime().availableProcessors();
        concurrency.setValues(cores, 1, 64, 0, 1, 4);
        force = new Button(form, SWT.CHECK);
        force.setText("&Rescore every task, even where its scores are current");
        GridDataFactory.fillDefaults().span(2, 1).applyTo(force);
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, IDialogConstants.OK_ID, "&Score", true);
        createButton(parent, IDialogConstants.CANCEL_ID, IDialogConstants.CANCEL_LABEL, false);
    }

    @Override
    protected void okPressed() {
        List<ScoringCriteria.Descriptor> chosen = checks.stream().filter(Button::getSelection)
                .map(c -> (ScoringCriteria.Descriptor) c.getData()).toList();
        if (chosen.isEmpty()) {
            setErrorMessage("Choose at least one criterion.");
            return;
        }
        int index = provider.getSelectionIndex();
        choice = new Choice(chosen, index == 0 ? null : providers.get(index - 1).id(), concurrency.getSelection(), force.getSelection(),
                scope.chosen());
        super.okPressed();
    }

    Choice choice() {
        return choice;
    }
}
