package org.trajectory.ui.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.core.runtime.IAdapterFactory;
import org.eclipse.ui.views.properties.IPropertyDescriptor;
import org.eclipse.ui.views.properties.IPropertySource;
import org.eclipse.ui.views.properties.PropertyDescriptor;
import org.trajectory.dataset.TaskRow;

/** What the Properties view shows for a task selected in the dataset table; registered in plugin.xml. */
public final class TaskRowProperties implements IPropertySource {

    private final Map<String, Object> values = new LinkedHashMap<>();

    TaskRowProperties(TaskRow row) {
        values.put("task_id", row.taskId());
        values.put("instruction", row.instruction());
        values.put("domain", row.domain());
        values.put("os", row.os());
        values.put("steps", row.steps());
        values.put("final score", row.finalScore());
        values.put("alignment_score", row.alignmentScore());
        values.put("efficiency_score", row.efficiencyScore());
        values.put("task_difficulty", row.difficulty());
        values.put("task_completed", row.completed());
        values.put("review", row.review().id());
    }

    /** Adapts table rows to property sources. */
    public static final class Factory implements IAdapterFactory {
        @Override
        public <T> T getAdapter(Object adaptable, Class<T> adapterType) {
            return adaptable instanceof TaskRow row && adapterType == IPropertySource.class
                    ? adapterType.cast(new TaskRowProperties(row)) : null;
        }

        @Override
        public Class<?>[] getAdapterList() {
            return new Class<?>[] { IPropertySource.class };
        }
    }

    @Override
    public Object getEditableValue() {
        return this;
    }

    @Override
    public IPropertyDescriptor[] getPropertyDescriptors() {
        return values.keySet().stream().map(name -> {
            PropertyDescriptor descriptor = new PropertyDescriptor(name, name);
            descriptor.setCategory("Task");
            return descriptor;
        }).toArray(IPropertyDescriptor[]::new);
    }

    @Override
    public Object getPropertyValue(Object id) {
        Object value = values.get(id);
        return value == null ? "" : value;
    }

    @Override
    public boolean isPropertySet(Object id) {
        return false;
    }

    @Override
    public void resetPropertyValue(Object id) {
    }

    @Override
    public void setPropertyValue(Object id, Object value) {
    }
}
