package org.trajectory.dataset;

import org.junit.jupiter.api.Nested;
import org.trajectory.dataset.kit.IntegrityCheckContract;

/** The contract, for each integrity check the workbench ships that a single task can show. */
class IntegrityCheckContractsTest {

    private static final String END = "{\"index\":9,\"value\":{\"code\":\"computer.terminate(status='success')\"}}";

    private static String task(String instruction, String... steps) {
        return "{\"task_id\":\"t\",\"instruction\":\"" + instruction + "\",\"traj\":[" + String.join(",", steps) + "]}";
    }

    private static String step(int index, String code, String sentence) {
        return "{\"index\":" + index + ",\"value\":{\"code\":\"" + code + "\"" + (sentence == null ? "" : ",\"action\":\"" + sentence + "\"") + "}}";
    }

    private static final String SOUND = task("Save", step(8, "pyautogui.click(x=0.5, y=0.5)", "Click Save"), END);

    @Nested
    class StepIndex extends IntegrityCheckContract {
        @Override protected String id() { return "step-index"; }
        @Override protected String soundTask() { return SOUND; }
        @Override protected String flawedTask() { return task("Save", step(5, "pyautogui.click(x=0.5, y=0.5)", null), END); }
    }

    @Nested
    class Instruction extends IntegrityCheckContract {
        @Override protected String id() { return "instruction"; }
        @Override protected String soundTask() { return SOUND; }
        @Override protected String flawedTask() { return task("", step(8, "pyautogui.click(x=0.5, y=0.5)", null), END); }
    }

    @Nested
    class PixelCoordinates extends IntegrityCheckContract {
        @Override protected String id() { return "pixel-coordinates"; }
        @Override protected String soundTask() { return SOUND; }
        @Override protected String flawedTask() { return task("Save", step(8, "pyautogui.click(x=640, y=400)", null), END); }
    }

    @Nested
    class Terminate extends IntegrityCheckContract {
        @Override protected String id() { return "terminate"; }
        @Override protected String soundTask() { return SOUND; }
        @Override protected String flawedTask() { return task("Save", step(0, "pyautogui.click(x=0.5, y=0.5)", null)); }
    }

    @Nested
    class DescribedAction extends IntegrityCheckContract {
        @Override protected String id() { return "described-action"; }
        @Override protected String soundTask() { return SOUND; }
        @Override protected String flawedTask() { return task("Save", step(8, "pyautogui.scroll(-3)", "Click Save"), END); }
    }
}
