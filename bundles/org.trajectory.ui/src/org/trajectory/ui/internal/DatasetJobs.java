package org.trajectory.ui.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.MultiStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;
import org.trajectory.builder.ReductionSettings;
import org.trajectory.builder.TrajectoryBuilder;
import org.trajectory.builder.annotate.AnnotationRun;
import org.trajectory.builder.annotate.Annotator;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetActivity;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.DatasetValidator;
import org.trajectory.dataset.ImageSource;
import org.trajectory.dataset.ImportReport;
import org.trajectory.dataset.JsonlImport;
import org.trajectory.dataset.Problem;
import org.trajectory.export.ExportFilter;
import org.trajectory.export.ExportRun;
import org.trajectory.export.Exporters;
import org.trajectory.export.Splits;
import org.trajectory.extract.ExtractionContext;
import org.trajectory.extract.ExtractionMethods;
import org.trajectory.extract.ExtractionRun;
import org.trajectory.extract.ExtractionSettings;
import org.trajectory.scoring.ScoringCriteria;
import org.trajectory.scoring.ScoringRun;
import org.trajectory.scoring.Weights;
import org.trajectory.vlm.Model;
import org.trajectory.vlm.ReplyCache;
import org.trajectory.vlm.Retrying;
import org.trajectory.vlm.Usage;

/**
 * Import, export, build and annotate as jobs: the same operations as the headless commands, with progress, cancel and
 * a report.
 */
public final class DatasetJobs {

    /** The family of every operation's job; tests and shutdown join it. */
    public static final Object FAMILY = DatasetJobs.class;

    /** The operations that run as jobs: each is the family of its own jobs too. */
    public enum Operation {
        IMPORT, EXPORT, VALIDATE, BUILD, EXTRACT, ANNOTATE, SCORE, RECORD, PLAY
    }
    private static final String PLUGIN = "org.trajectory.ui";
    private static final int LOGGED_PROBLEMS = 200;
    /** The problems a validation keeps to list; beyond them it only counts (a broken import can have millions). */
    static final int LISTED_PROBLEMS = 10_000;

