package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.cli.Command;
import org.trajectory.model.Json;

import com.fasterxml.jackson.databind.JsonNode;

class EvaluateCommandTest extends CommandTestBase {

    private static String task(String id, String... steps) {
        return "{\"task_id\":\"" + id + "\",\"instruction\":\"x\",\"screen_width\":1000,\"screen_height\":500,\"traj\":["
                + String.join(",", steps) + "]}\n";
    }

    private static String step(int index, String code, String action, String window) {
        return "{\"index\":" + index + ",\"image\":\"" + index + ".png\",\"window_title\":\"" + window + "\",\"value\":{\"code\":\""
                + code + "\",\"action\":\"" + action + "\"}}";
    }

    @Test
    void comparesByBothMetricsListsTasksWithoutACounterpartAndRefusesABadCommandLine(@TempDir Path temp) throws Exception {
        Path reference = temp.resolve("reference.jsonl");
        Path predicted = temp.resolve("predicted.jsonl");
        Files.writeString(reference, task("a", step(0, "pyautogui.click(x=0.5, y=0.5)", "Click the Save button", "gedit"),
                step(1, "pyautogui.write(message='hello')", "Type hello", "gedit")) + task("b", step(0, "pyautogui.scroll(-3)", "Scroll down", "Files")));
        Files.writeString(predicted, task("a", step(0, "pyautogui.click(x=0.504, y=0.5)", "Press the save button", "gedit"),
                step(1, "pyautogui.write(message='hello')", "Type hello", "gedit")) + task("c", step(0, "pyautogui.scroll(-3)", "Scroll down", "Files")));

        assertEquals(Command.FAILED, run("evaluate", "--reference", reference.toString(), "--predicted", predicted.toString()));
        assertTrue(errLines().contains("workbench evaluate: no predicted trajectory for the reference task b"), err());
        assertTrue(errLines().contains("workbench evaluate: no reference for the predicted task c"), err());
        assertTrue(out().contains("Recall (Operation)") && out().contains("AgentNetBench (2026 rules)"), out());

        Path mapping = temp.resolve("pairs.txt");
        Files.writeString(mapping, "# reference predicted\nb c\n");
        assertEquals(Command.OK, run("evaluate", "--reference", reference.toString(), "--predicted", predicted.toString(),
                "--mapping", mapping.toString(), "--json"));
        JsonNode json = Json.MAPPER.readTree(out());
        assertEquals(1.0, json.path("sharingan").path("overall").path("all_recall").asDouble(), "a paraphrase is the same action");
        assertEquals(1.0, json.path("agentnetbench").path("score").asDouble());
        assertEquals(4.0, json.path("agentnetbench").path("click_error_px").path("median").asDouble(), 1e-9, "0.004 of 1000 pixels");
        assertEquals("c", json.path("tasks").get(1).path("predicted_id").asText());

        Path dataset = temp.resolve("predicted-dataset");
        assertEquals(Command.OK, run("import", predicted.toString(), "--dataset", dataset.toString(), "--no-images"));
        assertEquals(Command.OK, run("evaluate", "--reference", reference.toString(), "--predicted", dataset.toString(),
                "--mapping", mapping.toString(), "--metric", "agentnetbench", "--rules", "2025", "--json"));
        JsonNode fromDataset = Json.MAPPER.readTree(out());
        assertEquals("2025", fromDataset.path("agentnetbench").path("version").asText());
        assertEquals(1.0, fromDataset.path("agentnetbench").path("score").asDouble(), "a dataset reads as the file it came from");
        assertTrue(fromDataset.path("sharingan").isMissingNode(), "only the metric asked for");

        assertEquals(Command.USAGE, run("evaluate", "--reference", reference.toString(), "--predicted", predicted.toString(), "--metric", "bleu"));
        assertTrue(err().startsWith("workbench evaluate: no metric 'bleu' (there are sharingan, agentnetbench and all); usage: workbench evaluate"), err());
        assertEquals(Command.USAGE, run("evaluate", "--reference", reference.toString(), "--predicted", predicted.toString(), "--threshold", "high"));
        assertTrue(err().startsWith("workbench evaluate: --threshold must be a number, not 'high'"), err());
        assertEquals(Command.USAGE, run("evaluate", "--reference", reference.toString()));
        assertTrue(err().startsWith("workbench evaluate: --predicted is required"), err());
        assertEquals(Command.FAILED, run("evaluate", "--reference", temp.resolve("none.jsonl").toString(), "--predicted", predicted.toString()));
        assertTrue(err().contains("none.jsonl: no such dataset folder or JSONL file"), err());
    }
}
