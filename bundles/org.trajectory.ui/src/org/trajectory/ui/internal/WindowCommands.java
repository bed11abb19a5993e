package org.trajectory.ui.internal;

import java.util.Map;
import java.util.function.Consumer;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExecutableExtension;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.handlers.HandlerUtil;

/**
 * The handler of the File and Help menus' commands (plugin.xml declares the commands, their keys, their menu places
 * and this handler, named after the colon: {@code WindowCommands:import}); each runs in the window it was chosen in.
 */
public final class WindowCommands extends AbstractHandler implements IExecutableExtension {

    private static final Map<String, Consumer<IWorkbenchWindow>> COMMANDS = Map.of(
            "newDataset", DatasetActions::newDataset,
            "openDataset", DatasetActions::openDataset,
            "openServerDataset", DatasetActions::openServerDataset,
            "import", DatasetActions::importJsonl,
            "export", DatasetActions::exportJsonl,
            "build", DatasetActions::buildFromRecording,
            "extract", DatasetActions::extractFromVideo,
            "annotate", DatasetActions::annotate,
            "score", DatasetActions::scoreDataset,
            "about", window -> new AboutDialog(window.getShell()).open());

    private Consumer<IWorkbenchWindow> command;

    @Override
    public void setInitializationData(IConfigurationElement config, String property, Object data) {
        command = COMMANDS.get(String.valueOf(data));
        if (command == null) {
            throw new IllegalArgumentException("no window command '" + data + "'; there are " + COMMANDS.keySet());
        }
    }

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        command.accept(HandlerUtil.getActiveWorkbenchWindowChecked(event));
        return null;
    }
}
