package org.trajectory.ui.internal.editor;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.trajectory.dataset.TaskDraft;
import org.trajectory.model.Step;
import org.trajectory.model.action.ActionCheck;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.CodeProblem;
import org.trajectory.model.action.ParsedCode;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The fields of one step: code (checked as you type; what the builder doubted is shown in its place), action, thought,
 * observation, reflection and the two flags.
 */
final class StepForm {

    /** How many of a step's build doubts the form shows; the rest are counted. */
    private static final int SHOWN_DOUBTS = 3;

    /** An edit of a text field: the field and its new text. */
    interface TextEdit {
        void changed(String field, String text);
    }

    /** An edit of a flag: the field and its new value (null: unset). */
    interface FlagEdit {
        void changed(String field, Boolean value);
    }

    private static final String[] FLAG_CHOICES = { "(not set)", "true", "false" };

    private final Composite area;
    private final Map<String, Text> texts = new LinkedHashMap<>();
    private final Map<String, Combo> flags = new LinkedHashMap<>();
    private final Label codeProblem;
    private String doubts = "";
    private boolean refreshing;

    StepForm(Composite parent, TextEdit textEdit, FlagEdit flagEdit, Consumer<ParsedCode> codeParsed) {
        area = new Composite(parent, SWT.NONE);
        // Each label above its field: the fields get the column's whole width (a click's code on one line at 1366x768).
        GridLayoutFactory.swtDefaults().spacing(4, 2).applyTo(area);
        text("&Code", Step.CODE, 3, textEdit);
        codeProblem = new Label(area, SWT.WRAP);
        codeProblem.setForeground(area.getDisplay().getSystemColor(SWT.COLOR_RED));
        GridDataFactory.fillDefaults().grab(true, false).applyTo(codeProblem);
        text("&Action", Step.ACTION, 2, textEdit);
        text("&Thought", Step.THOUGHT, 5, textEdit);
        text("O&bservation", Step.OBSERVATION, 4, textEdit);
        text("Re&flection", Step.REFLECTION, 3, textEdit);
        Composite flagRows = new Composite(area, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(2).applyTo(flagRows);
        flag(flagRows, "Last step &correct", Step.LAST_STEP_CORRECT, flagEdit);
        flag(flagRows, "Last step re&dundant", Step.LAST_STEP_REDUNDANT, flagEdit);
        texts.get(Step.CODE).addModifyListener(e -> codeParsed.accept(check(texts.get(Step.CODE).getText())));
    }

    private void text(String label, String field, int lines, TextEdit edit) {
        Label name = new Label(area, SWT.NONE);
        name.setText(label);
        GridDataFactory.swtDefaults().align(SWT.FILL, SWT.TOP).applyTo(name);
        // Code is not wrapped: GTK would break (and hyphenate) inside a word, "s-tatus"; it scrolls sideways instead.
        boolean code = field.equals(Step.CODE);
        Text text = new Text(area, SWT.BORDER | SWT.MULTI | SWT.V_SCROLL | (code ? SWT.H_SCROLL : SWT.WRAP));
        if (code) {
            text.setFont(org.eclipse.jface.resource.JFaceResources.getTextFont());
        }
        GridDataFactory.fillDefaults().grab(true, false).hint(80, text.getLineHeight() * lines).applyTo(text);
        text.addModifyListener(e -> {
            if (!refreshing) {
                edit.changed(field, text.getText());
            }
        });
        // Tab moves on, as in a form; Ctrl+Tab inserts a tab where one is wanted.
        text.addTraverseListener(e -> {
            if (e.detail == SWT.TRAVERSE_TAB_NEXT || e.detail == SWT.TRAVERSE_TAB_PREVIOUS) {
                e.doit = true;
            }
        });
        texts.put(field, text);
    }

    private void flag(Composite rows, String label, String field, FlagEdit edit) {
        Label name = new Label(rows, SWT.WRAP); // "Last step / redundant" on two lines where the column is narrow
        name.setText(label);
        GridDataFactory.swtDefaults().hint(Math.min(name.computeSize(SWT.DEFAULT, SWT.DEFAULT).x, 110), SWT.DEFAULT).applyTo(name);
        Combo combo = new Combo(rows, SWT.READ_ONLY | SWT.DROP_DOWN);
        combo.setItems(FLAG_CHOICES);
        combo.addListener(SWT.Selection, e -> {
            if (!refreshing) {
                int index = combo.getSelectionIndex();
                edit.changed(field, index == 1 ? Boolean.TRUE : index == 2 ? Boolean.FALSE : null);
            }
        });
        flags.put(field, combo);
    }

    /** Shows a step's values; fields whose text is already there keep their caret. */
    void show(TaskDraft draft, int step) {
        refreshing = true;
        try {
            boolean any = step >= 0 && step < draft.stepCount();
            texts.forEach((field, text) -> {
                String value = any ? draft.stepText(step, field) : null;
                String shown = value == null ? "" : value;
                if (!text.getText().equals(shown)) {
                    text.setText(shown);
                }
                text.setEnabled(any);
            });
            flags.forEach((field, combo) -> {
                Boolean value = any ? draft.stepFlag(step, field) : null;
                combo.select(value == null ? 0 : value ? 1 : 2);
                combo.setEnabled(any);
            });
            doubts = any ? doubts(draft.task().steps().get(step)) : "";
        } finally {
            refreshing = false;
        }
        check(texts.get(Step.CODE).getText());
    }

    /**
     * What the builder found doubtful about a step it made (an event left out, no screenshot), or "": the first few,
     * then how many more. A step can carry thousands (a screen that changed size mid-recording); laying them all out
     * froze the window for a minute, and validate lists every one.
     */
    static String doubts(Step step) {
        JsonNode all = step.json().path(Step.BUILD_PROBLEMS);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < Math.min(SHOWN_DOUBTS, all.size()); i++) {
            String doubt = all.get(i).asText();
            text.append(i == 0 ? "Doubtful when built: " : "; ").append(doubt.length() > 200 ? doubt.substring(0, 200) + "..." : doubt);
        }
        if (all.size() > SHOWN_DOUBTS) {
            text.append("; and ").append(all.size() - SHOWN_DOUBTS).append(" more (File > Validate Dataset lists them all)");
        }
        return text.toString();
    }

    /** Parses the code and shows its first error with line and column, else what was doubtful when it was built. */
    private ParsedCode check(String code) {
        ParsedCode parsed = ActionParser.parse(code);
        List<CodeProblem> problems = ActionCheck.problems(parsed);
        String message = doubts;
        if (!problems.isEmpty()) {
            CodeProblem problem = problems.get(0);
            message = (parsed.ok() ? "" : "Line " + problem.line() + ", column " + problem.column() + ": ") + problem.message()
                    + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : "");
        }
        if (!message.equals(codeProblem.getText())) {
            codeProblem.setText(message);
            area.layout(true); // only when the message changes: layout is the costly part of a step switch
        }
        return parsed;
    }

    Composite control() {
        return area;
    }

    Text text(String field) {
        return texts.get(field);
    }

    Label codeProblem() {
        return codeProblem;
    }
}
