package org.trajectory.replay.internal;

import org.trajectory.dataset.IntegrityCheck;
import org.trajectory.recorder.replay.ReplayException;
import org.trajectory.recorder.replay.ReplayPolicy;
import org.trajectory.recorder.replay.Setup;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A task's setup names programs a replay would start: one this machine would refuse, or that no curator here approved,
 * is said before anyone replays it (an imported setup is data from outside until approved).
 */
public final class SetupCheck implements IntegrityCheck {

    @Override
    public Run start() {
        ReplayPolicy policy = ReplayPolicy.current();
        return (checked, findings) -> {
            JsonNode setup = checked.task().json().get(Setup.FIELD);
            if (setup == null || setup.isNull()) {
                return;
            }
            try {
                for (String refusal : policy.refusals(Setup.of(setup))) {
                    findings.add(checked.task().taskId(), -1, "a replay would not start it: " + refusal);
                }
            } catch (ReplayException e) {
                findings.add(checked.task().taskId(), -1, "its setup cannot be read: " + e.getMessage());
            }
        };
    }
}
