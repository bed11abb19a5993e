package org.trajectory.ui.internal;

import org.trajectory.dataset.Importers;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;

import org.trajectory.builder.BuildOperation;
import org.trajectory.builder.EventsComparisonOperation;
import org.trajectory.builder.ReductionSettings;
import org.trajectory.builder.annotate.AnnotateOperation;
import org.trajectory.builder.annotate.Annotator;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.ImportOperation;
import org.trajectory.dataset.ValidateOperation;
import org.trajectory.export.ExportFilter;
import org.trajectory.export.ExportOperation;
import org.trajectory.export.Exporters;
import org.trajectory.export.Splits;
import org.trajectory.extract.ExtractOperation;
import org.trajectory.extract.ExtractionMethods;
import org.trajectory.extract.ExtractionSettings;
import org.trajectory.model.Home;
import org.trajectory.replay.ReplayOperation;
import org.trajectory.scrub.ScrubOperation;
import org.trajectory.scrub.ScrubPreferences;
import org.trajectory.scoring.ScoreOperation;
import org.trajectory.scoring.ScoringCriteria;
import org.trajectory.scoring.Weights;
import org.trajectory.vlm.Model;
import org.trajectory.vlm.ReplyCache;
import org.trajectory.vlm.Retrying;
import org.trajectory.vlm.Usage;

/**
 * The window's jobs: every operation runs as one {@link OperationJob}, the same operation as the headless command, with
 * progress, cancel and its report; reads of the dataset run as quiet jobs whose result comes back to the UI thread.
 */
public final class DatasetJobs {

    /** The family of every operation's job; tests and shutdown join it. */
    public static final Object FAMILY = DatasetJobs.class;

    /** The kinds of work that run as jobs: each is the family of its own jobs too, and names them until they start. */
    public enum Kind {
        IMPORT("Importing"), EXPORT("Exporting"), VALIDATE("Validating the dataset"), BUILD("Building a trajectory"),
        EXTRACT("Extracting actions"), ANNOTATE("Annotating the dataset"), SCORE("Scoring the dataset"), RECORD("Recording"),
        PLAY("Playing a recording"), REPLAY("Replaying tasks"), SCRUB("Scrubbing personal data"),
        EVALUATE("Comparing with the recording's events");

        final String title;

        Kind(String title) {
            this.title = title;
        }
    }

    /**
     * Starts quiet work off the UI thread (reading rows, counting charts) as a system job of {@code family}, which
     * tests join instead of waiting by the clock.
     */
    public static void background(String name, Object family, java.util.function.Function<IProgressMonitor, IStatus> work) {
        quiet(name, family, work).schedule();
    }

