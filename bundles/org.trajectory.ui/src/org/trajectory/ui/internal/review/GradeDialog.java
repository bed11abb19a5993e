package org.trajectory.ui.internal.review;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;

import org.trajectory.dataset.ReviewGrades;
import org.trajectory.ui.internal.TitledDialog;

/**
 * A reviewer's grades of a task, all optional: the accept level (AgentNetTool's graded accept) and the rubric's four
 * criteria (cua_annotation_tool's), each a choice of "-" (not graded) or a number; keys choose them (type the digit).
 */
public final class GradeDialog extends TitledDialog {

    public static final String TITLE = "Grade task";
    private static final String NOT_GRADED = "-";
    private final ReviewGrades current;
    private final Combo[] combos = new Combo[1 + ReviewGrades.RUBRIC.length];
    private ReviewGrades chosen;

    private GradeDialog(Shell parent, ReviewGrades current) {
        super(parent, TITLE);
        this.current = current;
    }

    /** Asks for the grades, starting from {@code current}; null when the reviewer cancelled. */
    public static ReviewGrades ask(Shell parent, ReviewGrades current) {
        GradeDialog dialog = new GradeDialog(parent, current);
        return dialog.open() == Window.OK ? dialog.chosen : null;
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        GridLayoutFactory.swtDefaults().numColumns(2).applyTo(area);
        Label intro = new Label(area, SWT.WRAP);
        intro.setText("Optional grades, exported with the task and counted in the dataset card. Leave \"-\" for none.");
        GridDataFactory.fillDefaults().span(2, 1).hint(380, SWT.DEFAULT).applyTo(intro);
        combos[0] = combo(area, "&Accept level (1 usable, 2 good, 3 exemplary):", ReviewGrades.HIGHEST_ACCEPT_LEVEL, current.acceptLevel());
        String[] mnemonics = { "&Correctness", "&Difficulty", "&Knowledge needed", "&Value for training" };
        for (int i = 0; i < ReviewGrades.RUBRIC.length; i++) {
            combos[i + 1] = combo(area, mnemonics[i] + " (1-5):", ReviewGrades.HIGHEST_RUBRIC, current.rubric()[i]);
        }
        return area;
    }

    private static Combo combo(Composite area, String label, int highest, Integer grade) {
        new Label(area, SWT.NONE).setText(label);
        Combo combo = new Combo(area, SWT.READ_ONLY);
        combo.add(NOT_GRADED);
        for (int g = 1; g <= highest; g++) {
            combo.add(Integer.toString(g));
        }
        combo.select(grade == null ? 0 : grade);
        return combo;
    }

    @Override
    protected void okPressed() {
        Integer[] grades = new Integer[combos.length];
        for (int i = 0; i < combos.length; i++) {
            grades[i] = combos[i].getSelectionIndex() <= 0 ? null : combos[i].getSelectionIndex();
        }
        chosen = new ReviewGrades(grades[0], grades[1], grades[2], grades[3], grades[4]);
        super.okPressed();
    }
}
