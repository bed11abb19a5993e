package org.trajectory.dataset.internal;

import java.util.List;
import java.util.Objects;

import org.trajectory.dataset.IntegrityCheck;
import org.trajectory.model.Step;

/** Two consecutive steps with the same code on the same screenshot: the second is a copy (a double import, a stutter). */
public final class RepeatedStepCheck implements IntegrityCheck {

    @Override
    public Run start() {
        return (checked, findings) -> {
            List<Step> steps = checked.task().steps();
            for (int i = 1; i < steps.size(); i++) {
                String image = checked.images().get(i);
                if (image != null && image.equals(checked.images().get(i - 1)) && steps.get(i).code() != null
                        && !steps.get(i).code().isBlank() && Objects.equals(steps.get(i).code(), steps.get(i - 1).code())) {
                    findings.add(checked.task().taskId(), i, "repeats step " + (i - 1) + ": the same code on the same screenshot");
                }
            }
        };
    }
}
