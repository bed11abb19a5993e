package org.trajectory.dataset.internal;

import java.util.List;

import org.trajectory.dataset.IntegrityCheck;
import org.trajectory.model.Step;

/** Steps numbered 13 then 15 (OpenCUA issue 40): one was lost before the data came here, or one is there twice. */
public final class StepIndexCheck implements IntegrityCheck {

    @Override
    public Run start() {
        return (checked, findings) -> {
            List<Step> steps = checked.task().steps();
            for (int i = 1; i < steps.size(); i++) {
                if (steps.get(i).json().path(Step.INDEX).canConvertToLong() && steps.get(i - 1).json().path(Step.INDEX).canConvertToLong()
                        && steps.get(i).index() != steps.get(i - 1).index() + 1) {
                    findings.add(checked.task().taskId(), i, "its index is " + steps.get(i).index() + " after " + steps.get(i - 1).index()
                            + ": a step was lost or repeated before the data came here");
                }
            }
        };
    }
}
