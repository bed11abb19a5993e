package org.trajectory.scoring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.trajectory.scoring.criteria.ActionValidityCriterion;

/** The built-in local criteria and the example plugin's criterion against the contract. */
class ContractTests {

    @Nested
    class ActionValidity extends ScoringCriterionContract {
        @Override
        ScoringCriterion criterion() {
            return new ActionValidityCriterion();
        }

        @Override
        Tasks good() {
            return new Tasks("g", "x").step("pyautogui.click(x=0.5, y=0.5)").step("pyautogui.hotkey('ctrl', 's')");
        }

        @Override
        Tasks bad() {
            return new Tasks("b", "x").step("pyautogui.click(x=0.5, y=0.5)").step("pyautogui.hotkey('ctrl', 'florp')");
        }
    }

    /** The example bundle's criterion, created through the registry as the workbench creates it. */
    @Nested
    class ExamplePlugin extends ScoringCriterionContract {
        @Override
        ScoringCriterion criterion() throws Exception {
            return ScoringCriteria.get().find("min_steps").orElseThrow().criterion();
        }

        @Override
        Tasks good() {
            return new Tasks("g", "x").step("pyautogui.click(x=0.5, y=0.5)").step("pyautogui.write(message='a')")
                    .step("pyautogui.press('enter')").step("computer.terminate(status='success')");
        }

        @Override
        Tasks bad() {
            return new Tasks("b", "x").step("pyautogui.click(x=0.5, y=0.5)").step("computer.terminate(status='success')");
        }

        @Test
        void isDiscoveredThroughTheRegistryWithItsSettings() throws Exception {
            ScoringCriteria.Descriptor example = ScoringCriteria.get().find("min_steps").orElseThrow();
            assertEquals("Enough steps, none redundant", example.name());
            assertEquals(0.1, example.defaultWeight());
            assertEquals("1-min3", example.criterion().version(), "the :3 of plugin.xml reached the criterion");
            Score bad = example.criterion().score(input(bad().task()));
            assertEquals("1 action, fewer than 3", bad.reason());
            List<String> ids = ScoringCriteria.get().all().stream().map(ScoringCriteria.Descriptor::id).toList();
            assertEquals(List.of("format", "action_validity", "screen_change", "coherence", "completion", "novelty", "min_steps"), ids);
        }
    }
}
