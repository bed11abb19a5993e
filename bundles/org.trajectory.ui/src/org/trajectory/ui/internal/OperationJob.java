package org.trajectory.ui.internal;

import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.MultiStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.ISchedulingRule;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetActivity;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.model.operation.Operation;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Report;
import org.trajectory.vlm.Usage;

/**
 * Any operation as a user job, the one way the window runs them: the job opens the operation's dataset (if it has one),
 * runs the operation with the job's progress and cancel, tells the window the dataset changed, and says the report (a
 * dialog, problems in the Error Log). Jobs whose operations need the same dataset or folder run one after the other.
 *
 * @param <R> the operation's report
 */
public final class OperationJob<R extends Report> extends Job {

    private static final String PLUGIN = "org.trajectory.ui";
    private static final int LOGGED_PROBLEMS = 200;

    /** Makes the operation of a dataset once the job has opened it. */
    @FunctionalInterface
    public interface OnDataset<R extends Report> {
        Operation<R> operation(Dataset dataset) throws Exception;
    }

    /** Work in the job's thread before the dataset is opened (a check) or after the operation (open what it made). */
    @FunctionalInterface
    public interface Step<T> {
        void run(T value) throws Exception;
    }

    /** How the job gets its report: the operation, run on the dataset it opens (and named then) or as given. */
    private interface Work<R> {
        R run(MonitorProgress progress, Consumer<String> named) throws Exception;
    }

    private final DatasetJobs.Kind kind;
    private final DatasetAddress address;
    private final Work<R> work;
    private Step<Void> requiring = nothing -> {
    };
    private Step<R> then = report -> {
    };
    private Shell shell;
    private Consumer<R> shown;
    private Usage usage;

    /** A job of {@code kind} running {@code make}'s operation on the dataset at {@code address}, created if {@code create}. */
    public OperationJob(DatasetJobs.Kind kind, DatasetAddress address, boolean create, OnDataset<R> make) {
        this(kind, kind.title, address, Set.of(address.exclusive()), new Work<>() {
            private final DatasetSession session = DatasetSession.of(PlatformUI.getWorkbench()); // on the UI thread, where it is

            @Override
            public R run(MonitorProgress progress, Consumer<String> named) throws Exception {
                R report;
                try (Dataset dataset = create ? Dataset.openOrCreate(address) : Dataset.open(address)) {
                    Operation<R> operation = make.operation(dataset);
                    named.accept(operation.title());
                    report = operation.run(progress);
                }
                session.changed();
                return report;
            }
        });
    }

    /** A job of {@code kind} running an operation that needs no dataset (a recording, a push). */
    public OperationJob(DatasetJobs.Kind kind, Operation<R> operation) {
        this(kind, operation.title(), null, operation.exclusive(), (progress, named) -> operation.run(progress));
    }

    private OperationJob(DatasetJobs.Kind kind, String name, DatasetAddress address, Set<String> exclusive, Work<R> work) {
        super(name);
        this.kind = kind;
        this.address = address;
        this.work = work;
        setRule(exclusive.isEmpty() ? null : new Exclusive(exclusive)); // needing nothing, it waits for nothing
        setUser(true);
    }

    /** A check made before the dataset is opened (or created): its exception is the job's error. */
    public OperationJob<R> requiring(Step<Void> check) {
        this.requiring = check;
        return this;
    }

    /** What to do in the job's thread with the report before it is shown. */
    public OperationJob<R> then(Step<R> after) {
        this.then = after;
        return this;
    }

    /** Says the report in a dialog on {@code window} (null: only in the log). */
    public OperationJob<R> reportingTo(Shell window) {
        this.shell = window;
        return this;
    }

    /** Hands the report to {@code show} on the UI thread instead of the dialog, unless {@code window} is gone by then. */
    public OperationJob<R> shownBy(Shell window, Consumer<R> show) {
        this.shell = window;
        this.shown = show;
        return this;
    }

