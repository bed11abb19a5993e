package org.trajectory.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.trajectory.model.Task;

/** What a save writes in a task's history: each step's changes, the steps paired as a diff pairs lines. */
class TaskHistoryTest {

    /** A task of one step a code, each thinking of its code. */
    private static Task task(String... codes) throws Exception {
        StringBuilder traj = new StringBuilder();
        for (int i = 0; i < codes.length; i++) {
            traj.append(i == 0 ? "" : ",").append("{\"index\":").append(i).append(",\"value\":{\"code\":\"").append(codes[i])
                    .append("\",\"thought\":\"think ").append(codes[i]).append("\"}}");
        }
        return Task.parse("{\"task_id\":\"t\",\"instruction\":\"Do it\",\"traj\":[" + traj + "]}");
    }

    private static List<String> changes(Task before, Task after) {
        return TaskHistory.changes(before, after, 2, "ann", "2026-11-28T00:00:00Z", true).stream()
                .map(e -> e.what() + ": " + e.before() + " -> " + e.after()).toList();
    }

    @Test
    void aMergeNamesTheMergedStepAndTheOneGoneAndShiftsNoOther() throws Exception {
        assertEquals(List.of("steps: 5 steps -> 4 steps", "step 2 code: c() -> c(); d()", "step 2 thought: think c() -> think c(); d()",
                "step 3: d() -> null"), changes(task("a()", "b()", "c()", "d()", "e()"), task("a()", "b()", "c(); d()", "e()")));
    }

    @Test
    void anInsertedStepIsAddedAndTheStepsAfterItAreUnchanged() throws Exception {
        assertEquals(List.of("steps: 3 steps -> 4 steps", "step 1: null -> x()"), changes(task("a()", "b()", "c()"), task("a()", "x()", "b()", "c()")));
    }

    @Test
    void stepsTheSameInNumberAreComparedFieldByField() throws Exception {
        assertEquals(List.of("step 1 code: b() -> y()", "step 1 thought: think b() -> think y()"),
                changes(task("a()", "b()", "c()"), task("a()", "y()", "c()")));
    }
}
