package org.trajectory.ui.internal.scoring;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.core.runtime.ILog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.part.ViewPart;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.TaskRow;
import org.trajectory.model.Json;
import org.trajectory.scoring.ScoringCriteria;
import org.trajectory.scoring.Weights;
import org.trajectory.ui.internal.ChartCanvas;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.DatasetSession;
import org.trajectory.ui.internal.Parts;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Where a dataset is weak: for the task selected in the table, each criterion's score, weight and reason, and the
 * steps the criteria flag (double-click one to open it in the editor); for the whole dataset, a histogram of each
 * criterion and of the final score, whose bars filter the table when clicked.
 */
public final class ScoringView extends ViewPart implements ISelectionListener, DatasetSession.Listener {

    /** The window's dataset session, taken from this part's site. */
    private DatasetSession session;

    static final int BINS = 10;
    private static final int ROW = 34;
    /** Where the first row starts, below the line saying what the histograms are. */
    private static final int TOP = 38;
    private static final int NAME_WIDTH = 120;
    private static final int COUNT_WIDTH = 76;

    private final List<ScoringCriteria.Descriptor> criteria = ScoringCriteria.get().all();
    private Label task;
    private Table scores;
    private Table flags;
    private Canvas histograms;
    private String taskId;
    private final List<String> rows = new ArrayList<>();
    private final List<long[]> counts = new ArrayList<>();
    /** The selected task's instruction, as shown. */
    private String instruction = "";

