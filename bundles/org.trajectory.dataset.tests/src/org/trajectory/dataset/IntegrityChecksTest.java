package org.trajectory.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.model.operation.Progress;

/** The checks validate runs, each on the flaw it looks for, and on the field's own public sample. */
class IntegrityChecksTest {

    @TempDir
    Path temp;

    private static String task(String id, String instruction, String... steps) {
        return "{\"task_id\":\"" + id + "\",\"instruction\":\"" + instruction + "\",\"traj\":[" + String.join(",", steps) + "]}";
    }

    private static String step(int index, String image, String code, String sentence) {
        return "{\"index\":" + index + (image == null ? "" : ",\"image\":\"" + image + "\"") + ",\"value\":{\"code\":\"" + code + "\""
                + (sentence == null ? "" : ",\"action\":\"" + sentence + "\"") + "}}";
    }

    private static final String END = "computer.terminate(status='success')";

    private ValidateOperation.Report validate(List<String> lines) throws Exception {
        Path images = Files.createDirectories(temp.resolve("images"));
        List<String> names = List.of("a.png", "b.png", "c.png", "d.png");
        for (int i = 0; i < names.size(); i++) {
            Files.copy(TestData.path("opencua-cot-example/images/" + i + ".png"), images.resolve(names.get(i)));
        }
        Path jsonl = Files.write(temp.resolve("tasks.jsonl"), lines);
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds"))) {
            new ImportOperation(dataset, jsonl, images).run(Progress.NONE);
            return new ValidateOperation(dataset).run(Progress.NONE);
        }
    }

    private static List<String> found(ValidateOperation.Report report) {
        return report.findings().stream().map(ValidateOperation.Finding::toString).toList();
    }

    @Test
    void eachCheckFindsItsFlawAndASoundTaskPasses() throws Exception {
        ValidateOperation.Report report = validate(List.of(
                task("sound", "Save", step(0, "a.png", "pyautogui.click(x=0.5, y=0.5)", "Click Save"), step(1, "b.png", END, null)),
                task("no-end", "Save", step(0, "c.png", "pyautogui.click(x=0.5, y=0.5)", null)),
                task("after-end", "Save", step(0, null, END, null), step(1, null, "pyautogui.click(x=0.5, y=0.5)", null)),
                task("empty", " ", step(0, null, END, null)),
                task("twice", "Type", step(0, "d.png", "pyautogui.write(message='hi')", "Type \\\"hi\\\""),
                        step(1, "d.png", "pyautogui.write(message='hi')", null), step(2, null, END, null)),
                task("pixels", "Open", step(0, null, "pyautogui.click(x=512, y=300)", null), step(1, null, END, null)),
                task("says", "Open", step(0, null, "pyautogui.click(x=0.5, y=0.5)", "Type \\\"hello\\\" into the box"),
                        step(1, null, "pyautogui.write(message='help')", "Type \\\"hello\\\" into the box"),
                        step(2, null, "pyautogui.click(x=0.2, y=0.2)", "Press Enter to send"), step(3, null, END, null))));
        List<String> found = found(report);
        assertTrue(found.stream().noneMatch(f -> f.startsWith("sound:")), "a sound task passes: " + found);
        assertTrue(found.contains("no-end: step 0: warning: the last step does not end with computer.terminate(status=...): a model trained on"
                + " it does not learn when the task is done [terminate]"), found.toString());
        assertTrue(found.stream().anyMatch(f -> f.startsWith("after-end: step 0: warning: computer.terminate is followed by 1 more step(s)")), found.toString());
        assertTrue(found.contains("empty: its instruction is empty: the task has actions but no goal [instruction]"), found.toString());
        assertTrue(found.contains("twice: step 1: warning: repeats step 0: the same code on the same screenshot [repeated-step]"), found.toString());
        assertTrue(found.stream().anyMatch(f -> f.startsWith("twice: step 0: warning: it types text, yet the next step's screenshot is the same")
                && f.endsWith("[unchanged-screen]")), found.toString());
        assertTrue(found.stream().noneMatch(f -> f.contains("[shared-image]")), "a task's own screenshot twice is not shared: " + found);
        assertTrue(found.contains("pixels: 1 of its 2 steps have coordinates in pixels (x=512): AgentNet's code has them in [0,1], divided by"
                + " the screen's width and height [pixel-coordinates]"), found.toString());
        assertTrue(found.contains("coordinates are in pixels in 1 tasks and in [0,1] in 4: the dataset mixes two units, which a model cannot"
                + " tell apart [pixel-coordinates]"), found.toString());
        assertTrue(found.stream().anyMatch(f -> f.startsWith("says: step 0: warning: its sentence says \"Type \"hello\" into the box\" but its code does")),
                found.toString());
        assertTrue(found.contains("says: step 1: warning: its sentence quotes \"hello\" but its code types \"help\" [described-action]"), found.toString());
        assertTrue(found.stream().anyMatch(f -> f.startsWith("says: step 2: warning: its sentence says \"Press Enter to send\"")), found.toString());
        assertEquals(4, report.problemCount(), "errors: the instruction, the pixels twice (the task, the dataset), the code check's range: " + found);
    }

    @Test
    void aScreenshotInTwoTasksIsFound() throws Exception {
        List<String> found = found(validate(List.of(task("one", "Save", step(0, "a.png", END, null)), task("two", "Save", step(0, "a.png", END, null)))));
        assertTrue(found.contains("two: step 0: warning: its screenshot is also task one step 0's: the same picture in two tasks [shared-image]"),
                found.toString());
    }
}
