package org.trajectory.ui.internal;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.runtime.ILog;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.ui.IWorkbenchWindow;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.builder.ReductionSettings;
import org.trajectory.builder.annotate.AnnotationRun;
import org.trajectory.builder.annotate.Annotator;
import org.trajectory.builder.annotate.ModelAnnotator;
import org.trajectory.builder.annotate.OfflineAnnotator;
import org.trajectory.scoring.ScoringCriteria;
import org.trajectory.scoring.ScoringRun;
import org.trajectory.scoring.Weights;
import org.trajectory.vlm.ApiKeys;
import org.trajectory.vlm.ProviderSettings;
import org.trajectory.vlm.Retrying;
import org.trajectory.vlm.Usage;
import org.trajectory.vlm.VlmException;
import org.trajectory.vlm.VlmProviders;

/** What the File menu's dataset commands do (their handler is {@link WindowCommands}): New, Open, Import, Export, Build, Extract, Annotate, Score. */
final class DatasetActions {

    private DatasetActions() {
    }

    static void newDataset(IWorkbenchWindow window) {
        chooseAndOpen(window, "New Dataset", "Choose an empty folder for the new dataset.", true);
    }

    static void openDataset(IWorkbenchWindow window) {
        chooseAndOpen(window, "Open Dataset", "Choose a dataset folder (one holding dataset.db).", false);
    }

    static void openServerDataset(IWorkbenchWindow window) {
        ServerDatasetDialog dialog = new ServerDatasetDialog(window.getShell());
        if (dialog.open() != org.eclipse.jface.window.Window.OK) {
            return;
        }
        if (!dialog.password().isEmpty()) {
            try {
                ServerLogins.keep(dialog.server(), dialog.password(), dialog.remember());
            } catch (org.eclipse.equinox.security.storage.StorageException e) {
                MessageDialog.openWarning(window.getShell(), "Open Dataset on a Server",
                        "The password could not be kept in the secure storage (" + e.getMessage() + "); it is used until the window closes.");
            }
        }
        open(window, dialog.server(), false);
    }

    static void importJsonl(IWorkbenchWindow window) {
        new WizardDialog(window.getShell(), new ImportWizard()).open();
    }

    static void exportJsonl(IWorkbenchWindow window) {
        if (DatasetSession.get().address() == null) {
            MessageDialog.openInformation(window.getShell(), "Export", "Open a dataset first (File > Open Dataset).");
            return;
        }
        new WizardDialog(window.getShell(), new ExportWizard()).open();
    }

    static void buildFromRecording(IWorkbenchWindow window) {
        DatasetAddress dataset = requireOpen(window, "Build");
        if (dataset == null) {
            return;
        }
        DirectoryDialog dialog = new DirectoryDialog(window.getShell());
        dialog.setText("Build Trajectory from Recording");
        dialog.setMessage("Choose a recording folder (ours, AgentNetTool's or DuckTrack's: it holds metadata.json).");
        String chosen = dialog.open();
        if (chosen == null) {
            return;
        }
        // The OS's own double-click time, as the person recorded had it.
        double doubleClick = window.getShell().getDisplay().getDoubleClickTime() / 1000.0;
        DatasetJobs.buildJob(dataset, Path.of(chosen), ReductionSettings.DEFAULTS.withDoubleClickTime(doubleClick),
                window.getShell()).schedule();
    }

    static void extractFromVideo(IWorkbenchWindow window) {
        DatasetAddress dataset = requireOpen(window, "Extract");
        if (dataset == null) {
            return;
        }
        ExtractDialog dialog = new ExtractDialog(window.getShell());
        if (dialog.open() != ExtractDialog.OK) {
            return;
        }
        ExtractDialog.Choice choice = dialog.choice();
        Usage usage = new Usage();
        Retrying model = null;
        if (choice.provider() != null) {
            try {
                model = model(choice.provider(), choice.model(), usage);
            } catch (Exception e) {
                MessageDialog.openError(window.getShell(), "Extract", "Could not start: " + e.getMessage());
                return;
            }
        }
        DatasetJobs.extractJob(dataset, choice.input(), choice.method(), model, usage, window.getShell()).schedule();
    }

