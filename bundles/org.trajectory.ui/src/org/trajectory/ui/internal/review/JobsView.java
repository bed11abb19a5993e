package org.trajectory.ui.internal.review;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.part.ViewPart;

import org.trajectory.dataset.WorkQueue;
import org.trajectory.model.Words;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.DatasetSession;

/**
 * The work queue of a server dataset, as {@code jobs} shows it: per operation the items waiting, claimed, done and
 * failed; the items held now (by which worker, since when, the lease left) and those failed (why), which can be retried
 * or set aside; each worker's rate. Read off the UI thread every few seconds while the view is shown.
 */
public final class JobsView extends ViewPart implements DatasetSession.Listener {

    /** Retry and dismiss jobs, for tests to join (reads are {@link DatasetJobs#READS}). */
    public static final Object FAMILY = new Object();
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);
    private static final int REFRESH_MS = 3000;

    private DatasetSession session;
    private Composite area;
    private Label summary;
    private Table operations;
    private Table items;
    private Table workers;
    private Button retry;
    private Button dismiss;
    private final Runnable refresh = this::refresh;
    private String summaryOfQueue = "";

    @Override
    public void createPartControl(Composite parent) {
        session = DatasetSession.of(getSite());
        area = new Composite(parent, SWT.NONE);
        GridLayoutFactory.swtDefaults().numColumns(3).applyTo(area);
        summary = new Label(area, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).hint(200, SWT.DEFAULT).applyTo(summary);
        retry = new Button(area, SWT.PUSH);
        retry.setText("&Retry Failed");
        retry.setToolTipText("Put the selected failed items (all failed ones when none is selected) back to waiting");
        retry.addListener(SWT.Selection, e -> settle(true));
        dismiss = new Button(area, SWT.PUSH);
        dismiss.setText("D&ismiss Failed");
        dismiss.setToolTipText("Set the selected failed items (all when none is selected) aside: no worker takes them");
        dismiss.addListener(SWT.Selection, e -> settle(false));
        SashForm sash = new SashForm(area, SWT.HORIZONTAL);
        GridDataFactory.fillDefaults().grab(true, true).span(3, 1).applyTo(sash);
        operations = table(sash, "Operations", SWT.NONE, "Operation", "Waiting", "Claimed", "Done", "Failed", "Dismissed");
        items = table(sash, "Claimed and failed items", SWT.MULTI, "#", "Operation", "Subject", "State", "Worker", "Since", "Lease / reason");
        items.addListener(SWT.Selection, e -> said());
        workers = table(sash, "Workers", SWT.NONE, "Worker", "Operation", "Done", "Failed", "Holding", "A minute", "Last");
        sash.setWeights(2, 5, 3);
        session.addListener(this);
        read();
        area.getDisplay().timerExec(REFRESH_MS, refresh);
    }

    private static Table table(Composite parent, String title, int style, String... columns) {
        Group group = new Group(parent, SWT.NONE);
        group.setText(title);
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(group);
        Table table = new Table(group, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL | style);
        table.setHeaderVisible(true);
        GridDataFactory.fillDefaults().grab(true, true).hint(SWT.DEFAULT, 120).applyTo(table);
        for (String name : columns) {
            new TableColumn(table, SWT.LEFT).setText(name);
        }
        return table;
    }

    /** Reads again every few seconds while shown: workers on other machines change the queue without telling this window. */
    private void refresh() {
        if (area.isDisposed()) {
            return;
        }
        if (getSite().getPage().isPartVisible(this)) {
            read();
        }
        area.getDisplay().timerExec(REFRESH_MS, refresh);
    }

    @Override
    public void datasetChanged() {
        if (!area.isDisposed()) {
            area.getDisplay().asyncExec(() -> {
                if (!area.isDisposed()) {
                    read();
                }
            });
        }
    }

    private void read() {
        DatasetJobs.read("Reading the work queue", area, () -> session.queue(), this::show);
    }

    private void show(WorkQueue.Status status) {
        java.util.Set<Long> selected = new java.util.HashSet<>(); // kept across the refresh, so that Retry acts on what was chosen
        for (TableItem item : items.getSelection()) {
            selected.add(((WorkQueue.Entry) item.getData()).id());
        }
        for (Table table : List.of(operations, items, workers)) {
            table.removeAll();
        }
        retry.setEnabled(status != null && !status.failed().isEmpty());
        dismiss.setEnabled(retry.getEnabled());
        if (status == null) {
            summary.setText("Open a server dataset to see its work queue: what build, extract, annotate, score and replay workers on every"
                    + " machine have waiting, in hand, done and failed.");
            area.layout(true, true);
            return;
        }
        long waiting = 0;
        long claimed = 0;
        for (WorkQueue.Counts c : status.operations()) {
            row(operations, c.operation(), count(c.waiting()), count(c.claimed()), count(c.done()), count(c.failed()), count(c.dismissed()));
            waiting += c.waiting();
            claimed += c.claimed();
        }
        for (WorkQueue.Entry e : status.claimed()) {
            long left = e.leaseUntil() == null ? 0 : Duration.between(status.now(), e.leaseUntil()).toSeconds();
            row(items, Long.toString(e.id()), e.operation(), e.subject(), "claimed", e.worker(), time(e.claimedAt()),
                    left >= 0 ? left + " s left" : "ran out " + -left + " s ago").setData(e);
        }
        for (WorkQueue.Entry e : status.failed()) {
            row(items, Long.toString(e.id()), e.operation(), e.subject(), "failed", e.worker() == null ? "" : e.worker(), time(e.finishedAt()),
                    e.outcome() == null ? "" : e.outcome()).setData(e);
        }
        for (WorkQueue.WorkerRate w : status.workers()) {
            row(workers, w.worker(), w.operation(), count(w.done()), count(w.failed()), count(w.holding()),
                    String.format(Locale.ROOT, "%.1f", w.perMinute()), time(w.last()));
        }
        summary.setText(status.operations().isEmpty()
                ? "The queue is empty. Enqueue recordings or videos (enqueue), or start build, extract, annotate, score or replay on this"
                        + " dataset from any machine: each worker takes its own batches."
                : String.format(Locale.ROOT, "%,d waiting, %,d claimed by %s, %,d failed · refreshed %s", waiting, claimed,
                        Words.count(status.claimed().stream().map(WorkQueue.Entry::worker).distinct().count(), "worker"), status.failed().size(),
                        time(status.now())));
        summaryOfQueue = summary.getText();
        for (TableItem item : items.getItems()) {
            if (selected.contains(((WorkQueue.Entry) item.getData()).id())) {
                items.select(items.indexOf(item));
            }
        }
        said();
        for (Table table : List.of(operations, items, workers)) {
            for (TableColumn column : table.getColumns()) {
                column.pack();
            }
        }
        area.layout(true, true);
    }

    /** A selected item's whole reason (a column cuts it), or the queue's summary again when none is selected. */
    private void said() {
        TableItem[] selected = items.getSelection();
        summary.setText(selected.length == 1 && selected[0].getData() instanceof WorkQueue.Entry e && e.outcome() != null
                ? "#" + e.id() + " " + e.operation() + " " + e.subject() + ": " + e.outcome() : summaryOfQueue);
        area.layout(true, true);
    }

    private void settle(boolean again) {
        List<Long> ids = new ArrayList<>();
        for (TableItem item : items.getSelection()) {
            if (item.getData() instanceof WorkQueue.Entry entry && entry.state() == WorkQueue.State.FAILED) {
                ids.add(entry.id());
            }
        }
        DatasetJobs.background(again ? "Retrying failed items" : "Dismissing failed items", FAMILY, monitor -> {
            try {
                int count = session.settleFailed(ids, again);
                ILog.of(JobsView.class).info((again ? "Put back to waiting: " : "Set aside: ") + count + " items");
            } catch (SQLException e) {
                ILog.of(JobsView.class).warn((again ? "Retry" : "Dismiss") + ": " + e.getMessage());
            }
            return Status.OK_STATUS;
        });
    }

    private static TableItem row(Table table, String... cells) {
        TableItem item = new TableItem(table, SWT.NONE);
        item.setText(cells);
        return item;
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** A moment as the clock shows it, its seconds always (LocalTime's own text leaves out ":00"). */
    private static String time(Instant instant) {
        return instant == null ? "" : CLOCK.format(LocalTime.ofInstant(instant, ZoneId.systemDefault()));
    }

    Label summary() {
        return summary;
    }

    /** The operations', items' and workers' tables, in that order. */
    List<Table> tables() {
        return List.of(operations, items, workers);
    }

    @Override
    public void setFocus() {
        items.setFocus();
    }

    @Override
    public void dispose() {
        if (session != null) {
            session.removeListener(this);
        }
        super.dispose();
    }
}