    /**
     * Starts quiet work off the UI thread (reading rows, counting charts) as a system job of {@code family}, which
     * tests join instead of waiting by the clock.
     */
    public static void background(String name, Object family, java.util.function.Function<IProgressMonitor, IStatus> work) {
        Job job = new Job(name) {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                return work.apply(monitor);
            }

            @Override
            public boolean belongsTo(Object candidate) {
                return candidate == family;
            }
        };
        job.setSystem(true);
        job.schedule();
    }

    /** The family of the reads the views start with {@link #read}; tests join it. */
    public static final Object READS = new Object();

    /** Work made off the UI thread: a read of the dataset, a list of files, starting a recording. */
    @FunctionalInterface
    public interface Read<T> {
        T run() throws Exception;
    }

    /**
     * Reads off the UI thread (a job of {@link #READS}) and hands the result to {@code show} on the UI thread, unless
     * {@code owner} is gone by then; a failed read is logged and shows nothing. The window never waits for SQL.
     */
    public static <T> void read(String name, org.eclipse.swt.widgets.Control owner, Read<T> read, java.util.function.Consumer<T> show) {
        offUiThread(name, READS, owner, read, show, e -> ILog.of(DatasetJobs.class).warn(name + ": " + e.getMessage()));
    }

    /**
     * Runs {@code work} as a system job of {@code family}, then hands its result to {@code done}, or what it threw to
     * {@code failed}, on the UI thread, unless {@code owner} is gone by then.
     */
    public static <T> void offUiThread(String name, Object family, org.eclipse.swt.widgets.Control owner, Read<T> work,
            java.util.function.Consumer<T> done, java.util.function.Consumer<Exception> failed) {
        org.eclipse.swt.widgets.Display display = owner.getDisplay();
        background(name, family, monitor -> {
            Runnable then;
            try {
                T result = work.run();
                then = () -> done.accept(result);
            } catch (Exception e) {
                then = () -> failed.accept(e);
            }
            Runnable after = then;
            display.asyncExec(() -> {
                if (!owner.isDisposed()) {
                    after.run();
                }
            });
            return Status.OK_STATUS;
        });
    }

    private DatasetJobs() {
    }

    /**
     * Opens a dataset off the UI thread (a server may take a moment to answer); the views follow when it is open. A
     * folder that is not a dataset, or a failure, is said in a dialog on {@code shell}.
     */
    public static void open(Shell shell, DatasetAddress address, boolean create) {
        if (!create && address instanceof DatasetAddress.Folder(Path folder) && !java.nio.file.Files.isRegularFile(folder.resolve("dataset.db"))) {
            MessageDialog.openError(shell, "Open Dataset", folder + " is not a dataset: it has no dataset.db."
                    + " Use File > New Dataset to make one, or File > Import to import JSONL into a new one.");
            return;
        }
        DatasetSession session = DatasetSession.of(PlatformUI.getWorkbench());
        background("Opening " + address, READS, monitor -> {
            try {
                session.open(address, create);
            } catch (Exception e) {
                ILog.of(DatasetJobs.class).error("Could not open the dataset " + address, e);
                shell.getDisplay().asyncExec(() -> MessageDialog.openError(shell.isDisposed() ? null : shell, "Open Dataset",
                        "Could not open " + address + ":\n" + e.getMessage()));
            }
            return Status.OK_STATUS;
        });
    }

    /**
     * Imports {@code jsonl} into the dataset in {@code folder} (created if needed), then shows it; the summary goes
     * to a dialog on {@code shell}, or only to the log when it is null.
     */
    public static Job importJob(DatasetAddress folder, Path jsonl, Path images, Shell shell) {
        return job(Operation.IMPORT, "Importing " + jsonl.getFileName(), (monitor, session) -> {
            ImportReport report;
            JsonlImport.requireFile(jsonl);
            try (Dataset dataset = Dataset.openOrCreate(folder);
                    ImageSource source = images == null ? ImageSource.none() : ImageSource.open(images)) {
                report = new JsonlImport(dataset, jsonl, source).run(new MonitorProgress(monitor));
            }
            if (!folder.equals(session.address())) {
                session.open(folder, false);
            } else {
                session.changed();
            }
            String summary = jsonl.getFileName() + ": " + report.summary() + ".";
            return report(summary, report.problems(), report.problemCount(), shell);
        });
    }

    /** Runs an export (any exporter, its filters and splits) of the dataset in {@code folder}. */
    public static Job exportJob(DatasetAddress folder, ExportRequest request, Shell shell) {
        return job(Operation.EXPORT, "Exporting to " + request.destination().getFileName(), (monitor, session) -> {
            ExportRun.Summary summary;
            try (Dataset dataset = Dataset.open(folder)) {
                summary = request.run(dataset).run(new MonitorProgress(monitor));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Status.CANCEL_STATUS;
            }
            return report(summary.text(), summary.result().problems(), summary.result().problems().size(), shell);
        });
    }

    /** What the Export wizard asks for; {@link #run} makes the export on an open dataset. */
    public record ExportRequest(Exporters.Descriptor exporter, Path destination, java.util.Map<String, String> settings, ExportFilter filter,
            Splits splits, boolean force) {

        public ExportRun run(Dataset dataset) {
            return new ExportRun(dataset, exporter, destination, settings, filter, splits, force);
        }
    }

    /**
     * What Validate found: the first {@value #LISTED_PROBLEMS} problems (each names its task and step), how many there
     * are in all and on how many tasks, and whether it checked every step (false when cancelled).
     */
    public record Validation(DatasetAddress dataset, List<Problem> problems, long count, int tasks, boolean complete) {
    }

    /**
     * Checks every step of the dataset in {@code folder} as {@code validate} does (code, build doubts, images read
     * whole), then hands what it found to {@code show} on the UI thread, unless {@code shell} is gone by then.
     */
    public static Job validateJob(DatasetAddress folder, Shell shell, java.util.function.Consumer<Validation> show) {
        return job(Operation.VALIDATE, "Validating the dataset", (monitor, session) -> {
            List<Problem> listed = new ArrayList<>();
            Set<String> tasks = new HashSet<>();
            long count;
            try (Dataset dataset = Dataset.open(folder)) {
                count = DatasetValidator.run(dataset, new MonitorProgress(monitor), problem -> {
                    tasks.add(problem.source());
                    if (listed.size() < LISTED_PROBLEMS) {
                        listed.add(problem);
                    }
                });
            }
            Validation validation = new Validation(folder, List.copyOf(listed), count, tasks.size(), !monitor.isCanceled());
            if (shell != null && !shell.isDisposed()) {
                shell.getDisplay().asyncExec(() -> {
                    if (!shell.isDisposed()) {
                        show.accept(validation);
                    }
                });
            }
            return Status.OK_STATUS;
        });
    }

    /** Builds a recording into the dataset in {@code folder} with the OS's own double-click time, as the person recorded had it. */
    public static Job buildJob(DatasetAddress folder, Path recording, Shell shell) {
        double doubleClick = shell.getDisplay().getDoubleClickTime() / 1000.0;
        return buildJob(folder, recording, ReductionSettings.DEFAULTS.withDoubleClickTime(doubleClick), shell);
    }

    /** Builds a recording into the dataset in {@code folder}; {@code settings} carry the OS's double-click time. */
    public static Job buildJob(DatasetAddress folder, Path recording, ReductionSettings settings, Shell shell) {
        return job(Operation.BUILD, "Building a trajectory from " + recording.getFileName(), (monitor, session) -> {
            TrajectoryBuilder.Result result;
            try (Dataset dataset = Dataset.openOrCreate(folder)) {
                result = new TrajectoryBuilder(settings).build(recording, dataset, new MonitorProgress(monitor));
            }
            session.changed();
            String summary = capitalized(result.summary(recording.getFileName().toString())) + ".";
            List<Problem> notes = result.warnings().stream().map(w -> Problem.at(recording.getFileName().toString(), 0, w)).toList();
            return report(summary, notes, notes.size(), shell);
        });
    }

    /** Extracts the actions of one video into the dataset in {@code folder}; a model method's answers are cached. */
    public static Job extractJob(DatasetAddress folder, ExtractionRun.Input input, ExtractionMethods.Descriptor method, Retrying model, Usage usage,
            Shell shell) {
        return job(Operation.EXTRACT, "Extracting the actions of " + input.video().getFileName(), (monitor, session) -> {
            ExtractionRun.Report report;
            MonitorProgress progress = new MonitorProgress(monitor);
            Model asked = model == null ? null : ReplyCache.of(model);
            ExtractionSettings settings = ExtractionSettings.PAPER;
            try (Dataset dataset = Dataset.openOrCreate(folder)) {
                report = new ExtractionRun(dataset, method, new ExtractionRun.Options(method.id(), settings,
                        model == null ? null : model.config().model()), new ExtractionContext(settings, asked, null, progress))
                        .run(List.of(input), progress);
            }
            session.changed();
            String summary = capitalized(report.summary()) + (report.extracted().isEmpty() ? "" : ": task " + report.extracted().get(0).taskId()
                    + ", " + report.extracted().get(0).operations()) + (model == null ? "." : ". Usage: " + usage + ".");
            List<Problem> failures = report.failures().stream().map(f -> Problem.at(input.video().getFileName().toString(), 0, f)).toList();
            return report(summary, failures, failures.size(), shell);
        });
    }

    /** Runs the annotation pipeline over the dataset in {@code folder}; the summary includes the usage. */
    public static Job annotateJob(DatasetAddress folder, Annotator annotator, Usage usage, AnnotationRun.Options options, Shell shell) {
        return job(Operation.ANNOTATE, "Annotating the dataset", (monitor, session) -> {
            AnnotationRun.Report report;
            try (Dataset dataset = Dataset.open(folder)) {
                report = new AnnotationRun(dataset, annotator, options).run(new MonitorProgress(monitor));
            }
            session.changed();
            String summary = capitalized(report.summary()) + ". Usage: " + usage + ".";
            return report(summary, report.failures(), report.failed(), shell);
        });
    }

    /** Scores the dataset in {@code folder}; the summary includes the model's usage when there was one. */
    public static Job scoreJob(DatasetAddress folder, List<ScoringCriteria.Descriptor> criteria, Weights weights, Retrying model, Usage usage,
            ScoringRun.Options options, Shell shell) {
        return job(Operation.SCORE, "Scoring the dataset", (monitor, session) -> {
            ScoringRun.Report report;
            try (Dataset dataset = Dataset.open(folder)) {
                report = new ScoringRun(dataset, criteria, weights, model, options).run(new MonitorProgress(monitor));
            }
            session.changed();
            String summary = capitalized(report.summary()) + (model == null ? "." : ". Usage: " + usage + ".");
            return report(summary, report.errors(), report.criterionErrors(), shell);
        });
    }

    private static String capitalized(String sentence) {
        return sentence.isEmpty() ? sentence : Character.toUpperCase(sentence.charAt(0)) + sentence.substring(1);
    }

    private static IStatus report(String summary, List<Problem> problems, long count, Shell shell) {
        IStatus status;
        if (problems.isEmpty()) {
            status = Status.info(summary);
        } else {
            MultiStatus multi = new MultiStatus(PLUGIN, 0, summary + " The first problems are listed here.", null);
            problems.stream().limit(LOGGED_PROBLEMS).forEach(p -> multi.add(Status.warning(p.toString())));
            status = multi;
            ILog.of(DatasetJobs.class).log(multi);
        }
        if (shell == null || shell.isDisposed()) {
            return Status.OK_STATUS; // no window to report to (tests, shutdown): the log has it
        }
        shell.getDisplay().asyncExec(() -> {
            String message = problems.isEmpty() ? summary : summary + "\n\nFirst problems:\n" + String.join("\n",
                    problems.stream().limit(8).map(Problem::toString).toList()) + (count > 8 ? "\n\nAll of them are in the Error Log." : "");
            if (problems.isEmpty()) {
                MessageDialog.openInformation(shell, "Trajectory Workbench", message);
            } else {
                MessageDialog.openWarning(shell, "Trajectory Workbench", message);
            }
        });
        return Status.OK_STATUS;
    }

    /** The work of a job, with the window's dataset session; anything it throws becomes an error the user sees. */
    private interface Work {
        IStatus run(IProgressMonitor monitor, DatasetSession session) throws Exception;
    }

    /** A job of {@code operation}; made on the UI thread, which is where it takes the session for its work. */
    private static Job job(Operation operation, String name, Work work) {
        DatasetSession session = DatasetSession.of(PlatformUI.getWorkbench());
        Job job = new Job(name) {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                try {
                    return work.run(monitor, session);
                } catch (java.sql.SQLException e) {
                    DatasetAddress open = session.address();
                    return Status.error(name + " failed: " + (DatasetActivity.isBusy(e) && open instanceof DatasetAddress.Folder folder
                            ? DatasetActivity.busyMessage(folder.path()) : e.getMessage()), e);
                } catch (Exception e) {
                    return Status.error(name + " failed: " + e.getMessage(), e);
                }
            }

            @Override
            public boolean belongsTo(Object family) {
                return family == FAMILY || family == operation;
            }
        };
        job.setUser(true);
        return job;
    }
}