    static void annotate(IWorkbenchWindow window) {
        DatasetAddress dataset = requireOpen(window, "Annotate");
        if (dataset == null) {
            return;
        }
        AnnotateDialog dialog = new AnnotateDialog(window.getShell());
        if (dialog.open() != AnnotateDialog.OK) {
            return;
        }
        AnnotateDialog.Choice choice = dialog.choice();
        Usage usage = new Usage();
        Annotator annotator;
        try {
            if (choice.provider().equals(OfflineAnnotator.ID)) {
                annotator = new OfflineAnnotator(true);
            } else {
                annotator = new ModelAnnotator(model(choice.provider(), choice.model(), usage), ModelAnnotator.prompts(null));
            }
        } catch (Exception e) {
            MessageDialog.openError(window.getShell(), "Annotate", "Could not start: " + e.getMessage());
            return;
        }
        DatasetJobs.annotateJob(dataset, annotator, usage, new AnnotationRun.Options(choice.concurrency(), null),
                window.getShell()).schedule();
    }

    /** Asks what to score with, then scores the open dataset as a job. */
    static void scoreDataset(IWorkbenchWindow window) {
        DatasetAddress dataset = requireOpen(window, "Score");
        if (dataset == null) {
            return;
        }
        ScoreDialog dialog = new ScoreDialog(window.getShell());
        if (dialog.open() != ScoreDialog.OK) {
            return;
        }
        ScoreDialog.Choice choice = dialog.choice();
        Usage usage = new Usage();
        Retrying model = null;
        if (choice.provider() != null) {
            try {
                model = model(choice.provider(), null, usage);
            } catch (Exception e) {
                MessageDialog.openError(window.getShell(), "Score", "Could not start: " + e.getMessage());
                return;
            }
        }
        DatasetJobs.scoreJob(dataset, choice.criteria(), Weights.preferred(ScoringCriteria.get().all()), model, usage,
                new ScoringRun.Options(choice.concurrency(), choice.force(), null), window.getShell()).schedule();
    }

    /** A provider with its settings from the preferences ({@code modelName} overriding the model when given). */
    private static Retrying model(String providerId, String modelName, Usage usage) throws VlmException {
        VlmProviders.Descriptor provider = VlmProviders.get().find(providerId).orElseThrow();
        return ProviderSettings.retrying(provider, ProviderSettings.config(provider, null, modelName, ApiKeys.user()), usage);
    }

    /** The open dataset's folder, or null after telling the user to open one first. */
    private static DatasetAddress requireOpen(IWorkbenchWindow window, String title) {
        DatasetAddress dataset = DatasetSession.get().address();
        if (dataset == null) {
            MessageDialog.openInformation(window.getShell(), title, "Open or create a dataset first (File > Open Dataset, File > New Dataset).");
        }
        return dataset;
    }

    private static void chooseAndOpen(IWorkbenchWindow window, String title, String message, boolean create) {
        DirectoryDialog dialog = new DirectoryDialog(window.getShell());
        dialog.setText(title);
        dialog.setMessage(message);
        String chosen = dialog.open();
        if (chosen != null) {
            openDataset(window, Path.of(chosen), create);
        }
    }

    static void openDataset(IWorkbenchWindow window, Path folder, boolean create) {
        if (!create && !Files.isRegularFile(folder.resolve("dataset.db"))) {
            MessageDialog.openError(window.getShell(), "Open Dataset", folder + " is not a dataset: it has no dataset.db."
                    + " Use File > New Dataset to make one, or File > Import to import JSONL into a new one.");
            return;
        }
        open(window, new DatasetAddress.Folder(folder), create);
    }

    /** Opens a dataset off the UI thread (a server may take a moment to answer); the views follow when it is open. */
    static void open(IWorkbenchWindow window, DatasetAddress folder, boolean create) {
        org.eclipse.swt.widgets.Shell shell = window.getShell();
        DatasetJobs.background("Opening " + folder, DatasetJobs.READS, monitor -> {
            try {
                DatasetSession.get().open(folder, create);
            } catch (Exception e) {
                ILog.of(DatasetActions.class).error("Could not open the dataset " + folder, e);
                shell.getDisplay().asyncExec(() -> MessageDialog.openError(shell.isDisposed() ? null : shell, "Open Dataset",
                        "Could not open " + folder + ":\n" + e.getMessage()));
            }
            return org.eclipse.core.runtime.Status.OK_STATUS;
        });
    }
}
