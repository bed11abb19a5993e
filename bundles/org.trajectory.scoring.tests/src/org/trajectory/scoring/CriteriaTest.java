package org.trajectory.scoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.Dataset;
import org.trajectory.model.Task;
import org.trajectory.model.operation.Progress;
import org.trajectory.scoring.kit.ScoringCriterionContract;

/** Each local criterion on crafted good and bad tasks, the reason checked. */
class CriteriaTest {

    @TempDir
    Path temp;

    private Dataset.StoredScore run(Dataset dataset, String criterion, String taskId) throws Exception {
        new ScoreOperation(dataset, List.of(ScoringCriteria.get().find(criterion).orElseThrow()),
                Weights.defaults(ScoringCriteria.get().all()), null, new ScoreOperation.Options(2, false, null)).run(Progress.NONE);
        return dataset.scores().get(taskId).get(criterion);
    }

    @Test
    void formatPassesAWellFormedTaskAndGatesABadOne() throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds"))) {
            new Tasks("good", "Open the menu").step("pyautogui.click(x=0.5, y=0.5)").step("computer.terminate(status='success')").into(dataset);
            Tasks bad = new Tasks("bad", "Open the menu").step("pyautogui.click(x=0.5, y=0.5)").step("").step("pyautogui.press('esc')");
            ((com.fasterxml.jackson.databind.node.ObjectNode) bad.json().withArray("traj").get(2)).put("index", 5);
            ((com.fasterxml.jackson.databind.node.ObjectNode) bad.json().withArray("traj").get(0)).remove("image");
            bad.into(dataset);
            Dataset.StoredScore good = run(dataset, "format", "good");
            assertEquals(1.0, good.value());
            assertEquals("well formed: 2 steps, each with its code and a readable image", good.reason());
            Dataset.StoredScore failed = dataset.scores().get("bad").get("format");
            assertEquals(0.0, failed.value());
            assertEquals("3 problems: step 0: no image; step 1: no code; step 2: index is 5, not 2 (indices must run 0, 1, 2...)",
                    failed.reason());
            assertTrue(failed.details().contains("\"flags\""), failed.details());
            assertEquals(0.0, dataset.read("bad").score("final_score"), "the gate");
        }
    }

    @Test
    void formatNamesAMissingImage() throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds"))) {
            Tasks task = new Tasks("t", "x");
            task.step("pyautogui.click(x=0.1, y=0.1)", null, null);
            task.into(dataset);
            assertEquals("1 problem: step 0: the image t_0.png is not in the dataset", run(dataset, "format", "t").reason());
        }
    }

    @Test
    void actionValidityFlagsWhatCannotHappen() throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds"))) {
            byte[] white = Tasks.screen(Color.WHITE, null);
            new Tasks("t", "Write a note")
                    .step("pyautogui.click(x=0.5, y=0.5)", white, "Files")
                    .step("pyautogui.hotkey('ctrl', 'florp')", white, "Files")
                    .step("pyautogui.moveTo(x=0.2, y=0.2)\npyautogui.dragTo(x=0.2, y=0.2, button='left')", white, "Files")
                    .step("pyautogui.write(message='hello')", white, "Save As")
                    .step("pyautogui.click(x=1.5, y=0.5)", white, "Save As")
                    .step("pyautogui.click(x=0.5, y=0.5)", white, "Save As")
                    .step("pyautogui.write(message='name')", white, "Save As")
                    .step("computer.terminate(status='success')", white, "Save As").into(dataset);
            Dataset.StoredScore score = run(dataset, "action_validity", "t");
            assertEquals(4 / 8.0, score.value(), 1e-9);
            assertEquals("4 of 8 steps could not happen; first: step 1, unknown key florp", score.reason());
            assertTrue(score.details().contains("a drag of zero length"), score.details());
            assertTrue(score.details().contains("typing into \\\"Save As\\\", which appeared and was not clicked first"), score.details());
            assertTrue(score.details().contains("outside [0,1]"), score.details());
        }
    }

    @Test
    void whereElementsWereCapturedAClickOnNoneIsFlaggedButStillPossible() throws Exception {
        Task task = Task.parse("""
                {"task_id": "e", "instruction": "Save", "traj": [
                 {"index": 0, "value": {"code": "pyautogui.click(x=0.5, y=0.5)"}, "element": {"role": "push button", "name": "Save", "bbox": [0.4, 0.4, 0.2, 0.2]}},
                 {"index": 1, "value": {"code": "pyautogui.click(x=0.9, y=0.9)"}},
                 {"index": 2, "value": {"code": "computer.terminate(status='success')"}}]}""");
        Score score = ScoringCriteria.get().find("action_validity").orElseThrow().criterion().score(ScoringCriterionContract.input(task));
        assertEquals(1.0, score.value().doubleValue(), 1e-9, "a click on nothing known is not impossible");
        assertEquals(1, score.flags().size(), score.flags().toString());
        assertEquals(1, score.flags().get(0).step());
        assertTrue(score.reason().endsWith("1 clicks met no element"), score.reason());
    }

    @Test
    void screenChangeCatchesADeadClick() throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds"))) {
            byte[] plain = Tasks.screen(Color.WHITE, null);
            byte[] menu = Tasks.screen(Color.WHITE, new int[] { 200, 150 });
            byte[] grey = Tasks.screen(Color.LIGHT_GRAY, null);
            new Tasks("live", "Open the menu").step("pyautogui.click(x=0.5, y=0.5)", plain, null)
                    .step("computer.terminate(status='success')", menu, null).into(dataset);
            new Tasks("dead", "Open the menu").step("pyautogui.click(x=0.5, y=0.5)", grey, null)
                    .step("pyautogui.click(x=0.9, y=0.9)", grey, null)
                    .step("pyautogui.write(message='x')", plain, null)
                    .step("computer.terminate(status='success')", plain, null).into(dataset);
            assertEquals(1.0, run(dataset, "screen_change", "live").value());
            Dataset.StoredScore dead = dataset.scores().get("dead").get("screen_change");
            assertEquals(1 / 3.0, dead.value(), 1e-9);
            assertEquals("2 of 3 clicks and typings changed nothing; first: step 0", dead.reason());
        }
    }

    @Test
    void aCriterionThatThrowsGivesAnErrorAndTheRunGoesOn() throws Exception {
        ScoringCriteria.get().add(new ScoringCriteria.Descriptor("broken", "Broken", 1, false, new ScoringCriterion() {
            @Override
            public String version() {
                return "1";
            }

            @Override
            public Score score(TaskInput task) {
                throw new IllegalStateException("boom");
            }
        }));
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds"))) {
            new Tasks("t", "x").step("pyautogui.click(x=0.5, y=0.5)").into(dataset);
            ScoreOperation.Report report = new ScoreOperation(dataset, List.of(ScoringCriteria.get().find("broken").orElseThrow(),
                    ScoringCriteria.get().find("action_validity").orElseThrow()), Weights.defaults(ScoringCriteria.get().all()), null,
                    new ScoreOperation.Options(1, false, null)).run(Progress.NONE);
            assertEquals(1, report.criterionErrors());
            assertTrue(report.errors().get(0).message().contains("boom"), report.errors().toString());
            assertNull(dataset.scores().get("t").get("broken").value());
            assertEquals(1.0, dataset.scores().get("t").get("action_validity").value());
            assertEquals(1.0, dataset.read("t").score("final_score"), "the failed criterion does not count");
        } finally {
            ScoringCriteria.get().remove("broken");
        }
    }
}
