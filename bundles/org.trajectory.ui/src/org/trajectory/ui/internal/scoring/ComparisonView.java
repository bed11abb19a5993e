package org.trajectory.ui.internal.scoring;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.part.ViewPart;
import org.osgi.service.prefs.BackingStoreException;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.TaskRow;
import org.trajectory.evaluation.ActionTuple;
import org.trajectory.evaluation.AgentNetBench;
import org.trajectory.evaluation.EmbeddingSimilarity;
import org.trajectory.evaluation.ReferenceTasks;
import org.trajectory.evaluation.Sharingan;
import org.trajectory.evaluation.TaskEvaluation;
import org.trajectory.evaluation.ActionTuple;
import org.trajectory.model.Task;
import org.trajectory.model.Words;
import org.trajectory.ui.internal.StartFolder;
import org.trajectory.ui.internal.DatasetSession;
import org.trajectory.ui.internal.Parts;

/**
 * The task selected in the Dataset view (the prediction) beside the task of the same id in a reference (a dataset or
 * an AgentNet JSONL file): paired actions row by row with how alike their words are, missed and extra actions marked,
 * the Sharingan and AgentNetBench figures on top. Double-clicking a row opens its step in the editor.
 */
public final class ComparisonView extends ViewPart implements ISelectionListener {

    /** The window's dataset session, taken from this part's site. */
    private DatasetSession session;

    /** The family of the view's reading and comparing jobs; tests join it. */
    public static final Object FAMILY = ComparisonView.class;

    private Text referenceField;
    private Combo referenceTask;
    /** The first choice of the reference task list: pair by equal ids. */
    static final String SAME_ID = "(the task of the same id)";
    private Label summary;
    private Table table;
    private Path referencePath;
    private ReferenceTasks reference;
    private EmbeddingSimilarity similarity;
    private String taskId;
    private List<Sharingan.Row> rows = List.of();

    @Override
    public void createPartControl(Composite parent) {
        session = DatasetSession.of(getSite());
        GridLayoutFactory.fillDefaults().margins(4, 4).numColumns(4).applyTo(parent);
        new Label(parent, SWT.NONE).setText("&Reference:");
        referenceField = new Text(parent, SWT.BORDER);
        referenceField.setMessage("a dataset folder or an AgentNet JSONL file");
        GridDataFactory.fillDefaults().grab(true, false).applyTo(referenceField);
        referenceField.addListener(SWT.DefaultSelection, e -> setReference(referenceField.getText().isBlank() ? null
                : Path.of(referenceField.getText().strip())));
        Button file = new Button(parent, SWT.PUSH);
        file.setText("&File...");
        file.addListener(SWT.Selection, e -> {
            FileDialog dialog = new FileDialog(parent.getShell(), SWT.OPEN);
            dialog.setFilterExtensions(new String[] {"*.jsonl", "*"});
            dialog.setFilterPath(StartFolder.of(referenceField.getText()));
            String chosen = StartFolder.chosen(dialog.open());
            if (chosen != null) {
                setReference(Path.of(chosen));
            }
        });
        Button folder = new Button(parent, SWT.PUSH);
        folder.setText("&Dataset...");
        folder.addListener(SWT.Selection, e -> {
            DirectoryDialog dialog = new DirectoryDialog(parent.getShell());
            dialog.setFilterPath(StartFolder.of(referenceField.getText()));
            String chosen = StartFolder.chosen(dialog.open());
            if (chosen != null) {
                setReference(Path.of(chosen));
            }
        });
        new Label(parent, SWT.NONE).setText("Reference &task:");
        referenceTask = new Combo(parent, SWT.READ_ONLY);
        referenceTask.setToolTipText("The reference's task the selected task is compared with; the choice is remembered for it");
        GridDataFactory.fillDefaults().span(3, 1).grab(true, false).applyTo(referenceTask);
        referenceTask.addListener(SWT.Selection, e -> pairWith(referenceTask.getSelectionIndex() <= 0 ? null : referenceTask.getText()));
        summary = new Label(parent, SWT.WRAP);
        summary.setText("Choose a reference, then select a task in the Dataset view to compare it with the reference's task of the same id,"
                + " or with the reference task you choose for it.");
        GridDataFactory.fillDefaults().span(4, 1).grab(true, false).applyTo(summary);
        table = new Table(parent, SWT.BORDER | SWT.FULL_SELECTION);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        for (String[] column : new String[][] {{"Ref.", "45"}, {"Reference action", "280"}, {"Match", "185"},
                {"Pred.", "45"}, {"Predicted action", "280"}, {"Step score", "75"}}) { // the pair's AgentNetBench score
            TableColumn widget = new TableColumn(table, SWT.LEFT);
            widget.setText(column[0]);
            widget.setWidth(Integer.parseInt(column[1]));
        }
        GridDataFactory.fillDefaults().span(4, 1).grab(true, true).applyTo(table);
        table.addListener(SWT.DefaultSelection, e -> openStep());
        getSite().getPage().addPostSelectionListener(this);
        Parts.tellSelection(this, getSite().getPage());
    }