    /** Quiet work as {@link #background} does it, left for the caller to schedule (later, or again). */
    public static Job quiet(String name, Object family, java.util.function.Function<IProgressMonitor, IStatus> work) {
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
        return job;
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

    /**
     * Runs a read or write of the dataset off the UI thread and returns its result; the window stays live meanwhile
     * (a busy cursor, a progress dialog if it takes long), so a slow server never freezes it.
     */
    public static <T> T await(String what, Read<T> work) throws java.sql.SQLException {
        java.util.concurrent.atomic.AtomicReference<T> result = new java.util.concurrent.atomic.AtomicReference<>();
        try {
            PlatformUI.getWorkbench().getProgressService().busyCursorWhile(monitor -> {
                monitor.beginTask(what, IProgressMonitor.UNKNOWN);
                try {
                    result.set(work.run());
                } catch (Exception e) {
                    throw new java.lang.reflect.InvocationTargetException(e);
                } finally {
                    monitor.done();
                }
            });
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof java.sql.SQLException sql) {
                throw sql;
            }
            throw new java.sql.SQLException(what + " failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.sql.SQLException(what + " was interrupted", e);
        }
        return result.get();
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
     * Imports {@code source} (in any format an importer reads) into the dataset in {@code folder} (created if needed),
     * then shows it; the summary goes to a dialog on {@code shell}, or only to the log when it is null.
     */
    public static Job importJob(DatasetAddress folder, Path source, Path images, Shell shell) {
        DatasetSession session = DatasetSession.of(PlatformUI.getWorkbench());
        return new OperationJob<>(Kind.IMPORT, folder, true,
                dataset -> new ImportOperation(dataset, source, Importers.get().readerOf(source).created(), images))
                .requiring(nothing -> ImportOperation.requireSource(source)).reportingTo(shell).then(report -> {
                    if (!folder.equals(session.address())) {
                        session.open(folder, false);
                    }
                });
    }

    /** Runs an export (any exporter, its filters and splits) of the dataset in {@code folder}. */
    public static Job exportJob(DatasetAddress folder, ExportRequest request, Shell shell) {
        return new OperationJob<>(Kind.EXPORT, folder, false, request::operation).reportingTo(shell);
    }

    /** What the Export wizard asks for; {@link #operation} makes the export of an open dataset. */
    public record ExportRequest(Exporters.Descriptor exporter, Path destination, java.util.Map<String, String> settings, ExportFilter filter,
            Splits splits, boolean force) {

        public ExportOperation operation(Dataset dataset) {
            return new ExportOperation(dataset, exporter, destination, settings, filter, splits, force);
        }
    }

    /**
     * Checks every step of the dataset in {@code folder} as {@code validate} does (code, build doubts, images read
     * whole), then hands what it found to {@code show} on the UI thread, unless {@code shell} is gone by then.
     */
    public static Job validateJob(DatasetAddress folder, Shell shell, Consumer<ValidateOperation.Report> show) {
        return new OperationJob<>(Kind.VALIDATE, folder, false, ValidateOperation::new).shownBy(shell, show);
    }

    /** Builds a recording into the dataset in {@code folder} with the OS's own double-click time, as the person recorded had it. */
    public static Job buildJob(DatasetAddress folder, Path recording, Shell shell) {
        double doubleClick = shell.getDisplay().getDoubleClickTime() / 1000.0;
        return buildJob(folder, recording, ReductionSettings.DEFAULTS.withDoubleClickTime(doubleClick), shell);
    }

    /** Builds a recording into the dataset in {@code folder}; {@code settings} carry the OS's double-click time. */
    public static Job buildJob(DatasetAddress folder, Path recording, ReductionSettings settings, Shell shell) {
        return new OperationJob<>(Kind.BUILD, folder, true, dataset -> new BuildOperation(settings, List.of(recording), dataset)).reportingTo(shell);
    }

    /**
     * Extracts the actions of one video into the dataset in {@code folder}; a model method's answers are cached. With
     * {@code compare}, the extraction is then measured against the trajectory its recording's events build, in a job
     * of its own with its own report.
     */
    public static Job extractJob(DatasetAddress folder, ExtractOperation.Input input, ExtractionMethods.Descriptor method, Retrying model,
            Usage usage, boolean compare, Shell shell) {
        Model asked = model == null ? null : ReplyCache.of(model);
        ExtractOperation.Options options = new ExtractOperation.Options(method.id(), ExtractionSettings.PAPER,
                model == null ? null : model.config().model());
        return new OperationJob<>(Kind.EXTRACT, folder, true, dataset -> new ExtractOperation(dataset, method, options, asked, null, List.of(input)))
                .then(report -> {
                    if (compare && !report.extracted().isEmpty()) {
                        new OperationJob<>(Kind.EVALUATE, new EventsComparisonOperation(folder, report.taskIdsByVideo())).reportingTo(shell).schedule();
                    }
                }).reportingTo(shell).usage(model == null ? null : usage);
    }

    /** Runs the annotation pipeline over the chosen tasks of the dataset in {@code folder} (the options' own tasks set aside). */
    public static Job annotateJob(DatasetAddress folder, Annotator annotator, Usage usage, AnnotateOperation.Options options, TaskScope.Chosen tasks,
            Shell shell) {
        return new OperationJob<>(Kind.ANNOTATE, folder, false, dataset -> new AnnotateOperation(dataset, annotator,
                new AnnotateOperation.Options(options.concurrency(), tasks.ids(dataset), options.includeReviewed()))).reportingTo(shell).usage(usage);
    }

    /** Replays the chosen tasks of the dataset in {@code folder} in the default private display. */
    public static Job replayJob(DatasetAddress folder, TaskScope.Chosen tasks, Shell shell) {
        return new OperationJob<>(Kind.REPLAY, folder, false, dataset -> new ReplayOperation(dataset, new ReplayOperation.Options(
                orEvery(tasks.ids(dataset)), null, 0, replayFolder()))).reportingTo(shell);
    }

    /** Scrubs the chosen tasks of the dataset, screenshots included, with the preferences' identifiers. */
    public static Job scrubJob(DatasetAddress folder, TaskScope.Chosen tasks, Shell shell) {
        return new OperationJob<>(Kind.SCRUB, folder, false, dataset -> new ScrubOperation(dataset, new ScrubOperation.Options(
                orEvery(tasks.ids(dataset)), List.of(), ScrubPreferences.context(List.of(), null), true, false))).reportingTo(shell);
    }

    /** The tasks as operations that take an empty list for every task want them. */
    private static List<String> orEvery(List<String> taskIds) {
        return taskIds == null ? List.of() : taskIds;
    }

    /** Where replays keep their environments' logs: the workbench's own folder, not a temporary one a crash would scatter. */
    private static Path replayFolder() {
        return Home.folder("replays");
    }

    /** Scores the chosen tasks of the dataset in {@code folder} (the options' own tasks set aside). */
    public static Job scoreJob(DatasetAddress folder, List<ScoringCriteria.Descriptor> criteria, Weights weights, Retrying model, Usage usage,
            ScoreOperation.Options options, TaskScope.Chosen tasks, Shell shell) {
        return new OperationJob<>(Kind.SCORE, folder, false, dataset -> new ScoreOperation(dataset, criteria, weights, model,
                new ScoreOperation.Options(options.concurrency(), options.force(), tasks.ids(dataset)))).reportingTo(shell).usage(model == null ? null : usage);
    }

}