    /** The model's usage, said with the report; null when no model is asked. */
    public OperationJob<R> usage(Usage modelUsage) {
        this.usage = modelUsage;
        return this;
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        R report;
        try {
            requiring.run(null);
            report = work.run(new MonitorProgress(monitor), this::setName);
            then.run(report);
        } catch (java.sql.SQLException e) {
            return failed(getName() + " failed: " + (DatasetActivity.isBusy(e) && address instanceof DatasetAddress.Folder folder
                    ? DatasetActivity.busyMessage(folder.path()) : e.getMessage()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Status.CANCEL_STATUS;
        } catch (Exception e) {
            return failed(getName() + " failed: " + e.getMessage(), e);
        }
        if (shown != null) {
            onUiThread(() -> shown.accept(report));
        } else {
            say(report);
        }
        return Status.OK_STATUS;
    }

    @Override
    public boolean belongsTo(Object family) {
        return family == DatasetJobs.FAMILY || family == kind;
    }

    /** A job that could not run says why where the user looks (a dialog on its window), and in the log with the trace. */
    private IStatus failed(String message, Exception e) {
        inDialog(parent -> MessageDialog.openError(parent, "Trajectory Workbench", message));
        return Status.error(message, e);
    }

    /** Says the report in a dialog (or only in the log when there is no window); its problems go to the log too. */
    private void say(R report) {
        String summary = sentence(report.summary()) + (usage == null ? "" : " Usage: " + usage + ".");
        List<Problem> problems = report.problems();
        if (!problems.isEmpty()) {
            MultiStatus multi = new MultiStatus(PLUGIN, 0, summary + " The first problems are listed here.", null);
            problems.stream().limit(LOGGED_PROBLEMS).forEach(p -> multi.add(Status.warning(p.toString())));
            ILog.of(OperationJob.class).log(multi);
        }
        inDialog(parent -> {
            String message = problems.isEmpty() ? summary : summary + "\n\nFirst problems:\n" + String.join("\n",
                    problems.stream().limit(8).map(p -> shown(p, summary)).toList())
                    + (report.problemCount() > 8 ? "\n\nAll of them are in the Error Log." : "");
            if (problems.isEmpty()) {
                MessageDialog.openInformation(parent, "Trajectory Workbench", message);
            } else {
                MessageDialog.openWarning(parent, "Trajectory Workbench", message);
            }
        });
    }

    /**
     * A problem as the dialog lists it: without its source when the summary names it already (a recording's folder, which
     * may hold its contributor's e-mail address, said once and not on every line).
     */
    static String shown(Problem problem, String summary) {
        return !problem.source().isEmpty() && problem.line() == 0 && summary.contains(problem.source())
                ? new Problem("", problem.line(), problem.step(), problem.message()).toString() : problem.toString();
    }

    /**
     * Shows a dialog on the UI thread over the job's window, or over the workbench's window when that one is gone by then
     * (a wizard closes as its job starts: an import or export ended silently); nothing when there is no window at all.
     */
    private void inDialog(Consumer<Shell> show) {
        if (shell == null || !PlatformUI.isWorkbenchRunning()) {
            return;
        }
        PlatformUI.getWorkbench().getDisplay().asyncExec(() -> {
            Shell parent = !shell.isDisposed() ? shell
                    : PlatformUI.getWorkbench().getActiveWorkbenchWindow() != null ? PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell()
                    : null;
            show.accept(parent);
        });
    }

    /** Runs {@code show} on the UI thread unless there is no window (tests, shutdown) or it is gone by then. */
    private void onUiThread(Runnable show) {
        if (shell != null && !shell.isDisposed()) {
            shell.getDisplay().asyncExec(() -> {
                if (!shell.isDisposed()) {
                    show.run();
                }
            });
        }
    }

    private static String sentence(String summary) {
        return summary.isEmpty() ? summary : Character.toUpperCase(summary.charAt(0)) + summary.substring(1) + ".";
    }

    /**
     * The scheduling rule of operations: two conflict when they name a dataset or folder in common
     * ({@link Operation#exclusive()}), so the job manager runs them one after the other.
     */
    public record Exclusive(Set<String> names) implements ISchedulingRule {
        @Override
        public boolean contains(ISchedulingRule rule) {
            return rule == this || rule instanceof Exclusive other && names.containsAll(other.names);
        }

        @Override
        public boolean isConflicting(ISchedulingRule rule) {
            return rule == this || rule instanceof Exclusive other && !Collections.disjoint(names, other.names);
        }
    }
}
