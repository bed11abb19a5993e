package org.trajectory.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.DatasetAddress;
import org.trajectory.evaluation.internal.ActionTuples;
import org.trajectory.evaluation.internal.BenchAction;
import org.trajectory.evaluation.internal.Trajectory;
import org.trajectory.model.Task;
import org.trajectory.model.operation.Progress;

/** From AgentNet records to tuples and step scores, and the run over two files as the evaluate command sees it. */
class EvaluationRunTest {

    /** A record whose steps are {code, action sentence, window}. */
    static String record(String id, Integer width, String[]... steps) {
        String traj = IntStream.range(0, steps.length).mapToObj(i -> String.format(
                "{\"index\":%d,\"image\":\"%d.png\",\"window_title\":\"%s\",\"value\":{\"code\":\"%s\",\"action\":\"%s\"}}", i, i,
                steps[i][2], steps[i][0].replace("\"", "\\\""), steps[i][1])).collect(Collectors.joining(","));
        return "{\"task_id\":\"" + id + "\",\"instruction\":\"do it\"" + (width == null ? "" : ",\"screen_width\":" + width
                + ",\"screen_height\":800") + ",\"traj\":[" + traj + "]}";
    }

    @Test
    void codeBecomesTuplesByTheDocumentedMapping() throws Exception {
        Task task = Task.parse(record("t", null,
                new String[] {"pyautogui.moveTo(0.1, 0.2)\\npyautogui.dragTo(0.3, 0.2, button='left')", "Select the first paragraph", "Editor"},
                new String[] {"pyautogui.moveTo(0.1, 0.2)\\npyautogui.dragTo(0.3, 0.4, button='left')", "Move the file to Trash", "Files"},
                new String[] {"pyautogui.keyDown('shift')\\npyautogui.click(x=0.5, y=0.5)\\npyautogui.keyUp('shift')", "Shift-click", "Files"},
                new String[] {"pyautogui.write(message='hi')", "Type hi", "Editor"},
                new String[] {"pyautogui.moveTo(x=0.3, y=0.4)\\npyautogui.scroll(-3)", "Scroll down", "Editor"},
                new String[] {"pyautogui.hotkey('ctrl', 's')", "Save", "Editor"},
                new String[] {"pyautogui.moveTo(0.9, 0.9)", "Hover", "Editor"},
                new String[] {"computer.terminate(status='success')", "Done", "Editor"}));
        List<ActionTuple> tuples = ActionTuples.of(Trajectory.of(task));
        assertEquals(List.of(OperationType.SELECT, OperationType.DRAG, OperationType.CLICK, OperationType.TYPE, OperationType.SCROLL, OperationType.HOTKEY, OperationType.MOVE,
                OperationType.TERMINATE), tuples.stream().map(ActionTuple::operation).toList());
        assertEquals(new ActionTuple(OperationType.SELECT, "Select the first paragraph", "Editor", 0), tuples.get(0));
        assertEquals(List.of("moveto", "dragto"), BenchAction.of(Trajectory.of(task).steps().get(0).way()).stream().map(BenchAction::type).toList());
    }

