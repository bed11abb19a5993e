package org.trajectory.scoring.example.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.trajectory.model.Task;
import org.trajectory.scoring.Score;
import org.trajectory.scoring.ScoringCriteria;
import org.trajectory.scoring.ScoringCriterion;
import org.trajectory.scoring.kit.ScoringCriterionContract;

/**
 * What the developer guide tells a plugin author to write: a test bundle of its own that requires the plugin and the
 * published kit, extends the contract, and creates the criterion through the catalogue as the workbench does.
 */
class MinimumStepsCriterionTest extends ScoringCriterionContract {

    @Override
    protected ScoringCriterion criterion() {
        return ScoringCriteria.get().find("min_steps").orElseThrow().criterion();
    }

    @Override
    protected Task good() {
        return task("g", "x", "pyautogui.click(x=0.5, y=0.5)", "pyautogui.write(message='a')", "pyautogui.press('enter')",
                "computer.terminate(status='success')");
    }

    @Override
    protected Task bad() {
        return task("b", "x", "pyautogui.click(x=0.5, y=0.5)", "computer.terminate(status='success')");
    }

    @Test
    void isInTheCatalogueWithItsNameWeightAndSetting() throws Exception {
        ScoringCriteria.Descriptor example = ScoringCriteria.get().find("min_steps").orElseThrow();
        assertEquals("Enough steps, none redundant", example.name());
        assertEquals(0.1, example.defaultWeight());
        assertEquals("1-min3", example.criterion().version(), "the setting in plugin.xml reached the constructor");
        Score bad = example.criterion().score(input(bad()));
        assertEquals("1 action, fewer than 3", bad.reason());
        List<String> ids = ScoringCriteria.get().all().stream().map(ScoringCriteria.Descriptor::id).toList();
        assertTrue(ids.containsAll(List.of("format", "action_validity", "min_steps")), ids.toString());
    }
}
