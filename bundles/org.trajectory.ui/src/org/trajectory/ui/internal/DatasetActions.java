package org.trajectory.ui.internal;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.runtime.ILog;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.actions.ActionFactory.IWorkbenchAction;

/** The File menu's dataset actions: New, Open, Import, Export. */
final class DatasetActions {

    private DatasetActions() {
    }

    /** An action of the window that is released with it. */
    private abstract static class WindowAction extends Action implements IWorkbenchAction {
        protected IWorkbenchWindow window;

        /** @param command the command this action handles; its key binding is in plugin.xml */
        WindowAction(IWorkbenchWindow window, String command, String text) {
            super(text);
            setId(command);
            setActionDefinitionId(command);
            this.window = window;
        }

        @Override
        public void dispose() {
            window = null;
        }
    }

    static IWorkbenchAction newDataset(IWorkbenchWindow window) {
        return new WindowAction(window, "org.trajectory.ui.commands.newDataset", "&New Dataset...") {
            @Override
            public void run() {
                chooseAndOpen(window, "New Dataset", "Choose an empty folder for the new dataset.", true);
            }
        };
    }

    static IWorkbenchAction openDataset(IWorkbenchWindow window) {
        return new WindowAction(window, "org.trajectory.ui.commands.openDataset", "&Open Dataset...") {
            @Override
            public void run() {
                chooseAndOpen(window, "Open Dataset", "Choose a dataset folder (one holding dataset.db).", false);
            }
        };
    }

    static IWorkbenchAction importJsonl(IWorkbenchWindow window) {
        return new WindowAction(window, "org.trajectory.ui.commands.import", "&Import AgentNet JSONL...") {
            @Override
            public void run() {
                new WizardDialog(window.getShell(), new ImportWizard()).open();
            }
        };
    }

    static IWorkbenchAction exportJsonl(IWorkbenchWindow window) {
        return new WindowAction(window, "org.trajectory.ui.commands.export", "&Export AgentNet JSONL...") {
            @Override
            public void run() {
                if (DatasetSession.get().folder() == null) {
                    MessageDialog.openInformation(window.getShell(), "Export", "Open a dataset first (File > Open Dataset).");
                    return;
                }
                new WizardDialog(window.getShell(), new ExportWizard()).open();
            }
        };
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
        try {
            DatasetSession.get().open(folder, create);
        } catch (Exception e) {
            ILog.of(DatasetActions.class).error("Could not open the dataset " + folder, e);
            MessageDialog.openError(window.getShell(), "Open Dataset", "Could not open " + folder + ":\n" + e.getMessage());
        }
    }
}
