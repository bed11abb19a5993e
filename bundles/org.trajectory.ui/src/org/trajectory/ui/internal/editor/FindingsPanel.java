package org.trajectory.ui.internal.editor;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.layout.RowLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.trajectory.dataset.StoredScrub;
import org.trajectory.dataset.StoredScrub.Finding;

/**
 * The personal data a scrub found in the task, for review: the findings of the step shown (its screenshot and its
 * texts) and of the task's own fields, each accepted (redacted in exports) or rejected (not personal data), with A and
 * R or the buttons; the screenshot's ones are boxed on it, and a box a detector missed is drawn with Shift and the left
 * button. Every judgement is stored at once. Hidden for a task never scrubbed.
 */
final class FindingsPanel {

    private final Composite panel;
    private final Label summary;
    private final Table table;
    private final Consumer<StoredScrub> store;
    private final Consumer<List<ScreenshotCanvas.Mark>> showMarks;
    private StoredScrub scrub;
    private int step;
    /** The findings listed, in the table's order: indexes into the scrub's findings. */
    private final List<Integer> listed = new ArrayList<>();

    /**
     * @param store     keeps a judged scrub in the dataset
     * @param showMarks draws the step's screenshot findings on the screenshot
     */
    FindingsPanel(Composite parent, Consumer<StoredScrub> store, Consumer<List<ScreenshotCanvas.Mark>> showMarks) {
        this.store = store;
        this.showMarks = showMarks;
        panel = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().spacing(2, 2).applyTo(panel);
        summary = new Label(panel, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).hint(100, SWT.DEFAULT).applyTo(summary);
        table = new Table(panel, SWT.BORDER | SWT.FULL_SELECTION | SWT.MULTI);
        table.setHeaderVisible(true);
        for (String[] column : new String[][] { { "Where", "85" }, { "Kind", "80" }, { "Text", "170" }, { "Review", "75" } }) {
            TableColumn c = new TableColumn(table, SWT.LEFT);
            c.setText(column[0]);
            c.setWidth(Integer.parseInt(column[1]));
        }
        GridDataFactory.fillDefaults().grab(true, false).hint(100, 130).applyTo(table);
        table.addListener(SWT.Selection, e -> marks());
        table.addListener(SWT.KeyDown, e -> {
            if (e.character == 'a' || e.character == 'A') {
                judge(StoredScrub.ACCEPTED, Scope.SELECTED);
                e.doit = false; // not the table's search-as-you-type
            } else if (e.character == 'r' || e.character == 'R') {
                judge(StoredScrub.REJECTED, Scope.SELECTED);
                e.doit = false;
            }
        });
        Composite buttons = new Composite(panel, SWT.NONE);
        RowLayoutFactory.fillDefaults().wrap(true).spacing(4).applyTo(buttons);
        GridDataFactory.fillDefaults().grab(true, false).hint(100, SWT.DEFAULT).applyTo(buttons);
        ReviewBar.button(buttons, "Accept  A", null, () -> judge(StoredScrub.ACCEPTED, Scope.SELECTED));
        ReviewBar.button(buttons, "Reject  R", null, () -> judge(StoredScrub.REJECTED, Scope.SELECTED));
        ReviewBar.button(buttons, "Accept the rest of this step", null, () -> judge(StoredScrub.ACCEPTED, Scope.REST_OF_STEP));
        ReviewBar.button(buttons, "Accept the rest of the task", null, () -> judge(StoredScrub.ACCEPTED, Scope.REST_OF_TASK));
    }

    Control control() {
        return panel;
    }

    Table table() {
        return table;
    }

    /** The task's scrub (null: never scrubbed; the editor hides the panel). */
    void setScrub(StoredScrub last) {
        scrub = last;
    }

    StoredScrub scrub() {
        return scrub;
    }

