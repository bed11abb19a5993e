package org.trajectory.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.trajectory.evaluation.AgentNetBench.Version;
import org.trajectory.evaluation.internal.BenchAction;
import org.trajectory.evaluation.internal.Evaluator;
import org.trajectory.evaluation.internal.Trajectory;
import org.trajectory.model.Task;

/**
 * AgentNetBench step scores worked by hand from the published rules (eval.py, before and after PR #56). The expected
 * figures are written out as the arithmetic a reader would do.
 */
class AgentNetBenchTest {

    private static final double THRESHOLD = 0.01 * Math.sqrt(2);

    private static double score(Version version, List<BenchAction> reference, List<BenchAction> predicted) {
        return new AgentNetBench(version).score(reference, predicted).total();
    }

    private static void bothVersions(double expected, List<BenchAction> reference, List<BenchAction> predicted) {
        assertEquals(expected, score(Version.V2025, reference, predicted), 1e-9, "2025");
        assertEquals(expected, score(Version.V2026, reference, predicted), 1e-9, "2026");
    }

    @Test
    void pointerActionsScoreByDistanceUnlessInsideTheElementBox() {
        List<BenchAction> reference = List.of(BenchAction.pointer("click", 0.5, 0.5));
        bothVersions(1.0, reference, List.of(BenchAction.pointer("click", 0.51, 0.51))); // d = 0.01414... <= threshold
        bothVersions(Math.exp(-120 * (0.02 - THRESHOLD)), reference, List.of(BenchAction.pointer("click", 0.52, 0.5)));
        assertEquals(0.4951256, score(Version.V2026, reference, List.of(BenchAction.pointer("click", 0.52, 0.5))), 1e-6);
        List<BenchAction> boxed = List.of(BenchAction.pointer("click", 0.5, 0.5).withBoxes(List.of(new double[] {0.4, 0.4, 0.3, 0.3})));
        bothVersions(1.0, boxed, List.of(BenchAction.pointer("click", 0.69, 0.69)));
        bothVersions(0.0, reference, List.of(BenchAction.pointer("doubleclick", 0.5, 0.5)));
    }

    @Test
    void writeByEditSimilarityWithTheEnterMerged() {
        List<BenchAction> hello = List.of(BenchAction.write("Hello World"));
        bothVersions(1.0, hello, List.of(BenchAction.write("hello wrld "))); // 1 - 1/11 = 0.91 >= 0.8
        bothVersions((1 - 8.0 / 11) / 0.8, hello, List.of(BenchAction.write("help"))); // 8 edits over 11: 0.2727 / 0.8
        // the reference's write + Enter is one write; the newline is then stripped, so a bare write scores 1, not 1/2
        bothVersions(1.0, List.of(BenchAction.write("abc"), BenchAction.keys("press", List.of("enter"))), List.of(BenchAction.write("abc")));
        // Python's strip() removes a no-break space at the ends, which Java's strip() keeps: "ab\u00a0" is "ab" to the original
        bothVersions(1.0, List.of(BenchAction.write("ab")), List.of(BenchAction.write("ab\u00a0")));
        assertEquals("ab", AgentNetBench.pythonStrip("\u2007\u0085 ab\u202f\u00a0\n"));
    }

    @Test
    void aStepWithNothingPredictedCountsZeroAndInNoTypesMean() {
        AgentNetBench.StepScore none = new AgentNetBench(Version.V2025).score(List.of(BenchAction.write("abc")), List.of());
        assertEquals(0.0, none.total());
        assertEquals(Map.of(), none.byType(), "reeval.py averages a type over the steps that predicted something");
    }

    @Test
    void keysAreSetsIn2025AndOrderedListsWithRepeatsIn2026() {
        List<BenchAction> paste = List.of(BenchAction.keys("hotkey", List.of("ctrl", "v")));
        List<BenchAction> swapped = List.of(BenchAction.keys("hotkey", List.of("V", "ctrl")));
        assertEquals(1.0, score(Version.V2025, paste, swapped));
        assertEquals(0.0, score(Version.V2026, paste, swapped));
        List<BenchAction> twice = List.of(BenchAction.keys("press", List.of("down", "down")));
        List<BenchAction> once = List.of(BenchAction.keys("press", List.of("down")));
        assertEquals(1.0, score(Version.V2025, twice, once));
        assertEquals(0.0, score(Version.V2026, twice, once));
    }

    @Test
    void scrollIsTypeOnlyIn2025AndDirectionThenAmountRatioIn2026() {
        List<BenchAction> downSix = List.of(BenchAction.scroll(-6));
        assertEquals(1.0, score(Version.V2025, downSix, List.of(BenchAction.scroll(3))));
        assertEquals(0.0, score(Version.V2026, downSix, List.of(BenchAction.scroll(3))));
        assertEquals(0.5, score(Version.V2026, downSix, List.of(BenchAction.scroll(-3))));
        assertEquals(0.0, score(Version.V2026, downSix, List.of(BenchAction.scroll(0))));
    }

    @Test
    void extraPredictedActionsCostOnlyIn2026() {
        List<BenchAction> click = List.of(BenchAction.pointer("click", 0.5, 0.5));
        List<BenchAction> clickAndMore = List.of(BenchAction.pointer("click", 0.5, 0.5), BenchAction.write("unexpected"));
        assertEquals(1.0, score(Version.V2025, click, clickAndMore));
        assertEquals(0.5, score(Version.V2026, click, clickAndMore)); // 1 reference / 2 predicted
    }

