package org.trajectory.ui.internal.editor;

import java.nio.file.Path;
import java.util.Objects;

import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IPersistableElement;

/** A task of a dataset, opened in the trajectory editor. */
public final class TaskEditorInput implements IEditorInput {

    private final Path dataset;
    private final String taskId;

    public TaskEditorInput(Path dataset, String taskId) {
        this.dataset = dataset;
        this.taskId = taskId;
    }

    public Path dataset() {
        return dataset;
    }

    public String taskId() {
        return taskId;
    }

    @Override
    public boolean exists() {
        return false; // not in the recently-opened list: tasks come from their dataset
    }

    @Override
    public ImageDescriptor getImageDescriptor() {
        return null;
    }

    @Override
    public String getName() {
        return taskId;
    }

    @Override
    public IPersistableElement getPersistable() {
        return null;
    }

    @Override
    public String getToolTipText() {
        return taskId + " in " + dataset;
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        return null;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TaskEditorInput input && input.dataset.equals(dataset) && input.taskId.equals(taskId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(dataset, taskId);
    }
}