    /** Reads the reference in a job; the selected task is compared once it is in. */
    public void setReference(Path path) {
        referencePath = path;
        reference = null;
        referenceField.setText(path == null ? "" : path.toString());
        if (path == null) {
            return;
        }
        summary.setText("Reading " + path + "...");
        job("Reading the reference " + path.getFileName(), () -> {
            List<String> problems = new ArrayList<>();
            ReferenceTasks read = ReferenceTasks.read(new DatasetAddress.Folder(path), problems);
            problems.forEach(p -> ILog.of(ComparisonView.class).warn(p));
            ui(() -> {
                if (path.equals(referencePath)) {
                    reference = read;
                    List<String> ids = new ArrayList<>(List.of(SAME_ID));
                    ids.addAll(read.ids());
                    referenceTask.setItems(ids.toArray(String[]::new));
                    compare();
                }
            });
        }).schedule();
    }

    @Override
    public void selectionChanged(IWorkbenchPart part, ISelection selection) {
        if (part != this && selection instanceof IStructuredSelection structured && structured.getFirstElement() instanceof TaskRow row) {
            taskId = row.taskId();
            compare();
        }
    }

    private void compare() {
        DatasetAddress dataset = session.address();
        if (reference == null || taskId == null || dataset == null) {
            return;
        }
        String id = taskId;
        String paired = pairing(id);
        int choice = paired == null ? 0 : Math.max(0, referenceTask.indexOf(paired));
        referenceTask.select(choice);
        String wanted = paired == null ? id : paired;
        if (!reference.contains(wanted)) {
            show(null, "The reference has no task " + (paired == null ? id : paired) + " (it holds " + Words.count(reference.size(), "task")
                    + "): choose the reference task to compare " + id + " with, above.");
            return;
        }
        summary.setText("Comparing " + id + "...");
        job("Comparing " + id, () -> {
            Task task;
            try (Dataset open = Dataset.open(dataset)) {
                task = open.read(id);
            }
            if (task == null) {
                ui(() -> show(null, "The dataset no longer holds " + id + "."));
                return;
            }
            ReferenceTasks.Comparison comparison = reference.compare(wanted, task, similarity());
            TaskEvaluation result = comparison.evaluation();
            List<String> scores = comparison.stepScores().stream().map(score -> score == null ? "" : String.format(Locale.ROOT, "%.2f", score)).toList();
            ui(() -> {
                if (id.equals(taskId)) {
                    show(result, scores, headline(result));
                }
            });
        }).schedule();
    }

    /** Pairs the selected task with a reference task (null: the one of the same id), kept for the next time. */
    private void pairWith(String referenceId) {
        if (taskId == null || referencePath == null) {
            return;
        }
        IEclipsePreferences pairs = pairs();
        if (referenceId == null) {
            pairs.remove(taskId);
        } else {
            pairs.put(taskId, referenceId);
        }
        try {
            pairs.flush();
        } catch (BackingStoreException e) {
            ILog.of(ComparisonView.class).warn("Could not keep the pairing of " + taskId + ": " + e.getMessage());
        }
        compare();
    }

    /** The reference task chosen for {@code id} against this reference, or null. */
    String pairing(String id) {
        return referencePath == null ? null : pairs().get(id, null);
    }

    /** The pairings chosen against the current reference, one preference node a reference. */
    private IEclipsePreferences pairs() {
        return (IEclipsePreferences) InstanceScope.INSTANCE
                .getNode("org.trajectory.ui").node("comparison").node(Integer.toHexString(referencePath.toAbsolutePath().normalize().toString().hashCode()));
    }

    /** The reference task list, for tests. */
    Combo referenceTask() {
        return referenceTask;
    }

    /** The embedding model, loaded by the first comparison (a second or two) and kept while the view is open. */
    private synchronized EmbeddingSimilarity similarity() throws IOException {
        if (similarity == null) {
            similarity = EmbeddingSimilarity.load();
        }
        return similarity;
    }