    @Test
    void typesAreAveragedFirstThenAcrossTypes() {
        List<BenchAction> reference = List.of(BenchAction.pointer("click", 0.2, 0.2), BenchAction.write("abc"),
                BenchAction.pointer("click", 0.5, 0.5));
        List<BenchAction> predicted = List.of(BenchAction.pointer("click", 0.2, 0.2), BenchAction.write("abd"),
                BenchAction.pointer("click", 0.6, 0.5));
        double clicks = (1 + Math.exp(-120 * (0.1 - THRESHOLD))) / 2; // 0.50002
        double write = (1 - 1.0 / 3) / 0.8; // 0.8333
        AgentNetBench.StepScore score = new AgentNetBench(Version.V2026).score(reference, predicted);
        assertEquals(clicks, score.byType().get("click"), 1e-9);
        assertEquals(write, score.byType().get("write"), 1e-9);
        assertEquals((clicks + write) / 2, score.total(), 1e-9); // 0.66668, not the mean of three actions
    }

    @Test
    void aWrongFirstTypeOrAnEmptyPredictionScoresZeroAndTerminateByStatus() {
        List<BenchAction> reference = List.of(BenchAction.pointer("click", 0.5, 0.5), BenchAction.write("x"));
        AgentNetBench.StepScore wrongFirst = new AgentNetBench(Version.V2026).score(reference,
                List.of(BenchAction.scroll(-1), BenchAction.write("x")));
        assertEquals(0.0, wrongFirst.total());
        assertEquals(Map.of("click", 0.0, "write", 0.0), wrongFirst.byType());
        bothVersions(0.0, reference, List.of());
        List<BenchAction> done = List.of(BenchAction.terminate("success"));
        bothVersions(1.0, done, List.of(BenchAction.terminate("success")));
        bothVersions(0.0, done, List.of(BenchAction.terminate("failure")));
        assertEquals(0.5, score(Version.V2026, done, List.of(BenchAction.terminate("success"), BenchAction.pointer("click", 0, 0))));
    }

    @Test
    void theBoxOfTheElementARecordingCapturedGivesFullCreditInsideIt() throws Exception {
        Task recorded = Task.parse("""
                {"task_id": "r", "instruction": "Save", "traj": [{"index": 0, "value": {"code": "pyautogui.click(x=0.5000, y=0.5000)"},
                 "element": {"role": "push button", "name": "Save", "bbox": [0.4, 0.4, 0.3, 0.3], "cause": "press"}}]}""");
        List<BenchAction> reference = BenchAction.of(Trajectory.of(recorded).steps().get(0).way());
        bothVersions(1.0, reference, List.of(BenchAction.pointer("click", 0.69, 0.69))); // far, but on the button
        bothVersions(0.0, reference, List.of(BenchAction.pointer("click", 0.71, 0.71)));
    }

    @Test
    void eachReferenceActionHasItsOwnBoxesAndTheBestAlternativeCounts() throws Exception {
        Task bench = Task.parse("""
                {"task_id": "b", "instruction": "Drag", "traj": [{"index": 0, "value": {"code": "pyautogui.moveTo(x=0.1, y=0.1)\\npyautogui.dragTo(x=0.9, y=0.9, button='left')"},
                 "action_bboxes": [[[0.0, 0.0, 0.5, 0.5]], []],
                 "alternatives": [{"code": "pyautogui.doubleClick(x=0.3, y=0.3)", "action_bboxes": [[[0.2, 0.2, 0.2, 0.2]]]}]}]}""");
        Trajectory.StepActions step = Trajectory.of(bench).steps().get(0);
        List<BenchAction> reference = BenchAction.of(step.way());
        // the box belongs to the moveTo: inside it the moveTo scores 1, the dragTo is scored by distance alone
        AgentNetBench.StepScore score = new AgentNetBench(Version.V2025).score(reference,
                List.of(BenchAction.pointer("moveto", 0.4, 0.4), BenchAction.pointer("dragto", 0.4, 0.4)));
        assertEquals(1.0, score.byType().get("moveto"));
        assertTrue(score.byType().get("dragto") < 1e-9, "the moveTo's box gives the dragTo no credit");
        assertEquals(1, step.alternatives().size());
        Evaluator evaluator = new Evaluator(null, new AgentNetBench(Version.V2025));
        Trajectory predicted = Trajectory.of(Task.parse("""
                {"task_id": "b", "instruction": "Drag", "traj": [{"index": 0, "value": {"code": "pyautogui.doubleClick(x=0.39, y=0.21)"}}]}"""));
        assertEquals(1.0, evaluator.evaluate(Trajectory.of(bench), predicted).steps().get(0).total(), "inside the alternative's box");
    }

    @Test
    void the2025RulesLeaveAMatchedTypeTheyHaveNoRuleForOutOfTheMean() {
        List<BenchAction> reference = List.of(BenchAction.pointer("click", 0.5, 0.5), BenchAction.keys("keydown", List.of("shift")));
        List<BenchAction> matched = List.of(BenchAction.pointer("click", 0.5, 0.5), BenchAction.keys("keydown", List.of("shift")));
        assertEquals(Map.of("click", 1.0), new AgentNetBench(Version.V2025).score(reference, matched).byType());
        assertEquals(Map.of("click", 1.0, "keydown", 1.0), new AgentNetBench(Version.V2026).score(reference, matched).byType());
        List<BenchAction> missing = List.of(BenchAction.pointer("click", 0.5, 0.5));
        assertEquals(Map.of("click", 1.0, "keydown", 0.0), new AgentNetBench(Version.V2025).score(reference, missing).byType());
    }
}
