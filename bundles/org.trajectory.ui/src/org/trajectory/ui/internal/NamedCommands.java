package org.trajectory.ui.internal;

import java.util.Map;
import java.util.function.Consumer;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExecutableExtension;

/**
 * A handler class that serves several commands, each declared in plugin.xml with the command's name after the colon
 * ({@code DatasetCommands:import}); the command acts on what {@link #target} finds for it, a window or an editor.
 */
public abstract class NamedCommands<T> extends AbstractHandler implements IExecutableExtension {

    private final Map<String, Consumer<T>> commands;
    private Consumer<T> command;

    protected NamedCommands(Map<String, Consumer<T>> commands) {
        this.commands = commands;
    }

    @Override
    public void setInitializationData(IConfigurationElement config, String property, Object data) {
        command = commands.get(String.valueOf(data));
        if (command == null) {
            throw new IllegalArgumentException("no command '" + data + "' in " + getClass().getSimpleName() + "; there are " + commands.keySet());
        }
    }

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        T target = target(event);
        if (target != null) {
            command.accept(target);
        }
        return null;
    }

    /** What the command acts on, null when there is nothing for it (the command then does nothing). */
    protected abstract T target(ExecutionEvent event) throws ExecutionException;
}