    /** Lists the findings of step {@code shown} and of the task's own fields. */
    void show(int shown) {
        step = shown;
        if (scrub == null || panel.isDisposed()) {
            showMarks.accept(List.of());
            return;
        }
        int open = scrub.unreviewed();
        summary.setText("Personal data: " + scrub.describe() + " in this task (" + (open == 0 ? "all reviewed" : "accept what is personal,"
                + " reject what is not") + "). Shift+drag on the screenshot boxes what the scrub missed.");
        int selected = table.getSelectionIndex();
        table.removeAll();
        listed.clear();
        List<Finding> findings = scrub.findings();
        for (int i = 0; i < findings.size(); i++) {
            Finding f = findings.get(i);
            if (f.step() == step || f.step() < 0) {
                listed.add(i);
                TableItem item = new TableItem(table, SWT.NONE);
                item.setText(new String[] { f.step() < 0 ? "task " + f.field() : f.field(), f.kind(), f.text() == null ? "(drawn box)" : f.text(),
                        f.state() });
                item.setForeground(table.getDisplay().getSystemColor(f.state().equals(StoredScrub.PROPOSED) ? SWT.COLOR_DARK_RED
                        : f.state().equals(StoredScrub.REJECTED) ? SWT.COLOR_DARK_GRAY : SWT.COLOR_LIST_FOREGROUND));
            }
        }
        if (selected >= 0 && selected < table.getItemCount()) {
            table.setSelection(selected);
        }
        marks();
        panel.layout(true);
    }

    /** Boxes the step's screenshot findings, the selected ones thicker. */
    private void marks() {
        List<Integer> chosen = new ArrayList<>();
        for (int index : table.getSelectionIndices()) {
            chosen.add(listed.get(index));
        }
        List<ScreenshotCanvas.Mark> marks = new ArrayList<>();
        for (int i = 0; i < scrub.findings().size(); i++) {
            Finding f = scrub.findings().get(i);
            if (f.step() == step && f.box() != null) {
                marks.add(new ScreenshotCanvas.Mark(f.box(), f.kind(), f.redacted(), chosen.contains(i)));
            }
        }
        showMarks.accept(marks);
    }

    /** Which findings a judgement takes: the selected ones, or those still proposed in the step shown or the whole task. */
    private enum Scope {
        SELECTED, REST_OF_STEP, REST_OF_TASK
    }

    /** Judges the findings of {@code scope} and stores it; after the selected ones, the next finding is selected. */
    private void judge(String state, Scope scope) {
        if (scrub == null) {
            return;
        }
        List<Finding> findings = new ArrayList<>(scrub.findings());
        List<Integer> chosen = new ArrayList<>();
        switch (scope) {
            case SELECTED -> {
                for (int index : table.getSelectionIndices()) {
                    chosen.add(listed.get(index));
                }
            }
            case REST_OF_STEP -> listed.stream().filter(i -> findings.get(i).state().equals(StoredScrub.PROPOSED)).forEach(chosen::add);
            case REST_OF_TASK -> java.util.stream.IntStream.range(0, findings.size())
                    .filter(i -> findings.get(i).state().equals(StoredScrub.PROPOSED)).forEach(chosen::add);
        }
        if (chosen.isEmpty()) {
            return;
        }
        chosen.forEach(i -> findings.set(i, findings.get(i).withState(state)));
        replace(findings);
        int next = table.getSelectionIndex() + 1;
        show(step);
        if (scope == Scope.SELECTED && next < table.getItemCount()) {
            table.setSelection(next); // on to the next finding, as a reviewer goes down the list
            marks();
        }
    }

    /** Adds a box a reviewer drew around something the scrub missed, of the kind they name. */
    void addDrawn(int[] box, String kind) {
        if (scrub == null) {
            scrub = new StoredScrub("", List.of(), java.time.Instant.now().toString(), List.of());
        }
        List<Finding> findings = new ArrayList<>(scrub.findings());
        findings.add(new Finding(step, StoredScrub.SCREENSHOT, kind, null, box, StoredScrub.ACCEPTED));
        replace(findings);
        show(step);
    }

    private void replace(List<Finding> findings) {
        scrub = new StoredScrub(scrub.contentHash(), scrub.detectors(), scrub.scrubbedAt(), findings);
        store.accept(scrub);
    }
}
