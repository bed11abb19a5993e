package org.trajectory.ui.internal.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.action.IStatusLineManager;
import org.eclipse.jface.action.StatusLineManager;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.Screenshots;
import org.trajectory.ui.internal.WidgetFinder;
import org.trajectory.ui.internal.WorkbenchTest;

/** The dataset table as a curator uses it: import a file, see the rows, sort, filter. */
class DatasetTableTest extends WorkbenchTest {

    private static final int TASKS = 3000;

    private DatasetView view;

    @BeforeEach
    void importADataset() throws Exception {
        Path jsonl = temp.resolve("tasks.jsonl");
        try (BufferedWriter out = Files.newBufferedWriter(jsonl)) {
            for (int t = 0; t < TASKS; t++) {
                out.write("{\"task_id\":\"t" + t + "\",\"instruction\":\"" + (t % 10 == 0 ? "Change the wallpaper " : "Open the terminal ")
                        + t + "\",\"domain\":\"" + (t % 2 == 0 ? "os" : "web") + "\",\"traj\":[");
                for (int s = 0; s <= t % 7; s++) {
                    out.write((s == 0 ? "" : ",") + "{\"index\":" + s + ",\"value\":{\"code\":\"pyautogui.click(x=0.5, y=0.5)\"}}");
                }
                out.write("]}\n");
            }
        }
        view = (DatasetView) page.showView(Parts.DATASET_VIEW);
        Job job = DatasetJobs.importJob(new org.trajectory.dataset.DatasetAddress.Folder(temp.resolve("dataset")), jsonl, null, null);
        job.schedule();
        while (job.getResult() == null) {
            spin();
        }
        assertTrue(job.getResult().isOK(), job.getResult().toString());
        settleRows();
    }

    @AfterEach
    void closeDataset() throws Exception {
        session().close();
        view.forgetSort();
        page.hideView(view); // a fresh view for the next test: no filter or sort left over
        page.showView(Parts.DATASET_VIEW);
        settleRows();
    }

    @Test
    void theTableShowsEveryTaskLazilyAndTheStatusLineTheCount() throws Exception {
        Table table = view.viewer().getTable();
        assertEquals(TASKS, table.getItemCount());
        assertEquals("Change the wallpaper 0", text(0, 0));
        assertEquals("os", text(0, 1));
        assertEquals("1", text(0, 3));
        assertEquals("new", text(0, 5));
        assertTrue(statusMessage().startsWith("3,000 tasks \u00B7 reviewed 0 of 3,000"), statusMessage());
        Screenshots.take(display, "dataset-table.png");
    }

    @Test
    void aHiddenColumnAndAWidthAreKeptForTheNextTable() throws Exception {
        Table table = view.viewer().getTable();
        java.util.List<String> shown = java.util.Arrays.stream(table.getColumnOrder()).limit(4).mapToObj(i -> table.getColumn(i).getText()).toList();
        assertEquals(java.util.List.of("Task", "Steps", "Score", "Review"), shown, "what a reviewer looks for first, in sight in a narrow view");
        TableColumn domain = table.getColumn(1);
        assertEquals("Domain", domain.getText());
        ChosenColumns.show(table, domain, false);
        table.getColumn(3).setWidth(77); // Steps, widened by the user
        try {
            page.hideView(view);
            view = (DatasetView) page.showView(Parts.DATASET_VIEW);
            Table again = view.viewer().getTable();
            assertEquals(0, again.getColumn(1).getWidth(), "Domain stays hidden");
            assertEquals(77, again.getColumn(3).getWidth(), "Steps keeps its width");
            ChosenColumns.show(again, again.getColumn(1), true);
            assertTrue(again.getColumn(1).getWidth() > 0, "shown again");
        } finally {
            org.eclipse.core.runtime.preferences.InstanceScope.INSTANCE.getNode("org.trajectory.ui").remove(DatasetView.COLUMNS);
        }
    }

