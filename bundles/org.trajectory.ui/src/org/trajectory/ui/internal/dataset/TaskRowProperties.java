package org.trajectory.ui.internal.dataset;

import org.eclipse.core.runtime.IAdapterFactory;
import org.eclipse.ui.views.properties.IPropertySource;
import org.trajectory.dataset.TaskRow;
import org.trajectory.ui.internal.ReadOnlyProperties;

/** What the Properties view shows for a task selected in the dataset table; registered in plugin.xml. */
public final class TaskRowProperties extends ReadOnlyProperties {

    TaskRowProperties(TaskRow row) {
        put("Task", "task_id", row.taskId());
        put("Task", "instruction", row.instruction());
        put("Task", "domain", row.domain());
        put("Task", "os", row.os());
        put("Task", "steps", row.steps());
        put("Task", "final score", row.finalScore());
        put("Task", "alignment_score", row.alignmentScore());
        put("Task", "efficiency_score", row.efficiencyScore());
        put("Task", "task_difficulty", row.difficulty());
        put("Task", "task_completed", row.completed());
        put("Task", "review", row.review().id());
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
}