    @Override
    public void createPartControl(Composite parent) {
        session = DatasetSession.of(getSite());
        SashForm sash = new SashForm(parent, SWT.VERTICAL);
        Composite top = new Composite(sash, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(top);
        task = new Label(top, SWT.WRAP);
        task.setText("Select a task in the Dataset view to see its scores.");
        GridDataFactory.fillDefaults().grab(true, false).applyTo(task);
        scores = new Table(top, SWT.BORDER | SWT.FULL_SELECTION);
        scores.setHeaderVisible(true);
        scores.setLinesVisible(true);
        for (String[] column : new String[][] { { "Criterion", "130" }, { "Score", "60" }, { "Weight", "60" }, { "Reason", "420" } }) {
            TableColumn widget = new TableColumn(scores, column[0].equals("Score") || column[0].equals("Weight") ? SWT.RIGHT : SWT.LEFT);
            widget.setText(column[0]);
            widget.setWidth(Integer.parseInt(column[1]));
        }
        GridDataFactory.fillDefaults().grab(true, true).applyTo(scores);
        flags = new Table(top, SWT.BORDER | SWT.FULL_SELECTION);
        flags.setHeaderVisible(true);
        for (String[] column : new String[][] { { "Step", "50" }, { "Criterion", "130" }, { "Flag (double-click opens the step)", "480" } }) {
            TableColumn widget = new TableColumn(flags, SWT.LEFT);
            widget.setText(column[0]);
            widget.setWidth(Integer.parseInt(column[1]));
        }
        GridDataFactory.fillDefaults().grab(true, true).applyTo(flags);
        flags.addListener(SWT.DefaultSelection, e -> openFlaggedStep());

        histograms = ChartCanvas.create(sash, this::paint);
        histograms.addListener(SWT.Resize, e -> fitScrollBar());
        histograms.addListener(SWT.MouseUp, this::clicked);
        histograms.addListener(SWT.MouseMove, e -> histograms.setToolTipText(tip(e.x, e.y)));
        sash.setWeights(55, 45);
        // In the short, wide folder below the editor the task's scores and the histograms stand side by side.
        parent.addListener(SWT.Resize, e -> {
            Rectangle size = parent.getClientArea();
            sash.setOrientation(size.width > 2 * size.height ? SWT.HORIZONTAL : SWT.VERTICAL);
        });

        // The File menu's command, in the view's toolbar.
        getViewSite().getActionBars().getToolBarManager().add(new org.eclipse.ui.menus.CommandContributionItem(
                new org.eclipse.ui.menus.CommandContributionItemParameter(getSite(), null, "org.trajectory.ui.commands.score", null, null, null, null,
                        "Score Dataset...", null, "Score the tasks that changed since their last score",
                        org.eclipse.ui.menus.CommandContributionItem.STYLE_PUSH, null, false)));
        getSite().getPage().addPostSelectionListener(this);
        session.addListener(this);
        refresh();
        Parts.tellSelection(this, getSite().getPage());
    }

    @Override
    public void selectionChanged(IWorkbenchPart part, org.eclipse.jface.viewers.ISelection selection) {
        if (part != this && selection instanceof IStructuredSelection structured && structured.getFirstElement() instanceof TaskRow row) {
            taskId = row.taskId();
            showTask(row.instruction());
        }
    }

    @Override
    public void datasetChanged() {
        if (!histograms.isDisposed()) {
            histograms.getDisplay().asyncExec(() -> {
                if (!histograms.isDisposed()) {
                    refresh();
                }
            });
        }
    }

    /** Counts the histograms off the UI thread; they are drawn when they are there. */
    private void refresh() {
        List<String> ids = new ArrayList<>(List.of(Dataset.FINAL_SCORE));
        criteria.forEach(criterion -> ids.add(criterion.id()));
        DatasetJobs.read("Counting the scores", histograms, () -> {
            List<long[]> counted = new ArrayList<>();
            for (String id : ids) {
                counted.add(session.histogram(id, BINS));
            }
            return counted;
        }, counted -> {
            rows.clear();
            rows.addAll(ids);
            counts.clear();
            counts.addAll(counted);
            fitScrollBar();
            histograms.redraw();
        });
        if (taskId != null) {
            showTask(null);
        }
    }

    /** Reads the task's scores off the UI thread, then lists them and their flags. */
    private void showTask(String instruction) {
        if (instruction != null) {
            this.instruction = instruction.replaceAll("\\s+", " ");
            task.setText(this.instruction);
        }
        String shown = taskId;
        DatasetJobs.read("Reading the scores of " + shown, scores, () -> session.scores(shown), stored -> {
            if (shown.equals(taskId)) { // still the task selected
                showScores(stored);
            }
        });
    }

    private void showScores(Map<String, Dataset.StoredScore> stored) {
        scores.removeAll();
        flags.removeAll();
        task.setText(instruction + (stored.isEmpty() ? "  (not scored yet: use Score Dataset)" : ""));
        Weights weights = Weights.preferred(criteria);
        for (ScoringCriteria.Descriptor criterion : criteria) {
            Dataset.StoredScore score = stored.get(criterion.id());
            TableItem item = new TableItem(scores, SWT.NONE);
            boolean failed = score != null && score.value() == null && score.error() != null;
            item.setText(new String[] { criterion.name(),
                // no value and no error: the criterion does not apply (a task never replayed), left out of the final score
                score == null ? "" : failed ? "error" : score.value() == null ? "n/a" : String.format(Locale.ROOT, "%.2f", score.value()),
                criterion.id().equals(Weights.FORMAT) ? "gate" : String.format(Locale.ROOT, "%.2f", weights.of(criterion.id())),
                score == null ? "not scored" : failed ? score.error() : score.reason() });
            if (score != null && score.details() != null) {
                try {
                    for (JsonNode flag : Json.MAPPER.readTree(score.details()).path("flags")) {
                        TableItem line = new TableItem(flags, SWT.NONE);
                        line.setText(new String[] { Integer.toString(flag.path("step").asInt() + 1), criterion.name(), flag.path("message").asText() });
                        line.setData(flag.path("step").asInt());
                    }
                } catch (java.io.IOException e) {
                    ILog.of(getClass()).warn("Unreadable score details of " + taskId + ": " + e.getMessage());
                }
            }
        }
        task.getParent().layout(true, true);
    }

    private void openFlaggedStep() {
        TableItem[] selected = flags.getSelection();
        DatasetAddress folder = session.address();
        if (selected.length == 0 || taskId == null || folder == null) {
            return;
        }
        Parts.openTask(getSite().getPage(), folder, taskId, (Integer) selected[0].getData());
    }

    private String name(String id) {
        return id.equals(Dataset.FINAL_SCORE) ? "Final score"
                : criteria.stream().filter(c -> c.id().equals(id)).map(ScoringCriteria.Descriptor::name).findFirst().orElse(id);
    }

    /** The histograms scroll when their rows are taller than the view. */
    private void fitScrollBar() {
        ChartCanvas.fit(histograms, TOP + rows.size() * ROW + 4, ROW);
    }

    /** Each criterion a row: its name, then BINS bars of its tasks' scores from 0 to 1, the tallest bar full height. */
    private void paint(Event event) {
        GC gc = event.gc;
        int offset = ChartCanvas.clear(gc, histograms);
        gc.drawText("Tasks by score (0 to 1); click a bar to show its tasks in the table", 4, 2 - offset, true);
        int barWidth = barWidth();
        // the axes: the score under each tick, and each row's tallest bar in tasks
        gc.drawText("criterion, tasks", 4, 20 - offset, true);
        for (double tick : new double[] { 0, 0.25, 0.5, 0.75, 1 }) {
            String label = tick == 0 || tick == 1 ? Integer.toString((int) tick) : Double.toString(tick);
            int x = NAME_WIDTH + (int) Math.round(tick * BINS * barWidth) - gc.textExtent(label).x / 2;
            gc.drawText(label, Math.max(NAME_WIDTH, Math.min(x, NAME_WIDTH + BINS * barWidth - gc.textExtent(label).x)), 20 - offset, true);
        }
        for (int r = 0; r < rows.size(); r++) {
            int y = TOP + r * ROW - offset;
            long[] bins = counts.get(r);
            long max = 1;
            long total = 0;
            for (long count : bins) {
                max = Math.max(max, count);
                total += count;
            }
            gc.setForeground(histograms.getDisplay().getSystemColor(SWT.COLOR_LIST_FOREGROUND));
            gc.drawText(name(rows.get(r)), 4, y + 4, true);
            gc.drawText(String.format(Locale.ROOT, "%,d", total), 4, y + 17, true);
            for (int b = 0; b < BINS; b++) {
                int height = (int) Math.round((ROW - 6) * (bins[b] / (double) max));
                int x = NAME_WIDTH + b * barWidth;
                gc.setBackground(histograms.getDisplay().getSystemColor(b < BINS / 2 ? SWT.COLOR_DARK_RED : SWT.COLOR_DARK_GREEN));
                gc.fillRectangle(x, y + ROW - 4 - height, barWidth - 2, height);
                gc.setForeground(histograms.getDisplay().getSystemColor(SWT.COLOR_WIDGET_NORMAL_SHADOW));
                gc.drawLine(x, y + ROW - 4, x + barWidth - 2, y + ROW - 4);
            }
            gc.setForeground(histograms.getDisplay().getSystemColor(SWT.COLOR_WIDGET_NORMAL_SHADOW));
            gc.drawText(String.format(Locale.ROOT, "top %,d", total == 0 ? 0 : max), NAME_WIDTH + BINS * barWidth + 4, y + 4, true);
        }
    }

    /** A bar's width: the bins share what the names on the left and the tallest bar's count on the right leave. */
    private int barWidth() {
        return Math.max(6, (histograms.getClientArea().width - NAME_WIDTH - COUNT_WIDTH) / BINS);
    }

    /** The row and bin under a point, or null. */
    private int[] at(int x, int y) {
        int barWidth = barWidth();
        int top = y + histograms.getVerticalBar().getSelection() - TOP;
        int row = top / ROW;
        int bin = (x - NAME_WIDTH) / barWidth;
        return top < 0 || x < NAME_WIDTH || row >= rows.size() || bin >= BINS ? null : new int[] { row, bin };
    }

    /** What the pointer at (x, y) on the histograms points at, as its tooltip says it; null between bars. */
    String tip(int x, int y) {
        int[] hit = at(x, y);
        return hit == null ? null : String.format(Locale.ROOT, "%s %.1f-%.1f: %,d tasks", name(rows.get(hit[0])), hit[1] / (double) BINS,
                (hit[1] + 1) / (double) BINS, counts.get(hit[0])[hit[1]]);
    }

    private void clicked(Event event) {
        int[] hit = at(event.x, event.y);
        if (hit == null) {
            return;
        }
        double min = hit[1] / (double) BINS;
        double max = hit[1] == BINS - 1 ? 1.0 : (hit[1] + 1) / (double) BINS - 1e-9;
        filterTable(rows.get(hit[0]), min, max);
    }

    /** Filters the Dataset view to the tasks of one bar. */
    void filterTable(String criterion, double min, double max) {
        Parts.filterTable(getSite().getPage(), String.format(Locale.ROOT, "Only %s from %.1f to %.1f", name(criterion), min, max),
                q -> q.withScore(criterion.equals(Dataset.FINAL_SCORE) ? null : criterion, min, max));
    }

    /** The histogram counts shown, by criterion id, for tests. */
    Map<String, long[]> histogramCounts() {
        Map<String, long[]> map = new java.util.LinkedHashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            map.put(rows.get(i), counts.get(i));
        }
        return map;
    }

    Table scoreTable() {
        return scores;
    }

    String taskText() {
        return task.getText();
    }

    Table flagTable() {
        return flags;
    }

    Canvas histograms() {
        return histograms;
    }

    @Override
    public void setFocus() {
        scores.setFocus();
    }

    @Override
    public void dispose() {
        getSite().getPage().removePostSelectionListener(this);
        if (session != null) {
            session.removeListener(this);
        }
        super.dispose();
    }
}
