package org.trajectory.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.ObjectNode;

class TaskTest {

    private static final String RECORD = """
            {"task_id":"t1","instruction":"Open settings","natural_language_task":null,"task_completed":null,\
            "alignment_score":7,"efficiency_score":6.5,"os":"ubuntu","scores":{"final_score":0.8},"custom":{"a":[1,2]},\
            "traj":[{"index":0,"image":"0.png","value":{"code":"pyautogui.click(x=0.1, y=0.2)","thought":"t",\
            "last_step_correct":true,"extra_step_field":1}}]}""";

    @Test
    void aRecordReadAndWrittenUnchangedIsEqualAsJson() throws Exception {
        Task task = Task.parse(RECORD);
        assertEquals(Json.MAPPER.readTree(RECORD), Json.MAPPER.readTree(task.toJson()));
        assertEquals("t1", task.taskId());
        assertEquals(7.0, task.number(Task.ALIGNMENT_SCORE));
        assertNull(task.taskCompleted());
        assertEquals(0.8, task.score("final_score"));
        assertEquals("pyautogui.click(x=0.1, y=0.2)", task.steps().get(0).code());
    }

    @Test
    void headerAndStepsReassembleToTheSameRecord() throws Exception {
        Task task = Task.parse(RECORD);
        List<ObjectNode> steps = task.steps().stream().map(Step::json).toList();
        assertEquals(task.json(), Task.assemble(task.header(), steps).json());
    }

    @Test
    void wrongShapesNameTheField() {
        assertEquals("task_id must be a non-empty string",
                assertThrows(RecordFormatException.class, () -> Task.parse("{\"instruction\":\"x\",\"traj\":[]}")).getMessage());
        assertEquals("alignment_score must be a number, not string", assertThrows(RecordFormatException.class,
                () -> Task.parse("{\"task_id\":\"a\",\"instruction\":\"x\",\"alignment_score\":\"high\",\"traj\":[]}")).getMessage());
        assertEquals("traj[0].value.code must be a string", assertThrows(RecordFormatException.class,
                () -> Task.parse("{\"task_id\":\"a\",\"instruction\":\"x\",\"traj\":[{\"index\":0,\"value\":{\"code\":5}}]}")).getMessage());
        assertThrows(RecordFormatException.class, () -> Task.parse("{\"task_id\":\"a\",\"instr"));
        assertThrows(RecordFormatException.class, () -> Task.parse("[1,2]"));
    }
}
