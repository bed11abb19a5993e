package org.trajectory.ui.internal.dataset;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.window.Window;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.ui.IWorkbenchWindow;

import org.trajectory.builder.annotate.AnnotateOperation;
import org.trajectory.builder.annotate.Annotator;
import org.trajectory.builder.annotate.ModelAnnotator;
import org.trajectory.builder.annotate.OfflineAnnotator;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.ValidateOperation;
import org.trajectory.model.Words;
import org.trajectory.recorder.replay.ReplayPolicy;
import org.trajectory.replay.SetupApprovals;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.TaskScope;
import org.trajectory.ui.internal.ServerLogins;
import org.trajectory.ui.internal.StartFolder;
import org.trajectory.ui.internal.WindowCommands;
import org.trajectory.vlm.Usage;

/** The File menu's dataset commands: New, Open, Open on a Server, Import, Export, Validate, Build, Extract, Annotate, Replay, Scrub. */
public final class DatasetCommands extends WindowCommands {

    public DatasetCommands() {
        super(Map.ofEntries(
                command("newDataset", window -> chooseAndOpen(window, "New Dataset", "Choose an empty folder for the new dataset.", true)),
                command("openDataset", window -> chooseAndOpen(window, "Open Dataset", "Choose a dataset folder (one holding dataset.db).", false)),
                command("openServerDataset", DatasetCommands::openServerDataset),
                command("import", window -> new WizardDialog(window.getShell(), new ImportWizard()).open()),
                command("export", DatasetCommands::export),
                command("validate", DatasetCommands::validate),
                command("build", DatasetCommands::buildFromRecording),
                command("extract", DatasetCommands::extractFromVideo),
                command("annotate", DatasetCommands::annotate),
                command("replay", DatasetCommands::replay),
                command("scrub", DatasetCommands::scrub)));
    }

    private static Map.Entry<String, java.util.function.Consumer<IWorkbenchWindow>> command(String id, java.util.function.Consumer<IWorkbenchWindow> run) {
        return Map.entry(id, run);
    }

    private static void chooseAndOpen(IWorkbenchWindow window, String title, String message, boolean create) {
        DirectoryDialog dialog = new DirectoryDialog(window.getShell());
        dialog.setText(title);
        dialog.setMessage(message);
        dialog.setFilterPath(StartFolder.of(null));
        String chosen = StartFolder.chosen(dialog.open());
        if (chosen != null) {
            DatasetJobs.open(window.getShell(), new DatasetAddress.Folder(Path.of(chosen)), create);
        }
    }

