package org.trajectory.ui.internal.review;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
import org.eclipse.ui.IPartListener2;
import org.eclipse.ui.IWorkbenchPartReference;
import org.eclipse.ui.part.ViewPart;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ReviewState;
import org.trajectory.review.Agreement;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.DatasetSession;
import org.trajectory.ui.internal.Parts;

/**
 * Review by a team, for its lead: who reviews and how far each has got, how far reviewers agree (Cohen's kappa per
 * pair, Krippendorff's alpha, accuracy on gold tasks) and the tasks where they disagree, to open and settle. Read off
 * the UI thread whenever the dataset changes, here or in another workbench; Assign Reviewers is the CLI's assign.
 */
public final class TeamView extends ViewPart implements DatasetSession.Listener {

    /** The window's dataset session, taken from this part's site. */
    private DatasetSession session;

    /** Assignment jobs, for tests to join (reads are {@link DatasetJobs#READS}). */
    public static final Object FAMILY = new Object();

    private Composite area;
    private Label summary;
    private Button assign;
    private Table reviewers;
    private Table pairs;
    private Table disagreements;
    private List<String> suggested = List.of();
    /** A change heard while the view was hidden behind another tab: read when the view is shown, not before. */
    private boolean stale;
    private final IPartListener2 shown = new IPartListener2() {
        @Override
        public void partVisible(IWorkbenchPartReference reference) {
            if (reference.getPart(false) == TeamView.this && stale) {
                read();
            }
        }
    };

    @Override
    public void createPartControl(Composite parent) {
        session = DatasetSession.of(getSite());
        area = new Composite(parent, SWT.NONE);
        GridLayoutFactory.swtDefaults().numColumns(2).applyTo(area);
        summary = new Label(area, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).hint(200, SWT.DEFAULT).applyTo(summary);
        assign = new Button(area, SWT.PUSH);
        assign.setText("&Assign Reviewers...");
        assign.addListener(SWT.Selection, e -> assign());
        SashForm sash = new SashForm(area, SWT.HORIZONTAL);
        GridDataFactory.fillDefaults().grab(true, true).span(2, 1).applyTo(sash);
        reviewers = table(sash, "Reviewers", "Reviewer", "Assigned", "Judged", "Left", "Gold accuracy");
        pairs = table(sash, "Agreement (Cohen's kappa)", "Reviewer", "Reviewer", "Tasks", "Kappa");
        disagreements = table(sash, "Disagreements (double-click to open)", "Task", "Verdicts", "Settled");
        disagreements.addListener(SWT.DefaultSelection, e -> openSelected());
        sash.setWeights(3, 3, 4);
        session.addListener(this);
        getSite().getPage().addPartListener(shown);
        read();
    }

    private static Table table(Composite parent, String title, String... columns) {
        Group group = new Group(parent, SWT.NONE);
        group.setText(title);
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(group);
        Table table = new Table(group, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL);
        table.setHeaderVisible(true);
        GridDataFactory.fillDefaults().grab(true, true).hint(SWT.DEFAULT, 120).applyTo(table);
        for (String name : columns) {
            TableColumn column = new TableColumn(table, SWT.LEFT);
            column.setText(name);
            column.pack();
        }
        return table;
    }

    /** Agreement is computed over every verdict: a lead with the view behind another tab does not pay for it. */
    @Override
    public void datasetChanged() {
        if (!area.isDisposed()) {
            area.getDisplay().asyncExec(() -> {
                if (area.isDisposed()) {
                    return;
                }
                if (getSite().getPage().isPartVisible(this)) {
                    read();
                } else {
                    stale = true;
                }
            });
        }
    }

    private void read() {
        stale = false;
        DatasetJobs.read("Reading the team's review", area, () -> session.team(), this::show);
    }