    @Test
    void pairsByIdListsTheTasksWithoutACounterpartAndKeepsReadingPastABadLine(@TempDir Path temp) throws Exception {
        Path reference = temp.resolve("reference.jsonl");
        Path predicted = temp.resolve("predicted.jsonl");
        Files.writeString(reference, String.join("\n",
                record("a", 1000, new String[] {"pyautogui.click(x=0.5, y=0.5)", "Click OK", "Dialog"},
                        new String[] {"pyautogui.write(message='abc')", "Type abc", "Dialog"}),
                record("b", 1000, new String[] {"pyautogui.scroll(-3)", "Scroll down", "Browser"}),
                record("only-in-reference", 1000, new String[] {"pyautogui.click(x=0.1, y=0.1)", "Click", "X"})) + "\n");
        Files.writeString(predicted, String.join("\n",
                record("a", null, new String[] {"pyautogui.click(x=0.51, y=0.5)", "Click OK", "Dialog"},
                        new String[] {"pyautogui.write(message='abd')", "Type abd", "Dialog"}),
                "{\"task_id\": \"broken\", \"traj\": ",
                record("b", null, new String[] {"pyautogui.scroll(-6)", "Scroll down", "Browser"},
                        new String[] {"pyautogui.click(x=0.2, y=0.2)", "Click a link", "Browser"}),
                record("only-predicted", null, new String[] {"pyautogui.click(x=0.1, y=0.1)", "Click", "X"})) + "\n");
        TextSimilarity exact = (x, y) -> x.equals(y) ? 1 : 0;
        EvaluationReport report = new EvaluateOperation(new EvaluateOperation.Options(new DatasetAddress.Folder(reference), new DatasetAddress.Folder(predicted), null, 0.7, AgentNetBench.Version.V2026, 2),
                exact).run(Progress.NONE);
        assertEquals(List.of("only-in-reference"), report.referenceOnly());
        assertEquals(List.of("only-predicted"), report.predictedOnly());
        assertEquals(1, report.unread().size());
        assertTrue(report.unread().get(0).startsWith(predicted + ":2: "), report.unread().get(0));
        assertEquals(2, report.tasks().size());
        TaskEvaluation a = report.tasks().get(0);
        // step 1: 0.01 off is inside the threshold; step 2: "abc" vs "abd" = (2/3) / 0.8
        assertEquals(1.0, a.steps().get(0).total());
        assertEquals((1 - 1.0 / 3) / 0.8, a.steps().get(1).total(), 1e-12);
        assertEquals(List.of(10.0), a.clickErrorsPixels().stream().map(p -> Math.round(p * 1000) / 1000.0).toList(),
                "0.01 of a 1000-pixel-wide screen");
        assertEquals(0.5, a.sharingan().allRecall(), "'Type abc' and 'Type abd' differ for an exact comparison");
        TaskEvaluation b = report.tasks().get(1);
        assertEquals(List.of(0.5), b.steps().stream().map(AgentNetBench.StepScore::total).toList());
        assertEquals(1, b.extraSteps());
        assertEquals(0.5, b.sharingan().operationPrecision());
        EvaluationReport.Means overall = report.sharingan();
        assertEquals((0.5 + 1.0) / 2, overall.allRecall(), 1e-12);
        assertEquals((1.0 + 0.8333333333333334 + 0.5) / 3, report.benchScore(), 1e-9); // the mean over the 3 reference steps
        assertEquals(Map.of("click", 1.0, "write", 0.8333333333333334, "scroll", 0.5).keySet(), report.benchByType().keySet());
        String text = report.text();
        assertTrue(text.contains("Recall (Operation)"), text);
        assertTrue(text.contains("scroll (1)"), text);
    }

    @Test
    void aStepWhoseCodeDoesNotParseSaysWhyItScoresNothing(@TempDir Path temp) throws Exception {
        Path reference = temp.resolve("ref.jsonl");
        Path predicted = temp.resolve("pred.jsonl");
        Files.writeString(reference, record("a", null, new String[] {"pyautogui.hotkey(keys=['ctrl', 'c'])", "Copy", "Editor"}) + "\n");
        Files.writeString(predicted, record("a", null, new String[] {"pyautogui.hotkey(buttons=['ctrl', 'c'])", "Copy", "Editor"}) + "\n");
        EvaluationReport report = new EvaluateOperation(new EvaluateOperation.Options(new DatasetAddress.Folder(reference),
                new DatasetAddress.Folder(predicted), null, null, AgentNetBench.Version.V2025, 1), null).run(Progress.NONE);
        assertEquals(List.of(predicted + ":1: task a step 0: code 1:18: hotkey has no argument 'buttons'; the step scores nothing"),
                report.unread(), "the reference's keyword form reads; the prediction's wrong keyword is said, with its place");
        assertEquals(0.0, report.benchScore(), 1e-12);
    }

    @Test
    void aFileThatIsNotThereIsNamed(@TempDir Path temp) {
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> new EvaluateOperation(
                new EvaluateOperation.Options(new DatasetAddress.Folder(temp.resolve("nope.jsonl")), new DatasetAddress.Folder(temp.resolve("nope.jsonl")), null, null, AgentNetBench.DEFAULT, 1),
                null).run(Progress.NONE));
        assertTrue(e.toString().contains("nope.jsonl"), e.toString());
    }
}
