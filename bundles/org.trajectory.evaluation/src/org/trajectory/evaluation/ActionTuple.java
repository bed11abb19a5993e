package org.trajectory.evaluation;

/**
 * One action as Sharingan compares them: (operation, detail, context), with the step it came from so that a comparison
 * can open it. Detail and context are null when the trajectory has no such words (a trajectory from code only).
 */
public record ActionTuple(OperationType operation, String detail, String context, int step) {
}
