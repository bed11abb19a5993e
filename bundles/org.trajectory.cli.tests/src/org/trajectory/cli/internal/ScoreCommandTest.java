package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.cli.Command;
import org.trajectory.dataset.Dataset;
import org.trajectory.model.Json;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code score} as a script runs it: the local criteria, incremental, weights from the command line. */
class ScoreCommandTest extends CommandTestBase {


    @Test
    void scoresTheLocalCriteriaIncrementally(@TempDir Path temp) throws Exception {
        Path jsonl = temp.resolve("tasks.jsonl");
        Files.writeString(jsonl, """
                {"task_id": "a", "instruction": "Open the menu", "traj": [{"index": 0, "value": {"code": "pyautogui.click(x=0.5, y=0.5)"}}]}
                {"task_id": "b", "instruction": "Copy", "traj": [{"index": 0, "value": {"code": "pyautogui.hotkey('ctrl', 'florp')"}}, {"index": 1, "value": {"code": "pyautogui.press('enter')"}}]}
                """);
        Path dataset = temp.resolve("ds");
        // Import asks the same check as action validity: the unknown key is reported there already, and the task kept.
        assertEquals(Command.FAILED, run("import", jsonl.toString(), "--dataset", dataset.toString(), "--no-images"), err.toString());
        assertTrue(err.toString().contains("tasks.jsonl:2: step 0: code 1:1: unknown key florp"), err.toString());
        assertEquals(Command.OK, run("score", "--dataset", dataset.toString(), "--criteria", "action_validity", "--json"), err.toString());
        JsonNode report = Json.MAPPER.readTree(out.toString(StandardCharsets.UTF_8));
        assertEquals(2, report.path("scored").asInt());
        try (Dataset opened = Dataset.open(dataset)) {
            assertEquals(0.5, opened.scores().get("b").get("action_validity").value());
            assertEquals(0.5, opened.read("b").score("final_score"));
        }
        assertEquals(Command.OK, run("score", "--dataset", dataset.toString(), "--criteria", "action_validity"));
        assertTrue(out.toString().startsWith("scored 0 tasks by action_validity, 2 already up to date"), out.toString());

        assertEquals(Command.USAGE, run("score", "--dataset", dataset.toString(), "--criteria", "nope"));
        assertTrue(err.toString().contains("no criterion 'nope'"), err.toString());
        assertEquals(Command.USAGE, run("score", "--dataset", dataset.toString(), "--weights", "format=-1"));
        assertEquals(Command.OK, run("score", "--dataset", dataset.toString(), "--criteria", "coherence"));
        assertTrue(err.toString().contains("skipped coherence (needs a model: choose a provider)"), err.toString());
    }
}
