package org.trajectory.ui.internal.editor;

import java.util.Locale;

import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.ui.views.properties.IPropertySource;
import org.trajectory.dataset.TaskDraft;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ParsedCode;
import org.trajectory.ui.internal.ReadOnlyProperties;

import com.fasterxml.jackson.databind.JsonNode;

/** What the Properties view shows for the step in the editor: the task's and the step's values, read-only. */
final class StepProperties extends ReadOnlyProperties implements IAdaptable {

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
            JsonNode sure = draft.stepField(step, Task.CONFIDENCE); // how sure extraction from a video was of it
            if (sure.isNumber()) {
                put("Step", Task.CONFIDENCE, String.format(Locale.ROOT, "%.2f", sure.doubleValue()));
            }
            JsonNode evidence = draft.stepField(step, Step.EVIDENCE); // what extraction read the step's action from
            if (evidence.isTextual()) {
                put("Step", Step.EVIDENCE, evidence.asText());
            }
            put("Step", Step.LAST_STEP_CORRECT, draft.stepFlag(step, Step.LAST_STEP_CORRECT));
            put("Step", Step.LAST_STEP_REDUNDANT, draft.stepFlag(step, Step.LAST_STEP_REDUNDANT));
        }
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        return adapter == IPropertySource.class ? adapter.cast(this) : null;
    }
}