    /** Personal data found and not reviewed is a column of its own, which sorts those tasks first. */
    @Test
    void personalDataNotReviewedIsAColumnThatSortsThemFirst() throws Exception {
        session().close();
        settle();
        try (org.trajectory.dataset.Dataset dataset = org.trajectory.dataset.Dataset.open(temp.resolve("dataset"))) {
            org.trajectory.dataset.StoredScrub.Finding email = new org.trajectory.dataset.StoredScrub.Finding(-1, "instruction", "email",
                    "a@example.com", null, org.trajectory.dataset.StoredScrub.PROPOSED);
            dataset.scrubs().put("t7", new org.trajectory.dataset.StoredScrub("x", java.util.List.of("email"), "2026-11-26T00:00:00Z",
                    java.util.List.of(email, email.withState(org.trajectory.dataset.StoredScrub.PROPOSED))));
            dataset.scrubs().put("t8", new org.trajectory.dataset.StoredScrub("y", java.util.List.of("email"), "2026-11-26T00:00:00Z",
                    java.util.List.of(email.withState(org.trajectory.dataset.StoredScrub.ACCEPTED))));
        }
        session().open(temp.resolve("dataset"), false);
        settleRows();
        Table table = view.viewer().getTable();
        int personal = java.util.Arrays.asList(table.getColumns()).indexOf(java.util.Arrays.stream(table.getColumns())
                .filter(c -> c.getText().equals("Personal data")).findFirst().orElseThrow());
        assertEquals("Change the wallpaper 0", text(0, 0));
        assertEquals("", table.getItem(0).getText(personal), "never scrubbed");
        table.getColumn(personal).notifyListeners(SWT.Selection, new Event());
        settleRows();
        table.getColumn(personal).notifyListeners(SWT.Selection, new Event()); // descending: the most to review first
        settleRows();
        assertEquals("Open the terminal 7", text(0, 0));
        assertEquals("2 to review", text(0, personal));
        assertEquals("reviewed", text(1, personal));
    }

    @Test
    void clickingAColumnSortsByIt() throws Exception {
        TableColumn steps = view.viewer().getTable().getColumn(3);
        steps.notifyListeners(SWT.Selection, new Event());
        settleRows();
        assertEquals(TASKS, view.itemCount(), "sorting keeps every task: " + statusMessage());
        assertEquals("1", text(0, 3));
        steps.notifyListeners(SWT.Selection, new Event()); // again: descending
        settleRows();
        assertEquals("7", text(0, 3));
        assertEquals(SWT.DOWN, view.viewer().getTable().getSortDirection());

        page.hideView(view); // the table made again, as at the next start: sorted as the user left it
        view = (DatasetView) page.showView(Parts.DATASET_VIEW);
        settleRows();
        assertEquals("Steps", view.viewer().getTable().getSortColumn().getText());
        assertEquals(SWT.DOWN, view.viewer().getTable().getSortDirection());
        assertEquals("7", text(0, 3));
    }

    /** Ctrl+A, Ctrl+Shift+A: all 3,000 tasks are approved, though the virtual table read only the rows on show. */
    @Test
    void everySelectedTaskIsDecidedThoughMostRowsWereNeverRead() throws Exception {
        Table table = view.viewer().getTable();
        table.selectAll();
        focus(view);
        keys(SWT.CTRL, SWT.SHIFT, 'a');
        waitFor(() -> approved() == TASKS, () -> "every selected task approved; approved now: " + approved() + ", selected: "
                + table.getSelectionCount() + ", focus on " + display.getFocusControl() + ", status line: " + statusMessage());
    }

    private long approved() {
        try {
            return session().count(org.trajectory.dataset.TaskQuery.ALL.withReview(org.trajectory.dataset.ReviewState.APPROVED));
        } catch (java.sql.SQLException e) {
            return -1;
        }
    }

    @Test
    void typingInTheFilterNarrowsTheRows() {
        view.filter().setText("wallpaper");
        waitFor(() -> view.itemCount() == TASKS / 10, "the rows narrowed to the wallpaper tasks");
        settleRows();
        assertTrue(text(0, 0).startsWith("Change the wallpaper"), text(0, 0));
        assertTrue(statusMessage().startsWith("300 tasks match"), statusMessage());
    }

    /** The text of a cell once its page has arrived. */
    private String text(int row, int column) {
        Table table = view.viewer().getTable();
        table.showItem(table.getItem(row));
        TableItem item = table.getItem(row);
        waitFor(() -> !item.getText(column).isEmpty(), "row " + row + " has come from the store");
        return item.getText(column);
    }

    private String statusMessage() {
        IStatusLineManager manager = view.getViewSite().getActionBars().getStatusLineManager();
        while (manager instanceof org.eclipse.jface.action.SubStatusLineManager sub) {
            manager = (IStatusLineManager) sub.getParent();
        }
        return manager instanceof StatusLineManager status ? status.getControl().isDisposed() ? "" : messageOf(status) : "";
    }

    private static String messageOf(StatusLineManager status) {
        // The status line draws its message in a CLabel: read it from there as the user sees it.
        return WidgetFinder.find(status.getControl(), org.eclipse.swt.custom.CLabel.class, l -> l.getText() != null && !l.getText().isEmpty())
                .map(org.eclipse.swt.custom.CLabel::getText).orElse("");
    }

    /** Waits until the table's count and pages have been read (their jobs are done) and shown (the UI has no event left). */
    private void settleRows() {
        waitFor(() -> {
            boolean idle = Job.getJobManager().find(RowCache.FAMILY).length == 0
                    && Job.getJobManager().find(org.trajectory.ui.internal.DatasetJobs.READS).length == 0;
            boolean handled = false;
            while (display.readAndDispatch()) {
                handled = true;
            }
            return idle && !handled;
        }, "the rows are read and shown");
    }
}
