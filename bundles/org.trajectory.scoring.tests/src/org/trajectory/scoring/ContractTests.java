package org.trajectory.scoring;

import org.junit.jupiter.api.Nested;
import org.trajectory.model.Task;
import org.trajectory.scoring.internal.criteria.ActionValidityCriterion;
import org.trajectory.scoring.kit.ScoringCriterionContract;

/** The built-in local criteria against the published contract (the example plugin's test bundle runs it on its own). */
class ContractTests {

    @Nested
    class ActionValidity extends ScoringCriterionContract {
        @Override
        protected ScoringCriterion criterion() {
            return new ActionValidityCriterion();
        }

        @Override
        protected Task good() {
            return task("g", "x", "pyautogui.click(x=0.5, y=0.5)", "pyautogui.hotkey('ctrl', 's')");
        }

        @Override
        protected Task bad() {
            return task("b", "x", "pyautogui.click(x=0.5, y=0.5)", "pyautogui.hotkey('ctrl', 'florp')");
        }
    }
}
