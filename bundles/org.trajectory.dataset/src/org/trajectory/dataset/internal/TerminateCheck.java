package org.trajectory.dataset.internal;

import java.util.List;

import org.trajectory.dataset.IntegrityCheck;
import org.trajectory.model.Step;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ParsedCode;

/** A trajectory ends with {@code computer.terminate} and nothing after it: a model learns when to stop from it. */
public final class TerminateCheck implements IntegrityCheck {

    @Override
    public Run start() {
        return (checked, findings) -> {
            List<Step> steps = checked.task().steps();
            String id = checked.task().taskId();
            for (int i = 0; i < steps.size(); i++) {
                ParsedCode code = ActionParser.parse(steps.get(i).code() == null ? "" : steps.get(i).code());
                List<Action> actions = code.ok() ? code.actions() : List.of();
                for (int k = 0; k < actions.size(); k++) {
                    if (actions.get(k) instanceof Action.Terminate && (k < actions.size() - 1 || i < steps.size() - 1)) {
                        findings.add(id, i, "computer.terminate is followed by " + (k < actions.size() - 1 ? "more actions in its step"
                                : (steps.size() - 1 - i) + " more step(s): the trajectory goes on after it says it ended"));
                    }
                }
                if (i == steps.size() - 1 && code.ok() && actions.stream().noneMatch(Action.Terminate.class::isInstance)) {
                    findings.add(id, i, "the last step does not end with computer.terminate(status=...): a model trained on it"
                            + " does not learn when the task is done");
                }
            }
        };
    }
}
