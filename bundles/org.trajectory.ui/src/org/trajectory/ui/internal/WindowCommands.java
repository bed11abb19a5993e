package org.trajectory.ui.internal;

import java.util.Map;
import java.util.function.Consumer;

import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.window.Window;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.handlers.HandlerUtil;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.vlm.ApiKeys;
import org.trajectory.vlm.ProviderSettings;
import org.trajectory.vlm.Retrying;
import org.trajectory.vlm.Usage;
import org.trajectory.vlm.VlmProviders;

/**
 * A handler of an area's window commands. plugin.xml declares the commands, their keys, their menu places and their
 * handler, naming the command after the colon ({@code DatasetCommands:import}); each runs in the window it was chosen
 * in. Each area has one subclass, listing its commands.
 */
public abstract class WindowCommands extends NamedCommands<IWorkbenchWindow> {

    protected WindowCommands(Map<String, Consumer<IWorkbenchWindow>> commands) {
        super(commands);
    }

    @Override
    protected IWorkbenchWindow target(ExecutionEvent event) throws ExecutionException {
        return HandlerUtil.getActiveWorkbenchWindowChecked(event);
    }

    /** The open dataset, or null after telling the user to open one first. */
    public static DatasetAddress requireOpen(IWorkbenchWindow window, String title) {
        DatasetAddress dataset = DatasetSession.of(window).address();
        if (dataset == null) {
            MessageDialog.openInformation(window.getShell(), title, "Open or create a dataset first (File > Open Dataset, File > New Dataset).");
        }
        return dataset;
    }

    /** The open dataset once the user confirmed {@code dialog}; null when none is open (said) or the dialog was cancelled. */
    protected static DatasetAddress confirmed(IWorkbenchWindow window, String title, Window dialog) {
        DatasetAddress dataset = requireOpen(window, title);
        return dataset != null && dialog.open() == Window.OK ? dataset : null;
    }

    /**
     * Runs {@code work} with a model of {@code providerId} set up from the preferences ({@code modelName} overriding the
     * model when given), or with null when no provider is asked for; when the model cannot start, says why in a dialog
     * titled {@code title} instead.
     */
    protected static void withModel(IWorkbenchWindow window, String title, String providerId, String modelName, Usage usage,
            Consumer<Retrying> work) {
        Retrying model = null;
        if (providerId != null) {
            try {
                VlmProviders.Descriptor provider = VlmProviders.get().find(providerId).orElseThrow();
                model = ProviderSettings.retrying(provider, ProviderSettings.config(provider, null, modelName, ApiKeys.user()), usage);
            } catch (Exception e) {
                MessageDialog.openError(window.getShell(), title, "Could not start: " + e.getMessage());
                return;
            }
        }
        work.accept(model);
    }
}
