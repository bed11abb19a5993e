package org.trajectory.ui.internal.dataset;

import java.text.NumberFormat;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ILazyContentProvider;
import org.eclipse.jface.viewers.ITableLabelProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StackLayout;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Link;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.part.ViewPart;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.dataset.TaskRow;
import org.trajectory.scoring.ScoringCriteria;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.DatasetSession;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.review.ReviewDecision;

/**
 * The dataset table: lazy and virtual (rows come from the store a page at a time, so 400,000 steps open at once),
 * sortable by clicking a column, filtered by task id or instruction text as you type. The status line shows the count.
 */
public final class DatasetView extends ViewPart implements DatasetSession.Listener, Parts.TaskTable {

    /** The window's dataset session, taken from this part's site. */
    private DatasetSession session;

    /** The preference keeping the table's columns as the user arranged them. */
    static final String COLUMNS = "dataset.columns";
    public static final String EMPTY_MESSAGE = "No dataset is open. Use File > Open Dataset or File > New Dataset.";
    static final int FILTER_DELAY_MS = 250;
    /** The choice of a filter that keeps every task. */
    static final String ANY = "any";

    /** A column: its title, width, the query column it sorts by, and its text. */
    private enum Column {
        // together 460 px: every column is in sight in the default layout on a 1366-pixel-wide screen
        TASK("Task", 140, TaskQuery.Column.TASK),
        DOMAIN("Domain", 60, TaskQuery.Column.DOMAIN),
        OS("OS", 45, TaskQuery.Column.OS),
        STEPS("Steps", 45, TaskQuery.Column.STEPS),
        SCORE("Score", 55, TaskQuery.Column.SCORE),
        REVIEW("Review", 70, TaskQuery.Column.REVIEW),
        CONFIDENCE("Conf.", 45, TaskQuery.Column.CONFIDENCE),
        REPLAY("Last replay", 110, TaskQuery.Column.REPLAY), // "Replay" is the replay criterion's score column
        PERSONAL("Personal data", 105, TaskQuery.Column.PERSONAL_DATA),
        ID("Task id", 90, TaskQuery.Column.ID);

        final String title;
        final int width;
        final TaskQuery.Column sortBy;

        Column(String title, int width, TaskQuery.Column sortBy) {
            this.title = title;
            this.width = width;
            this.sortBy = sortBy;
        }

        String text(TaskRow row) {
            return switch (this) {
                case TASK -> row.instruction().replaceAll("\\s+", " ");
                case DOMAIN -> row.domain() == null ? "" : row.domain();
                case OS -> row.os() == null ? "" : row.os();
                case STEPS -> Integer.toString(row.steps());
                case SCORE -> row.finalScore() == null ? "" : String.format(Locale.ROOT, "%.2f", row.finalScore());
                case REVIEW -> reviewWords(row.review());
                case CONFIDENCE -> row.extractionConfidence() == null ? "" : String.format(Locale.ROOT, "%.2f", row.extractionConfidence());
                case REPLAY -> row.replay() == null ? "" : row.replay();
                case PERSONAL -> row.personalData() == null ? "" : row.personalData();
                case ID -> row.taskId();
            };
        }
    }

    /** A review state as the table and its filter say it. */
    static String reviewWords(ReviewState state) {
        return state.id().replace('_', ' ');
    }

    private Composite stack;
    private Label empty;
    private Composite tablePage;
    private Text filter;
    private Button queue;
    private Button extracted;
    /** The filters a reviewer sets directly: review state, reviewer, replay, personal data, score. */
    private TaskFilters filters;
    private Link chartFilter;
    private final List<ScoringCriteria.Descriptor> criteria = ScoringCriteria.get().all();
    private TableViewer viewer;
    private RowCache rows;
    private long count;

