package org.trajectory.ui.internal.dataset;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.Status;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;
import org.eclipse.ui.part.ViewPart;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetStats;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.ui.internal.ChartCanvas;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.DatasetSession;
import org.trajectory.ui.internal.Parts;

/**
 * The dataset at a glance, as a curator would rather look at it than read it: tasks by operating system, domain and
 * review state, review decisions per day (how the review is getting on), steps per task, final scores, and the action
 * types of all steps. Counted off the UI thread whenever the
 * dataset changes; clicking a bar (but an action type's) shows its tasks in the Dataset view.
 */
public final class OverviewView extends ViewPart implements DatasetSession.Listener {

    /** The window's dataset session, taken from this part's site. */
    private DatasetSession session;

    /** Jobs counting the charts, for tests to join. */
    public static final Object FAMILY = new Object();
    private static final int STEP_BINS = 8;
    private static final int SCORE_BINS = 10;
    private static final int DAYS = 14;
    private static final int ROW = 18;
    private static final int LABEL_WIDTH = 150;
    private static final int COLUMN_WIDTH = 360;

    /** One bar: what it counts, how many, and how it narrows the table (null: it does not). */
    record Bar(String label, long count, String filterText, UnaryOperator<TaskQuery> narrowing) {
    }

    /** One chart: a title and its bars. */
    record Chart(String title, List<Bar> bars) {
    }

    private Canvas canvas;
    private volatile List<Chart> charts = List.of();
    private final List<Rectangle> barAreas = new ArrayList<>();
    private final List<Bar> barsAt = new ArrayList<>();

    @Override
    public void createPartControl(Composite parent) {
        session = DatasetSession.of(getSite());
        canvas = ChartCanvas.create(parent, this::paint);
        canvas.addListener(SWT.MouseUp, e -> clicked(e.x, e.y));
        canvas.addListener(SWT.MouseMove, e -> {
            Bar bar = barAt(e.x, e.y);
            canvas.setToolTipText(bar == null ? null : bar.label() + ": " + String.format(Locale.ROOT, "%,d", bar.count())
                    + (bar.narrowing() == null ? "" : " (click to show them in the table)"));
            canvas.setCursor(bar != null && bar.narrowing() != null ? canvas.getDisplay().getSystemCursor(SWT.CURSOR_HAND) : null);
        });
        canvas.addListener(SWT.Resize, e -> canvas.redraw());
        session.addListener(this);
        count();
    }

    @Override
    public void datasetChanged() {
        count();
    }

    /** Counts the charts in a job ({@link #FAMILY}); the canvas shows them when they are there. */
    private void count() {
        DatasetJobs.background("Counting the dataset's overview", FAMILY, monitor -> {
            try {
                charts = countCharts(session);
            } catch (SQLException e) {
                ILog.of(OverviewView.class).warn("Could not count the overview: " + e.getMessage());
                return Status.warning(e.getMessage());
            }
            if (!canvas.isDisposed()) {
                canvas.getDisplay().asyncExec(() -> {
                    if (!canvas.isDisposed()) {
                        canvas.redraw();
                    }
                });
            }
            return Status.OK_STATUS;
        });
    }

    private static List<Chart> countCharts(DatasetSession session) throws SQLException {
        if (session.address() == null) {
            return List.of();
        }
        DatasetStats stats = session.stats();
        List<Chart> charts = new ArrayList<>();
        charts.add(new Chart("Operating systems (tasks)", named(stats.oses(), "OS", TaskQuery::withOs)));
        charts.add(new Chart("Domains (tasks)", named(stats.domains(), "domain", TaskQuery::withDomain)));
        charts.add(new Chart("Applications (tasks; a task in two counts in both)", named(stats.applications(), "tasks in", TaskQuery::withApplication)));
        List<Bar> reviews = new ArrayList<>();
        for (ReviewState state : ReviewState.values()) {
            reviews.add(new Bar(state.id(), stats.reviews().getOrDefault(state, 0L), "Only tasks " + state.id(), q -> q.withReview(state)));
        }
        charts.add(new Chart("Review", reviews));
        List<Bar> days = new ArrayList<>();
        List<Map.Entry<String, Long>> decided = new ArrayList<>(stats.decidedByDay().entrySet());
        decided.subList(0, Math.max(0, decided.size() - DAYS)).clear(); // the latest days
        decided.forEach(day -> days.add(new Bar(day.getKey(), day.getValue(), null, null)));
        charts.add(new Chart("Review decisions per day (tasks, last " + DAYS + " days with any)", days));
        charts.add(new Chart("Steps per task (tasks)", steps(session, stats)));
        List<Bar> scores = new ArrayList<>();
        long[] bins = session.histogram(Dataset.FINAL_SCORE, SCORE_BINS);
        for (int b = 0; b < SCORE_BINS; b++) {
            double min = b / (double) SCORE_BINS;
            double max = (b + 1) / (double) SCORE_BINS;
            scores.add(new Bar(String.format(Locale.ROOT, "%.1f-%.1f", min, max), bins[b],
                    String.format(Locale.ROOT, "Only a final score from %.1f to %.1f", min, max), q -> q.withScore(min, max)));
        }
        charts.add(new Chart("Final score (tasks)", scores));
        List<Bar> actions = new ArrayList<>();
        sorted(stats.actionTypes()).forEach((type, count) -> actions.add(new Bar(type, count, null, null)));
        charts.add(new Chart("Action types (steps)", actions));
        return charts;
    }

