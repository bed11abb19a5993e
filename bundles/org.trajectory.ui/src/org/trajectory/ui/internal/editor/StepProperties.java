package org.trajectory.ui.internal.editor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.ui.views.properties.IPropertyDescriptor;
import org.eclipse.ui.views.properties.IPropertySource;
import org.eclipse.ui.views.properties.PropertyDescriptor;
import org.trajectory.dataset.TaskDraft;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ParsedCode;

/** What the Properties view shows for the step in the editor: the task's and the step's values, read-only. */
final class StepProperties implements IPropertySource, IAdaptable {

    private final Map<String, Object> values = new LinkedHashMap<>();
    private final Map<String, String> categories = new LinkedHashMap<>();

    StepProperties(TaskDraft draft, int step) {
        put("Task", "task_id", draft.taskId());
        put("Task", "instruction", draft.task().instruction());
        put("Task", "steps", draft.stepCount());
        put("Task", "domain", draft.taskText(Task.DOMAIN));
        put("Task", "os", draft.taskText(Task.OS));
        put("Task", "alignment_score", draft.taskNumber(Task.ALIGNMENT_SCORE));
        if (step >= 0 && step < draft.stepCount()) {
            put("Step", "position", step + 1);
            put("Step", "image", draft.task().steps().get(step).image());
            put("Step", "image sha256", draft.image(step));
            ParsedCode code = ActionParser.parse(draft.stepText(step, Step.CODE));
            put("Step", "actions", code.ok() ? code.actions().size() + " parsed" : code.problems().get(0).toString());
            put("Step", Step.LAST_STEP_CORRECT, draft.stepFlag(step, Step.LAST_STEP_CORRECT));
            put("Step", Step.LAST_STEP_REDUNDANT, draft.stepFlag(step, Step.LAST_STEP_REDUNDANT));
        }
    }

    private void put(String category, String name, Object value) {
        values.put(name, value == null ? "" : value);
        categories.put(name, category);
    }

    @Override
    public Object getEditableValue() {
        return this;
    }

    @Override
    public IPropertyDescriptor[] getPropertyDescriptors() {
        List<IPropertyDescriptor> descriptors = new ArrayList<>();
        values.keySet().forEach(name -> {
            PropertyDescriptor descriptor = new PropertyDescriptor(name, name);
            descriptor.setCategory(categories.get(name));
            descriptors.add(descriptor);
        });
        return descriptors.toArray(IPropertyDescriptor[]::new);
    }

    @Override
    public Object getPropertyValue(Object id) {
        return values.get(id);
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

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        return adapter == IPropertySource.class ? adapter.cast(this) : null;
    }
}