    private void show(DatasetSession.Team team) {
        for (Table table : List.of(reviewers, pairs, disagreements)) {
            table.removeAll();
        }
        assign.setEnabled(team != null);
        if (team == null) {
            summary.setText("Open a dataset to see its team review: who reviews which tasks and how far they agree.");
            area.layout(true, true);
            return;
        }
        suggested = team.reviewers();
        Agreement agreement = team.agreement();
        for (String reviewer : team.reviewers()) {
            Dataset.Workload load = team.workload().getOrDefault(reviewer, new Dataset.Workload(0, 0));
            Agreement.Gold gold = agreement.gold().get(reviewer);
            row(reviewers, reviewer, count(load.assigned()), count(load.judged()), count(load.assigned() - load.judged()),
                    gold == null ? "" : number(gold.accuracy()) + " (" + gold.right() + " of " + gold.judged() + ")");
        }
        for (Agreement.Pair pair : agreement.pairs()) {
            row(pairs, pair.a(), pair.b(), count(pair.tasks()), number(pair.kappa()));
        }
        long open = 0;
        for (Agreement.Disagreement d : agreement.disagreements()) {
            List<String> verdicts = new ArrayList<>();
            for (Map.Entry<String, ReviewState> verdict : d.verdicts().entrySet()) {
                verdicts.add(verdict.getKey() + " " + verdict.getValue().id());
            }
            row(disagreements, d.taskId(), String.join(", ", verdicts), d.settled() == null ? "not yet" : d.settled().id());
            open += d.settled() == null ? 1 : 0;
        }
        summary.setText(team.workload().isEmpty()
                ? "No task is assigned yet. Assign Reviewers gives each task to reviewers, so that each works through a queue of their own."
                : String.format(Locale.ROOT, "%s · %d reviewers · Krippendorff's alpha %s over %,d tasks judged twice or more · %d disagreements, %d not settled",
                        team.address(), team.workload().size(), number(agreement.alpha()), agreement.tasksWithTwoOrMore(),
                        agreement.disagreements().size(), open));
        for (Table table : List.of(reviewers, pairs, disagreements)) {
            for (TableColumn column : table.getColumns()) {
                column.pack();
            }
        }
        area.layout(true, true);
    }

    private static void row(Table table, String... cells) {
        new TableItem(table, SWT.NONE).setText(cells);
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String number(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%.3f", value);
    }

    private void assign() {
        AssignDialog dialog = new AssignDialog(getSite().getShell(), suggested);
        if (dialog.open() != AssignDialog.OK || dialog.choice() == null) {
            return;
        }
        AssignDialog.Choice choice = dialog.choice();
        DatasetJobs.background("Assigning reviewers", FAMILY, monitor -> {
            try {
                Path gold = choice.gold();
                int count = session.assign(choice.reviewers(), choice.overlap(), gold == null ? Map.of() : Agreement.readGold(gold));
                ILog.of(TeamView.class).info("Assigned " + count + " reviews to " + String.join(", ", choice.reviewers()));
            } catch (SQLException | java.io.IOException | IllegalArgumentException e) {
                ILog.of(TeamView.class).warn("Assign Reviewers: " + e.getMessage());
                if (!area.isDisposed()) {
                    area.getDisplay().asyncExec(() -> {
                        if (!summary.isDisposed()) {
                            summary.setText("Nothing was assigned: " + e.getMessage());
                            area.layout(true, true);
                        }
                    });
                }
            }
            return Status.OK_STATUS;
        });
    }

    /** Opens the disagreement's task, to settle it with a final review. */
    private void openSelected() {
        for (TableItem item : disagreements.getSelection()) {
            Parts.openTask(getSite().getPage(), session.address(), item.getText(0), -1);
        }
    }

    Label summary() {
        return summary;
    }

    /** Whether a change waits to be read until the view is shown. */
    boolean stale() {
        return stale;
    }

    Button assignButton() {
        return assign;
    }

    /** The reviewers', pairs' and disagreements' tables, in that order. */
    List<Table> tables() {
        return List.of(reviewers, pairs, disagreements);
    }

    @Override
    public void setFocus() {
        disagreements.setFocus();
    }

    @Override
    public void dispose() {
        if (session != null) {
            session.removeListener(this);
        }
        getSite().getPage().removePartListener(shown);
        super.dispose();
    }
}
