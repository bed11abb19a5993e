package org.trajectory.ui.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IElementFactory;
import org.eclipse.ui.IMemento;
import org.eclipse.ui.IPersistableElement;
import org.trajectory.dataset.DatasetAddress;

/** A task of a dataset, opened in the trajectory editor. */
public final class TaskEditorInput implements IEditorInput, IPersistableElement {

    /** The element factory that reopens tasks left open when the workbench closed (plugin.xml). */
    public static final String FACTORY = "org.trajectory.ui.editors.taskInputFactory";
    private static final String DATASET = "dataset";
    private static final String TASK = "task";

    private final DatasetAddress dataset;
    private final String taskId;

    public TaskEditorInput(DatasetAddress dataset, String taskId) {
        this.dataset = dataset;
        this.taskId = taskId;
    }

    public TaskEditorInput(Path folder, String taskId) {
        this(new DatasetAddress.Folder(folder), taskId);
    }

    public DatasetAddress dataset() {
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
        return this;
    }

    @Override
    public String getFactoryId() {
        return FACTORY;
    }

    @Override
    public void saveState(IMemento memento) {
        memento.putString(DATASET, dataset.spec());
        memento.putString(TASK, taskId);
    }

    /** Reopens a task from the workbench's saved state; nothing when its dataset is gone. */
    public static final class Factory implements IElementFactory {
        @Override
        public IAdaptable createElement(IMemento memento) {
            String spec = memento.getString(DATASET);
            String task = memento.getString(TASK);
            if (spec == null || task == null) {
                return null;
            }
            DatasetAddress address;
            try {
                address = DatasetAddress.parse(spec);
            } catch (IllegalArgumentException e) {
                return null;
            }
            if (address instanceof DatasetAddress.Folder folder && !Files.isRegularFile(folder.path().resolve("dataset.db"))) {
                return null;
            }
            return new TaskEditorInput(address, task);
        }
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
