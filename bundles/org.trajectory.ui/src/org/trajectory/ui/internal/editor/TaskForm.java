package org.trajectory.ui.internal.editor;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.trajectory.dataset.TaskDraft;
import org.trajectory.model.Task;

/** The task's own fields: instruction, refined task texts, domain, os, the 0-10 scores and the reason. */
final class TaskForm {

    interface TextEdit {
        void changed(String field, String text);
    }

    interface NumberEdit {
        void changed(String field, Double value);
    }

    private final Group group;
    private final Map<String, Text> texts = new LinkedHashMap<>();
    private final Map<String, Text> numbers = new LinkedHashMap<>();
    private boolean refreshing;

    TaskForm(Composite parent, TextEdit textEdit, NumberEdit numberEdit) {
        group = new Group(parent, SWT.NONE);
        group.setText("Task");
        // A label and a field a row: the form reflows to any width of its column instead of clipping on the right.
        GridLayoutFactory.swtDefaults().numColumns(2).applyTo(group);
        text("&Instruction", Task.INSTRUCTION, 2, textEdit);
        text("Natural language", Task.NATURAL_LANGUAGE_TASK, 1, textEdit);
        text("Actual task", Task.ACTUAL_TASK, 1, textEdit);
        text("Domain", Task.DOMAIN, 1, textEdit);
        text("OS", Task.OS, 1, textEdit);
        number("Alignment", Task.ALIGNMENT_SCORE, numberEdit);
        number("Efficiency", Task.EFFICIENCY_SCORE, numberEdit);
        number("Difficulty", Task.TASK_DIFFICULTY, numberEdit);
        text("Reason", Task.REASON, 2, textEdit);
    }

    private void text(String label, String field, int lines, TextEdit edit) {
        new Label(group, SWT.NONE).setText(label);
        Text text = new Text(group, SWT.BORDER | (lines > 1 ? SWT.MULTI | SWT.WRAP | SWT.V_SCROLL : SWT.SINGLE));
        GridDataFactory.fillDefaults().grab(true, false).hint(80, lines > 1 ? text.getLineHeight() * lines : SWT.DEFAULT).applyTo(text);
        text.addModifyListener(e -> {
            if (!refreshing) {
                edit.changed(field, text.getText().isEmpty() && !field.equals(Task.INSTRUCTION) ? null : text.getText());
            }
        });
        texts.put(field, text);
    }

    private void number(String label, String field, NumberEdit edit) {
        new Label(group, SWT.NONE).setText(label);
        Text text = new Text(group, SWT.BORDER | SWT.SINGLE);
        GridDataFactory.fillDefaults().hint(60, SWT.DEFAULT).applyTo(text);
        text.addModifyListener(e -> {
            if (refreshing) {
                return;
            }
            String value = text.getText().strip();
            try {
                edit.changed(field, value.isEmpty() ? null : Double.valueOf(value));
                text.setForeground(null);
            } catch (NumberFormatException bad) {
                text.setForeground(text.getDisplay().getSystemColor(SWT.COLOR_RED)); // not stored until it is a number
            }
        });
        numbers.put(field, text);
    }

    void show(TaskDraft draft) {
        refreshing = true;
        try {
            texts.forEach((field, text) -> {
                String value = draft.taskText(field);
                if (!text.getText().equals(value == null ? "" : value)) {
                    text.setText(value == null ? "" : value);
                }
            });
            numbers.forEach((field, text) -> {
                Double value = draft.taskNumber(field);
                String shown = value == null ? "" : value == Math.rint(value) ? Long.toString(value.longValue())
                        : String.format(Locale.ROOT, "%s", value);
                if (!text.getText().strip().equals(shown)) {
                    text.setText(shown);
                }
            });
        } finally {
            refreshing = false;
        }
    }

    Composite control() {
        return group;
    }

    Text text(String field) {
        return texts.containsKey(field) ? texts.get(field) : numbers.get(field);
    }
}
