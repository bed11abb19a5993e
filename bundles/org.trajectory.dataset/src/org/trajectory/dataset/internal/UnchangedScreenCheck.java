package org.trajectory.dataset.internal;

import java.util.List;

import org.trajectory.dataset.IntegrityCheck;
import org.trajectory.model.Step;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ParsedCode;

/**
 * A step that types text, whose next screenshot is the very same picture as its own: typed text shows on screen, so
 * either the typing never arrived or the screenshots are out of step with the actions. (Other actions may rightly
 * change nothing: a click on what is already selected, a key with no effect.)
 */
public final class UnchangedScreenCheck implements IntegrityCheck {

    @Override
    public Run start() {
        return (checked, findings) -> {
            List<Step> steps = checked.task().steps();
            for (int i = 0; i + 1 < steps.size(); i++) {
                String image = checked.images().get(i);
                if (image == null || !image.equals(checked.images().get(i + 1))) {
                    continue;
                }
                ParsedCode code = ActionParser.parse(steps.get(i).code() == null ? "" : steps.get(i).code());
                if (code.ok() && code.actions().stream().anyMatch(a -> a instanceof Action.Write w && !w.text().isBlank())) {
                    findings.add(checked.task().taskId(), i, "it types text, yet the next step's screenshot is the same picture as its own:"
                            + " the typing did not reach the screen, or the screenshots are out of step");
                }
            }
        };
    }
}