    private static String headline(TaskEvaluation result) {
        Sharingan.Result s = result.sharingan();
        String all = s.allPairs() == null ? "all: n/a (" + s.allUnavailable() + ")"
                : String.format(Locale.ROOT, "all: recall %.2f, precision %.2f", s.allRecall(), s.allPrecision());
        return String.format(Locale.ROOT, "%s: %d reference and %d predicted actions. Sharingan operation: recall %.2f, precision %.2f; %s."
                + " AgentNetBench (%s rules, steps by position): %.2f over %d steps.", result.referenceId(), s.reference().size(), s.predicted().size(),
                s.operationRecall(), s.operationPrecision(), all, AgentNetBench.DEFAULT.id(), result.benchScore(), result.steps().size());
    }

    private void show(TaskEvaluation result, String headline) {
        show(result, List.of(), headline);
    }

    /** The comparison's rows, each with its aligned pair's step score ({@code scores}, one a row). */
    private void show(TaskEvaluation result, List<String> scores, String headline) {
        if (table.isDisposed()) {
            return;
        }
        summary.setText(headline);
        table.removeAll();
        rows = result == null ? List.of() : result.sharingan().rows();
        Color missed = table.getDisplay().getSystemColor(SWT.COLOR_RED);
        Color extra = table.getDisplay().getSystemColor(SWT.COLOR_DARK_YELLOW);
        for (int i = 0; i < rows.size(); i++) {
            Sharingan.Row row = rows.get(i);
            TableItem item = new TableItem(table, SWT.NONE);
            ActionTuple r = row.reference();
            ActionTuple p = row.predicted();
            String match = r == null ? "extra" : p == null ? "missed" : row.pair().detailSimilarity() == null ? "same operation"
                    : String.format(Locale.ROOT, "detail %.2f, context %s", row.pair().detailSimilarity(),
                            row.pair().contextSimilarity() == null ? "-" : String.format(Locale.ROOT, "%.2f", row.pair().contextSimilarity()));
            item.setText(new String[] {r == null ? "" : String.valueOf(r.step() + 1), r == null ? "" : describe(r), match,
                    p == null ? "" : String.valueOf(p.step() + 1), p == null ? "" : describe(p), i < scores.size() ? scores.get(i) : ""});
            if (r == null || p == null) {
                item.setForeground(r == null ? extra : missed);
            }
        }
        summary.getParent().layout(true, true);
    }

    private static String describe(ActionTuple tuple) {
        return tuple.operation().id() + ": " + (tuple.detail() == null ? "(no words)" : tuple.detail())
                + (tuple.context() == null ? "" : " — " + tuple.context());
    }

    private void openStep() {
        openRow(table.getSelectionIndex());
    }

    /** A predicted row opens its step in the open dataset; a missed one opens the reference's step when it is a dataset. */
    void openRow(int index) {
        if (index < 0 || index >= rows.size()) {
            return;
        }
        Sharingan.Row row = rows.get(index);
        DatasetAddress folder = row.predicted() != null ? session.address()
                : referencePath != null && Files.isDirectory(referencePath) ? new DatasetAddress.Folder(referencePath) : null;
        ActionTuple tuple = row.predicted() != null ? row.predicted() : row.reference();
        if (folder == null || taskId == null) {
            return;
        }
        Parts.openTask(getSite().getPage(), folder, taskId, tuple.step());
    }

    /** Work off the UI thread; a failure is shown on the summary line and logged. */
    private Job job(String name, Work work) {
        return new Job(name) {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                try {
                    work.run();
                } catch (Exception e) {
                    ui(() -> summary.setText(name + " failed: " + e.getMessage()));
                    return Status.error(name + " failed", e);
                }
                return Status.OK_STATUS;
            }

            @Override
            public boolean belongsTo(Object family) {
                return family == FAMILY;
            }
        };
    }

    private interface Work {
        void run() throws Exception;
    }

    private void ui(Runnable runnable) {
        if (!table.isDisposed()) {
            table.getDisplay().asyncExec(() -> {
                if (!table.isDisposed()) {
                    runnable.run();
                }
            });
        }
    }

    /** Rows shown, for tests: the texts of each row's cells. */
    List<String[]> rowTexts() {
        List<String[]> texts = new ArrayList<>();
        for (TableItem item : table.getItems()) {
            String[] cells = new String[table.getColumnCount()];
            for (int i = 0; i < cells.length; i++) {
                cells[i] = item.getText(i);
            }
            texts.add(cells);
        }
        return texts;
    }

    String summaryText() {
        return summary.getText();
    }

    @Override
    public void setFocus() {
        referenceField.setFocus();
    }

    @Override
    public void dispose() {
        getSite().getPage().removePostSelectionListener(this);
        if (similarity != null) { // a comparison still running fails quietly: the view is gone
            try {
                similarity.close();
            } catch (IOException e) {
                ILog.of(getClass()).warn("Could not release the embedding model: " + e.getMessage());
            }
        }
        super.dispose();
    }
}