    private static List<Bar> named(Map<String, Long> counts, String what, java.util.function.BiFunction<TaskQuery, String, TaskQuery> filter) {
        List<Bar> bars = new ArrayList<>();
        sorted(counts).forEach((name, count) -> {
            boolean given = name != null && !name.isBlank() && !name.equals(DatasetStats.NONE);
            bars.add(new Bar(given ? name : "(not given)", count, given ? "Only " + what + " " + name : null,
                    given ? q -> filter.apply(q, name) : null));
        });
        return bars;
    }

    /** Tasks in {@value #STEP_BINS} ranges of step counts from the least to the most. */
    private static List<Bar> steps(DatasetSession session, DatasetStats stats) throws SQLException {
        List<Bar> bars = new ArrayList<>();
        if (stats.tasks() == 0) {
            return bars;
        }
        int width = Math.max(1, (int) Math.ceil((stats.maxSteps() - stats.minSteps() + 1) / (double) STEP_BINS));
        for (int low = stats.minSteps(); low <= stats.maxSteps(); low += width) {
            int lowest = low;
            int highest = low + width - 1;
            String range = lowest == highest ? Integer.toString(lowest) : lowest + "-" + highest;
            bars.add(new Bar(range, session.count(TaskQuery.ALL.withSteps(lowest, highest)), "Only tasks of " + range + " steps",
                    q -> q.withSteps(lowest, highest)));
        }
        return bars;
    }

    private static Map<String, Long> sorted(Map<String, Long> counts) {
        Map<String, Long> sorted = new LinkedHashMap<>();
        counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).forEach(e -> sorted.put(e.getKey(), e.getValue()));
        return sorted;
    }

    /** The charts in two columns where there is room, each bar a row: its label, a bar as long as its share, the count. */
    private void paint(Event event) {
        GC gc = event.gc;
        Rectangle area = canvas.getClientArea();
        int offset = ChartCanvas.clear(gc, canvas);
        barAreas.clear();
        barsAt.clear();
        List<Chart> shown = charts;
        if (shown.isEmpty()) {
            gc.drawText(session.address() == null ? "Open a dataset (File > Open Dataset) to see its overview."
                    : "Counting...", 6, 6, true);
            return;
        }
        int columns = Math.max(1, Math.min(2, area.width / COLUMN_WIDTH));
        int columnWidth = area.width / columns;
        int[] heights = new int[columns];
        for (int c = 0; c < shown.size(); c++) {
            int column = 0;
            for (int k = 1; k < columns; k++) {
                column = heights[k] < heights[column] ? k : column;
            }
            Chart chart = shown.get(c);
            int x = column * columnWidth + 6;
            int y = heights[column] + 6 - offset;
            gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_LIST_FOREGROUND));
            gc.drawText(chart.title(), x, y, true);
            y += ROW + 2;
            long max = chart.bars().stream().mapToLong(Bar::count).max().orElse(1);
            int room = Math.max(20, columnWidth - LABEL_WIDTH - 70);
            for (Bar bar : chart.bars()) {
                gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_LIST_FOREGROUND));
                String label = bar.label();
                while (label.length() > 4 && gc.textExtent(label + "…").x > LABEL_WIDTH - 8) {
                    label = label.substring(0, label.length() - 1);
                }
                label = label.equals(bar.label()) ? label : label + "…";
                gc.drawText(label, x, y, true);
                int length = max == 0 ? 0 : (int) Math.round(room * (bar.count() / (double) max));
                gc.setBackground(canvas.getDisplay().getSystemColor(bar.narrowing() == null ? SWT.COLOR_DARK_GRAY : SWT.COLOR_DARK_BLUE));
                gc.fillRectangle(x + LABEL_WIDTH, y + 3, length, ROW - 6);
                gc.drawText(String.format(Locale.ROOT, "%,d", bar.count()), x + LABEL_WIDTH + length + 4, y, true);
                barAreas.add(new Rectangle(x, y, LABEL_WIDTH + room + 60, ROW));
                barsAt.add(bar);
                y += ROW;
            }
            heights[column] = y + offset + 8;
        }
        ChartCanvas.fit(canvas, java.util.Arrays.stream(heights).max().orElse(0), ROW);
    }

    private Bar barAt(int x, int y) {
        for (int i = 0; i < barAreas.size(); i++) {
            if (barAreas.get(i).contains(x, y)) {
                return barsAt.get(i);
            }
        }
        return null;
    }

    private void clicked(int x, int y) {
        Bar bar = barAt(x, y);
        if (bar != null && bar.narrowing() != null) {
            filterTable(bar);
        }
    }

    /** Shows the bar's tasks in the Dataset view, opening it when it is closed. */
    void filterTable(Bar bar) {
        Parts.filterTable(getSite().getPage(), bar.filterText(), bar.narrowing());
    }

    /** The charts shown, for tests. */
    List<Chart> charts() {
        return charts;
    }

    Canvas canvas() {
        return canvas;
    }

    /** Where a bar is drawn (its middle), for tests; null when it is not drawn. */
    Point where(Bar bar) {
        int i = barsAt.indexOf(bar);
        return i < 0 ? null : new Point(barAreas.get(i).x + LABEL_WIDTH + 2, barAreas.get(i).y + ROW / 2);
    }

    @Override
    public void setFocus() {
        canvas.setFocus();
    }

    @Override
    public void dispose() {
        if (session != null) {
            session.removeListener(this);
        }
        super.dispose();
    }
}