    @Override
    public void createPartControl(Composite parent) {
        session = DatasetSession.of(getSite());
        stack = new Composite(parent, SWT.NONE);
        stack.setLayout(new StackLayout());

        empty = new Label(stack, SWT.WRAP);
        empty.setText(EMPTY_MESSAGE);

        tablePage = new Composite(stack, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(tablePage);
        createFilters();
        viewer = new TableViewer(tablePage, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
        Table table = viewer.getTable();
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(table);
        createColumns(table);
        viewer.setUseHashlookup(true);
        rows = new RowCache(parent.getDisplay(), session, (index, row) -> {
            if (!table.isDisposed() && index < table.getItemCount()) {
                viewer.replace(row, index);
            }
        });
        viewer.setContentProvider(new ILazyContentProvider() {
            @Override
            public void updateElement(int index) {
                TaskRow row = rows.row(index);
                if (row != null) {
                    viewer.replace(row, index);
                }
            }

            @Override
            public void inputChanged(Viewer v, Object oldInput, Object newInput) {
            }
        });
        viewer.setLabelProvider(new RowLabels(criteria));
        viewer.addOpenListener(e -> openSelected());
        viewer.addPostSelectionChangedListener(e -> readAhead());
        getSite().setSelectionProvider(viewer);
        createReviewActions(table);

        TableColumn kept = ChosenColumns.restoreSort(table, COLUMNS, DatasetView::columnKey); // as the user left it
        if (kept != null) {
            rows.reset(sorted(rows.query(), kept, table.getSortDirection() == SWT.UP));
        }
        session.addListener(this);
        datasetChanged();
    }

    /** The filter field (applied a moment after typing stops), the queue and extracted checks, the chart's filter link. */
    private void createFilters() {
        filter = new Text(tablePage, SWT.SEARCH | SWT.ICON_SEARCH | SWT.ICON_CANCEL);
        filter.setMessage("Filter by task id or instruction");
        GridDataFactory.fillDefaults().grab(true, false).applyTo(filter);
        Runnable applyFilter = () -> {
            if (!filter.isDisposed()) {
                requery(rows.query().withText(filter.getText().isBlank() ? null : filter.getText()));
            }
        };
        filter.addModifyListener(e -> {
            filter.getDisplay().timerExec(-1, applyFilter);
            filter.getDisplay().timerExec(FILTER_DELAY_MS, applyFilter);
        });
        queue = new Button(tablePage, SWT.CHECK);
        queue.setText("&Review queue: only tasks not reviewed yet");
        queue.addListener(SWT.Selection, e -> {
            if (queue.getSelection()) {
                filters.anyReviewState(); // the queue is its own review filter
            }
            requery(queued(rows.query()));
        });
        extracted = new Button(tablePage, SWT.CHECK);
        extracted.setText("E&xtracted from videos only (sort by Conf. to see the least sure first)");
        extracted.addListener(SWT.Selection, e -> requery(rows.query().withExtracted(extracted.getSelection() ? true : null)));
        filters = new TaskFilters(tablePage, () -> {
            if (filters.reviewState() != null) {
                queue.setSelection(false); // a state chosen is not the queue's
            }
            requery(queued(rows.query()));
        });
        chartFilter = new Link(tablePage, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, false).exclude(true).applyTo(chartFilter);
        chartFilter.setVisible(false);
        chartFilter.addListener(SWT.Selection, e -> showAll());
    }

    /** The fixed columns, then one per scoring criterion; each sorts on a click; the user's choice of columns is kept. */
    private void createColumns(Table table) {
        for (Column column : Column.values()) {
            TableColumn widget = new TableColumn(table, column == Column.STEPS || column == Column.SCORE || column == Column.CONFIDENCE ? SWT.RIGHT
                    : SWT.LEFT);
            widget.setText(column.title);
            if (column == Column.CONFIDENCE) {
                widget.setToolTipText("How sure extraction was of a task extracted from a video (0-1); click to sort");
            }
            widget.setWidth(column.width);
            widget.setMoveable(true);
            widget.setData(column);
            widget.addListener(SWT.Selection, e -> sortBy(widget));
        }
        for (ScoringCriteria.Descriptor criterion : criteria) {
            TableColumn widget = new TableColumn(table, SWT.RIGHT);
            widget.setText(criterion.name());
            widget.setToolTipText(criterion.name() + " score (0-1); click to sort");
            widget.setWidth(80);
            widget.setMoveable(true);
            widget.setData(criterion.id());
            widget.addListener(SWT.Selection, e -> sortBy(widget));
        }
        // Shown first what a reviewer looks for (steps, score, review), so they stay in sight in a narrow view;
        // Domain and OS follow. Which columns, how wide, in which order: as the user left them (a right click on the
        // header chooses).
        List<Integer> first = List.of(Column.TASK.ordinal(), Column.STEPS.ordinal(), Column.SCORE.ordinal(), Column.REVIEW.ordinal(),
                Column.DOMAIN.ordinal(), Column.OS.ordinal(), Column.CONFIDENCE.ordinal(), Column.ID.ordinal());
        table.setColumnOrder(java.util.stream.IntStream.concat(first.stream().mapToInt(Integer::intValue),
                java.util.stream.IntStream.range(0, table.getColumnCount()).filter(i -> !first.contains(i))).toArray());
        // The Task column is cut to its width: the whole instruction on hover, gone once the pointer leaves that cell or
        // a click or the menu comes (a tooltip left standing covered the menu and named another row).
        org.eclipse.swt.graphics.Rectangle[] hovered = { null };
        table.addListener(SWT.MouseHover, e -> {
            org.eclipse.swt.widgets.TableItem item = table.getItem(new org.eclipse.swt.graphics.Point(e.x, e.y));
            hovered[0] = item != null && item.getData() instanceof TaskRow ? item.getBounds(Column.TASK.ordinal()) : null;
            boolean onTask = hovered[0] != null && hovered[0].contains(e.x, e.y);
            table.setToolTipText(onTask ? ((TaskRow) item.getData()).instruction() : null);
        });
        org.eclipse.swt.widgets.Listener away = e -> {
            if (hovered[0] != null && (e.type != SWT.MouseMove || !hovered[0].contains(e.x, e.y))) {
                hovered[0] = null;
                table.setToolTipText(null);
            }
        };
        for (int type : new int[] { SWT.MouseMove, SWT.MouseDown, SWT.MenuDetect, SWT.MouseExit }) {
            table.addListener(type, away);
        }
        ChosenColumns.remember(table, COLUMNS, DatasetView::columnKey);
    }

    /** Column texts of a row (the fixed columns, then one per criterion); cells of rows still loading stay empty. */
    private static final class RowLabels extends LabelProvider implements ITableLabelProvider {
        private final List<ScoringCriteria.Descriptor> criteria;

        RowLabels(List<ScoringCriteria.Descriptor> criteria) {
            this.criteria = criteria;
        }

        @Override
        public String getColumnText(Object element, int index) {
            if (!(element instanceof TaskRow row)) {
                return "";
            }
            if (index < Column.values().length) {
                return Column.values()[index].text(row);
            }
            Double score = row.scores().get(criteria.get(index - Column.values().length).id());
            return score == null ? "" : String.format(Locale.ROOT, "%.2f", score);
        }

        @Override
        public Image getColumnImage(Object element, int index) {
            return null;
        }
    }

    /** One task selected: its first screenshot is decoded now, so its editor shows it at once (FirstScreens). */
    private void readAhead() {
        if (viewer.getStructuredSelection().size() == 1 && viewer.getStructuredSelection().getFirstElement() instanceof TaskRow row) {
            DatasetJobs.background("Reading ahead " + row.taskId(), DatasetJobs.READS, monitor -> {
                try {
                    session.readAhead(row.taskId());
                } catch (java.io.IOException | java.sql.SQLException e) {
                    org.eclipse.core.runtime.ILog.of(getClass()).warn("Reading " + row.taskId() + "'s first screenshot ahead: " + e.getMessage());
                }
                return org.eclipse.core.runtime.Status.OK_STATUS;
            });
        }
    }

    /** Double-click or Enter: the selected tasks open in the trajectory editor. */
    private void openSelected() {
        for (Object element : viewer.getStructuredSelection()) {
            if (element instanceof TaskRow row) {
                Parts.openTask(getSite().getPage(), session.address(), row.taskId(), -1);
            }
        }
    }

    /**
     * The reviewer's decision on every selected task, from the table's menu (right click, Shift+F10) or the editor's keys
     * (Ctrl+Shift+A, R, F); a rejection or a needed fix asks why.
     */
    private void createReviewActions(Table table) {
        MenuManager menu = new MenuManager();
        menu.add(action("&Open", this::openSelected));
        menu.add(new Separator());
        IHandlerService handlers = getSite().getService(IHandlerService.class);
        decision(menu, handlers, "&Approve", "approve", ReviewState.APPROVED, "Ctrl+Shift+A");
        decision(menu, handlers, "&Reject...", "reject", ReviewState.REJECTED, "Ctrl+Shift+R");
        decision(menu, handlers, "Needs &fix...", "needsFix", ReviewState.NEEDS_FIX, "Ctrl+Shift+F");
        table.setMenu(menu.createContextMenu(table));
    }

    private void decision(MenuManager menu, IHandlerService handlers, String label, String command, ReviewState state, String keys) {
        menu.add(action(label + "\t" + keys, () -> decide(state)));
        handlers.activateHandler("org.trajectory.ui.editor." + command, new AbstractHandler() {
            @Override
            public Object execute(ExecutionEvent event) {
                decide(state);
                return null;
            }
        });
    }

    private static Action action(String label, Runnable run) {
        return new Action(label) {
            @Override
            public void run() {
                run.run();
            }
        };
    }

    /** The last review decision made here ("5 tasks rejected just now"), said beside the counts; null before the first. */
    private String lastDecision;

    /** Stores the decision on the selected tasks off the UI thread, in one transaction, and says it on the status line. */
    private void decide(ReviewState state) {
        // the selected positions, not their rows: a virtual table has read only the rows on show
        int[] selected = viewer.getTable().getSelectionIndices();
        if (selected.length == 0) {
            return;
        }
        ReviewDecision decision = ReviewDecision.ask(getSite().getShell(), state, selected.length, null);
        if (decision == null) {
            return;
        }
        TaskQuery shown = rows.query();
        String tasks = selected.length == 1 ? "1 task" : selected.length + " tasks";
        lastDecision = tasks + " " + reviewWords(decision.state()) + " just now";
        DatasetJobs.offUiThread("Storing the review of " + tasks, DatasetJobs.READS, viewer.getTable(), () -> {
            session.decide(idsAt(shown, selected), decision.state(), decision.note());
            return null;
        }, done -> {
            // the counts read again after the change say it
        }, e -> {
            lastDecision = null;
            MessageDialog.openError(getSite().getShell(), "Review", "Could not store the review of " + tasks + ": " + e.getMessage());
        });
    }

    /** The ids of the tasks at {@code positions} of {@code query}'s rows, read a run of adjacent positions at a time. */
    private List<String> idsAt(TaskQuery query, int[] positions) throws java.sql.SQLException {
        int[] sorted = positions.clone();
        java.util.Arrays.sort(sorted);
        List<String> ids = new java.util.ArrayList<>();
        for (int first = 0; first < sorted.length;) {
            int last = first;
            while (last + 1 < sorted.length && sorted[last + 1] == sorted[last] + 1) {
                last++;
            }
            session.page(query, sorted[first], last - first + 1).forEach(row -> ids.add(row.taskId()));
            first = last + 1;
        }
        return ids;
    }

    /** A column's name in the kept preferences: a fixed column's, or its criterion's. */
    private static String columnKey(TableColumn column) {
        return column.getData() instanceof Column c ? c.name() : "criterion:" + column.getData();
    }

    private void sortBy(TableColumn widget) {
        Table table = viewer.getTable();
        boolean up = table.getSortColumn() != widget || table.getSortDirection() != SWT.UP;
        table.setSortColumn(widget);
        table.setSortDirection(up ? SWT.UP : SWT.DOWN);
        ChosenColumns.keepSort(table, COLUMNS, DatasetView::columnKey);
        requery(sorted(rows.query(), widget, up));
    }

    private static TaskQuery sorted(TaskQuery query, TableColumn widget, boolean up) {
        return widget.getData() instanceof Column column ? query.sortedBy(column.sortBy, up) : query.sortedByScore((String) widget.getData(), up);
    }

    /**
     * Shows only the tasks {@code narrowing} keeps (a bar of a chart: an OS, a score range...), saying so above the table
     * with a link that shows all again. One chart filter at a time: a new one replaces the one before.
     */
    @Override
    public void filterBy(String description, UnaryOperator<TaskQuery> narrowing) {
        requery(narrowing.apply(withoutChartFilter(rows.query())));
        chartFilter.setText(description + "  <a>Show all</a>");
        ((org.eclipse.swt.layout.GridData) chartFilter.getLayoutData()).exclude = false;
        chartFilter.setVisible(true);
        tablePage.layout(true, true);
    }

    @Override
    public TaskQuery shownQuery() {
        return rows.query();
    }

    @Override
    public void showAll() {
        requery(queued(withoutChartFilter(rows.query())));
        chartFilter.setText("");
        ((org.eclipse.swt.layout.GridData) chartFilter.getLayoutData()).exclude = true;
        chartFilter.setVisible(false);
        tablePage.layout(true, true);
    }

    /** Who the review queue belongs to: the user tasks are assigned to on this dataset, or null (then it is every new task). */
    private String queueOwner;

    /**
     * The query narrowed to the review queue when it is chosen: on a dataset whose tasks are assigned to this user,
     * theirs not yet judged; otherwise every task not reviewed yet.
     */
    private TaskQuery queued(TaskQuery query) {
        TaskQuery filtered = filters.apply(query);
        if (!queue.getSelection()) {
            return filtered.withReview(filters.reviewState()).withQueueOf(null);
        }
        return queueOwner != null ? filtered.withReview(null).withQueueOf(queueOwner) : filtered.withReview(ReviewState.NEW).withQueueOf(null);
    }

    /** Asks, off the UI thread, whose queue the checkbox shows and who has reviewed (the Reviewer filter's choices). */
    private void readQueueOwner() {
        DatasetJobs.read("Reading the reviewers", queue, session::reviewers, filters::reviewers);
        DatasetJobs.read("Reading the review assignments", queue, () -> session.queueOwner(), owner -> {
            boolean changed = !java.util.Objects.equals(owner, queueOwner);
            queueOwner = owner;
            queue.setText(owner == null ? "&Review queue: only tasks not reviewed yet" : "&Review queue: mine (" + owner + "), not yet judged");
            queue.getParent().layout();
            if (changed && queue.getSelection()) {
                requery(queued(rows.query()));
            }
        });
    }

    /** The query without what a chart's bar may have narrowed (OS, domain, application, steps, score, review state). */
    private static TaskQuery withoutChartFilter(TaskQuery query) {
        return query.withOs(null).withDomain(null).withApplication(null).withSteps(null, null).withScore(null, null, null).withReview(null);
    }

    @Override
    public void datasetChanged() {
        if (stack.isDisposed()) {
            return;
        }
        stack.getDisplay().asyncExec(() -> {
            if (!stack.isDisposed()) {
                read(rows.query(), false);
                readQueueOwner();
            }
        });
    }

    /** The requeries asked for so far: only the newest one's counts are shown. */
    private int requeries;
    /** The dataset whose rows are on show: another one starts from the top. */
    private DatasetAddress shownAddress;

    /** Shows a new question's rows (a filter, an order), from the first. */
    private void requery(TaskQuery query) {
        read(query, true);
    }

    /**
     * Reads the rows of {@code query} again. A change to the dataset ({@code fromTop} false: a save, a score, another
     * process's import) keeps the scroll position and the selection: only the rows on show are asked for again.
     */
    private void read(TaskQuery query, boolean fromTop) {
        DatasetAddress address = session.address();
        StackLayout layout = (StackLayout) stack.getLayout();
        Control top = address != null ? tablePage : empty;
        if (layout.topControl != top) {
            layout.topControl = top;
            stack.layout(true, true);
        }
        boolean anotherDataset = !java.util.Objects.equals(address, shownAddress);
        shownAddress = address;
        String unfinished = session.unfinishedCopy();
        setContentDescription(address == null ? "" : unfinished != null ? "Warning: " + unfinished : address.toString());
        rows.reset(query);
        int asked = ++requeries;
        DatasetJobs.read("Counting tasks", viewer.getTable(),
                () -> new Counts(session.count(query), session.reviewProgress()), counts -> {
                    if (asked == requeries) { // an answer to an older question is not shown
                        show(query, counts, fromTop || anotherDataset);
                    }
                });
    }

    /** How many tasks a query finds, and how far the whole dataset is reviewed. */
    private record Counts(long count, Dataset.ReviewProgress progress) {
    }

    private void show(TaskQuery query, Counts counts, boolean fromTop) {
        count = counts.count();
        Table table = viewer.getTable();
        int shown = (int) Math.min(Integer.MAX_VALUE, count);
        if (fromTop || viewer.getInput() != query) {
            table.setItemCount(0);
            viewer.setInput(query);
            table.setItemCount(shown);
            table.clearAll();
            if (count > 0) {
                table.setTopIndex(0); // a new filter or order starts from its first row
            }
        } else {
            if (table.getItemCount() != shown) {
                table.setItemCount(shown);
            }
            table.clearAll(); // the virtual table asks again for the rows on show only
        }
        String text = "";
        if (session.address() != null) {
            NumberFormat number = NumberFormat.getIntegerInstance();
            boolean filtered = !query.sortedBy(TaskQuery.Column.ORDER, true).equals(TaskQuery.ALL);
            long all = counts.progress().tasks();
            text = number.format(count) + (count == 1 ? " task" : " tasks") + (filtered ? " match" : "")
                    + String.format(Locale.ROOT, " \u00B7 reviewed %s of %s (%.1f%%)", number.format(counts.progress().reviewed()),
                            number.format(all), all == 0 ? 0.0 : 100.0 * counts.progress().reviewed() / all);
        }
        getViewSite().getActionBars().getStatusLineManager().setMessage(text + (lastDecision == null ? "" : " \u00B7 " + lastDecision));
    }

    /** Rows shown now, for tests. */
    int itemCount() {
        return viewer.getTable().getItemCount();
    }

    TableViewer viewer() {
        return viewer;
    }

    int requeries() {
        return requeries;
    }

    Text filter() {
        return filter;
    }

    Button reviewQueue() {
        return queue;
    }

    TaskFilters filters() {
        return filters;
    }

    /** Forgets the kept sort, for tests that each start from the import order. */
    void forgetSort() {
        viewer.getTable().setSortColumn(null);
        ChosenColumns.keepSort(viewer.getTable(), COLUMNS, DatasetView::columnKey);
    }

    @Override
    public void setFocus() {
        if (session.address() != null) {
            viewer.getTable().setFocus();
        } else {
            empty.setFocus();
        }
    }

    @Override
    public void dispose() {
        if (session != null) {
            session.removeListener(this);
        }
        super.dispose();
    }
}