    private static void openServerDataset(IWorkbenchWindow window) {
        ServerDatasetDialog dialog = new ServerDatasetDialog(window.getShell());
        if (dialog.open() != Window.OK) {
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
        DatasetJobs.open(window.getShell(), dialog.server(), false);
    }

    private static void export(IWorkbenchWindow window) {
        if (requireOpen(window, "Export") != null) {
            new WizardDialog(window.getShell(), new ExportWizard()).open();
        }
    }

    /** Checks every step of the open dataset as a job, then lists what it found (or says there was nothing). */
    private static void validate(IWorkbenchWindow window) {
        DatasetAddress dataset = requireOpen(window, ValidationDialog.TITLE);
        if (dataset != null) {
            DatasetJobs.validateJob(dataset, window.getShell(), found -> showValidation(window, found)).schedule();
        }
    }

    static void showValidation(IWorkbenchWindow window, ValidateOperation.Report found) {
        if (!found.findings().isEmpty()) {
            new ValidationDialog(window.getShell(), window.getActivePage(), found).open(); // warnings too: each is worth a look
        } else {
            MessageDialog.openInformation(window.getShell(), ValidationDialog.TITLE, !found.cancelled()
                    ? "No problems: every step's code is valid PyAutoGUI, every image is whole, and every integrity check passes."
                    : "Stopped before the end; the steps checked have no problems.");
        }
    }

    private static void buildFromRecording(IWorkbenchWindow window) {
        DatasetAddress dataset = requireOpen(window, "Build");
        if (dataset == null) {
            return;
        }
        DirectoryDialog dialog = new DirectoryDialog(window.getShell());
        dialog.setText("Build Trajectory from Recording");
        dialog.setMessage("Choose a recording folder (ours, AgentNetTool's or DuckTrack's: it holds metadata.json).");
        dialog.setFilterPath(StartFolder.of(null));
        String chosen = StartFolder.chosen(dialog.open());
        if (chosen == null) {
            return;
        }
        DatasetJobs.buildJob(dataset, Path.of(chosen), window.getShell()).schedule();
    }

    private static void extractFromVideo(IWorkbenchWindow window) {
        ExtractDialog dialog = new ExtractDialog(window.getShell());
        DatasetAddress dataset = confirmed(window, "Extract", dialog);
        if (dataset == null) {
            return;
        }
        ExtractDialog.Choice choice = dialog.choice();
        Usage usage = new Usage();
        withModel(window, "Extract", choice.provider(), choice.model(), usage, model ->
                DatasetJobs.extractJob(dataset, choice.input(), choice.method(), model, usage, choice.compare(), window.getShell()).schedule());
    }

    /** Looks for personal data in the tasks chosen (the selected ones first) and proposes it for review. */
    private static void scrub(IWorkbenchWindow window) {
        DatasetAddress dataset = requireOpen(window, "Scrub Personal Data");
        if (dataset == null) {
            return;
        }
        TaskScope.Chosen tasks = TaskScope.of(window).confirm(window.getShell(), "Scrub Personal Data", "Look for personal data (e-mail"
                + " addresses, phone, card and account numbers, keys, addresses, your own names from Window > Preferences > Personal Data)"
                + " in every text and every screenshot (read with OCR) of these tasks? What is found is proposed for review in each task's"
                + " editor; exports to the Hub redact what is kept. Tasks unchanged since their last scrub are skipped.");
        if (tasks != null) {
            DatasetJobs.scrubJob(dataset, tasks, window.getShell()).schedule();
        }
    }

    /** Replays the tasks chosen (the selected ones first), each in a private display of its own. */
    private static void replay(IWorkbenchWindow window) {
        DatasetAddress dataset = requireOpen(window, "Replay Tasks");
        if (dataset == null) {
            return;
        }
        TaskScope.Chosen tasks = TaskScope.of(window).confirm(window.getShell(), "Replay Tasks", "Replay these tasks step by step in a"
                + " private display (Xvfb), comparing each screen with the recorded one? Your own screen is not touched. The result shows"
                + " in the table's Last replay column and, step by step, in the editor.");
        if (tasks != null && approved(window, dataset, tasks)) {
            DatasetJobs.replayJob(dataset, tasks, window.getShell()).schedule();
        }
    }

    /**
     * Asks about the setups this machine has not approved: what they start (confined), and which never run here and why.
     * False when the person cancels; a setup left unapproved ends its task "not started", saying how to approve it.
     */
    private static boolean approved(IWorkbenchWindow window, DatasetAddress dataset, TaskScope.Chosen tasks) {
        SetupApprovals approvals;
        try (Dataset open = Dataset.open(dataset)) {
            List<String> ids = tasks.ids(open);
            approvals = SetupApprovals.of(open, ids == null ? List.of() : ids, ReplayPolicy.current());
        } catch (Exception e) {
            MessageDialog.openError(window.getShell(), "Replay Tasks", "The tasks' setups could not be read: " + e.getMessage());
            return false;
        }
        StringBuilder text = new StringBuilder();
        if (!approvals.refused().isEmpty()) {
            text.append(Words.count(approvals.refused().size(), "task")).append(" will not start, whatever is approved:\n");
            approvals.refused().entrySet().stream().limit(5).forEach(e -> text.append("  ").append(e.getKey()).append(": ").append(e.getValue()).append('\n'));
            text.append('\n');
        }
        if (approvals.pending().isEmpty()) {
            return text.isEmpty() || MessageDialog.openConfirm(window.getShell(), "Replay Tasks", text + "Replay the others?");
        }
        text.append(Words.count(approvals.pending().size(), "task")).append(" came with setups this machine has not approved. A replay would"
                + " start, each confined (no network, none of your files, no passwords or keys):\n");
        approvals.commands().stream().limit(12).forEach(command -> text.append("  ").append(command).append('\n'));
        MessageDialog ask = new MessageDialog(window.getShell(), "Approve Setups", null, text.toString(), MessageDialog.QUESTION,
                new String[] { "&Approve and Replay", "Replay &Without Them", "Cancel" }, 1);
        int answer = ask.open();
        if (answer == 0) {
            try {
                approvals.approve();
            } catch (Exception e) {
                MessageDialog.openError(window.getShell(), "Approve Setups", "The approvals could not be kept: " + e.getMessage());
                return false;
            }
        }
        return answer == 0 || answer == 1;
    }

    private static void annotate(IWorkbenchWindow window) {
        AnnotateDialog dialog = new AnnotateDialog(window.getShell(), TaskScope.of(window));
        DatasetAddress dataset = confirmed(window, "Annotate", dialog);
        if (dataset == null) {
            return;
        }
        AnnotateDialog.Choice choice = dialog.choice();
        Usage usage = new Usage();
        String provider = choice.provider().equals(OfflineAnnotator.ID) ? null : choice.provider();
        withModel(window, "Annotate", provider, choice.model(), usage, model -> {
            Annotator annotator;
            try {
                annotator = model == null ? new OfflineAnnotator(true) : new ModelAnnotator(model, ModelAnnotator.prompts(null));
            } catch (java.io.IOException | RuntimeException e) {
                MessageDialog.openError(window.getShell(), "Annotate", "Could not read the annotation prompts: " + e.getMessage());
                return;
            }
            DatasetJobs.annotateJob(dataset, annotator, usage, new AnnotateOperation.Options(choice.concurrency(), null, choice.includeReviewed()),
                    choice.tasks(), window.getShell()).schedule();
        });
    }
}
