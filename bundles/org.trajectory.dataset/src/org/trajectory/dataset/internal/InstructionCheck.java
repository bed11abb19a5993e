package org.trajectory.dataset.internal;

import org.trajectory.dataset.IntegrityCheck;

/** A task without an instruction teaches actions without a goal. */
public final class InstructionCheck implements IntegrityCheck {

    @Override
    public Run start() {
        return (checked, findings) -> {
            String instruction = checked.task().instruction();
            if (instruction == null || instruction.isBlank()) {
                findings.add(checked.task().taskId(), -1, "its instruction is empty: the task has actions but no goal");
            }
        };
    }
}
