package org.trajectory.ui.internal.review;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.trajectory.ui.internal.CheckedDialog;
import org.trajectory.ui.internal.PathField;

/** Asks who reviews, how many reviewers each task gets, and which gold tasks' verdicts are known (the CLI's assign). */
final class AssignDialog extends CheckedDialog {

    /** What was chosen: the reviewers, the overlap, the gold file (null: none). */
    record Choice(List<String> reviewers, int overlap, Path gold) {
    }

    private final List<String> suggested;
    private Text reviewers;
    private Spinner overlap;
    private PathField gold;
    private Choice choice;

    AssignDialog(Shell shell, List<String> suggested) {
        super(shell, "&Assign", "Assign Reviewers",
                "Each task goes to as many reviewers as the overlap says, round-robin and balanced; gold tasks go to everyone."
                + " This replaces the current assignment; verdicts already given stay.", 3);
        this.suggested = suggested;
    }

    @Override
    protected void createForm(Composite form) {
        new Label(form, SWT.NONE).setText("&Reviewers:");
        reviewers = new Text(form, SWT.BORDER);
        reviewers.setMessage("logins, separated by commas");
        reviewers.setText(String.join(", ", suggested));
        GridDataFactory.fillDefaults().grab(true, false).span(2, 1).hint(360, SWT.DEFAULT).applyTo(reviewers);
        new Label(form, SWT.NONE).setText("&Overlap:");
        overlap = new Spinner(form, SWT.BORDER);
        overlap.setValues(Math.min(2, Math.max(1, suggested.size())), 1, 99, 0, 1, 1);
        new Label(form, SWT.NONE).setText("reviewers per task (2 or more to measure agreement)");
        gold = new PathField(form, "&Gold tasks:", PathField.Kind.OPEN_FILE, new String[] { "*.csv;*.txt", "*" }, this::check);
        gold.text().setMessage("optional: a file of task_id,verdict lines");
        reviewers.addModifyListener(e -> check());
        overlap.addModifyListener(e -> check());
    }

    private List<String> names() {
        return Arrays.stream(reviewers.getText().split(",")).map(String::strip).filter(name -> !name.isEmpty()).distinct().toList();
    }

    @Override
    protected String problem() {
        List<String> names = names();
        return names.isEmpty() ? "Name at least one reviewer."
                : overlap.getSelection() > names.size() ? "The overlap cannot exceed the number of reviewers (" + names.size() + ")." : null;
    }

    @Override
    protected void okPressed() {
        choice = new Choice(names(), overlap.getSelection(), gold.path());
        super.okPressed();
    }

    /** The choice, or null when cancelled. */
    Choice choice() {
        return choice;
    }
}
