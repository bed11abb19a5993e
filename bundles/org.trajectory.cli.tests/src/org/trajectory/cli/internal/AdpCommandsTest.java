package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.cli.Command;
import org.trajectory.model.Json;

import com.fasterxml.jackson.databind.JsonNode;

/** The Agent Data Protocol through the commands: ADP's own layout read, and AgentNet to ADP and back exactly. */
class AdpCommandsTest extends CommandTestBase {

    /** A record with what ADP's content cannot hold: step texts, flags, an element, extra fields, uncanonical code, no screenshot. */
    private static final String RECORD = """
            {"task_id": "notes-1", "instruction": "Save the notes", "natural_language_task": "save my notes", "task_completed": true, \
            "alignment_score": 8, "domain": "Work", "traj": [\
            {"index": 0, "image": "a.png", "value": {"code": "pyautogui.click(x=0.5, y=0.5)", "observation": "An editor.", "thought": "Open the menu.", \
            "action": "Click File", "reflection": "ok", "last_step_correct": true}, "element": {"role": "menu", "bbox": [0.4, 0.4, 0.2, 0.2]}}, \
            {"index": 1, "image": "b.png", "value": {"code": "pyautogui.write(message='notes.txt')\\npyautogui.press('enter')", "thought": "Name it."}}, \
            {"index": 2, "value": {"code": "pyautogui.hotkey('ctrl', 's')"}}, \
            {"index": 3, "value": {"code": "pyautogui.explode(3)", "thought": "Odd."}}, \
            {"index": 4, "image": "c.png", "value": {"code": "computer.terminate(status='success')"}}]}""";

    @Test
    void agentNetGoesToAdpAndComesBackExactly(@TempDir Path temp) throws Exception {
        Path images = Files.createDirectories(temp.resolve("images"));
        for (String name : List.of("a.png", "b.png", "c.png")) {
            Files.write(images.resolve(name), BenchmarkCommandsTest.png(name.hashCode()));
        }
        Path jsonl = Files.writeString(temp.resolve("notes.jsonl"), RECORD + "\n");
        Path first = temp.resolve("first");
        run("import", jsonl.toString(), "--dataset", first.toString());
        Path adp = temp.resolve("adp").resolve("notes_adp.jsonl");
        assertEquals(Command.FAILED, run("export", "--review", "any", "--set", "personal_data=keep", "--dataset", first.toString(), "--format", "adp", "--out", adp.toString()), err());
        assertTrue(err().contains("task notes-1 step 3: code 1:1: unknown action 'pyautogui.explode'; its actions are left out of the ADP content"), err());
        JsonNode trajectory = Json.MAPPER.readTree(Files.readAllLines(adp).get(0));
        assertEquals("1.2.0", trajectory.path("schema_version").asText());
        assertEquals("text_observation", trajectory.path("content").get(0).path("class_").asText());
        assertEquals("datasets/agentnet/screenshots/a.png", trajectory.path("content").get(1).path("content").asText());
        assertEquals("{\"x\":0.5,\"y\":0.5}", trajectory.path("content").get(2).path("kwargs").toString());
        assertEquals("Open the menu.", trajectory.path("content").get(2).path("description").asText(), "the thought, as ADP's converter puts it");
        assertEquals("True", trajectory.path("details").path("task_completed").asText(), "scores as ADP's converter writes them");
        assertTrue(Files.isRegularFile(adp.resolveSibling("screenshots").resolve("a.png")));

        Path second = temp.resolve("second");
        assertEquals(Command.FAILED, run("import", adp.toString(), "--dataset", second.toString()), "the unknown action is said again: " + err());
        Path back = temp.resolve("back").resolve("back.jsonl");
        assertEquals(Command.OK, run("export", "--review", "any", "--set", "personal_data=keep", "--dataset", second.toString(), "--out", back.toString()), err());
        assertEquals("", BenchmarkCommandsTest.difference("", Json.MAPPER.readTree(RECORD), Json.MAPPER.readTree(Files.readAllLines(back).get(0))),
                "AgentNet to ADP and back is exact");
        assertEquals(Files.readAllBytes(images.resolve("b.png")).length, Files.size(back.resolveSibling("images").resolve("b.png")));
    }

    @Test
    void readsTrajectoriesAsAdpsOwnConverterWritesThem(@TempDir Path temp) throws Exception {
        Path list = Files.writeString(temp.resolve("sample_std.json"), """
                [{"schema_version": "1.2.0", "id": "20240927_a", "content": [
                  {"reward": null, "class_": "text_observation", "content": "sort the table", "source": "user"},
                  {"reward": null, "class_": "image_observation", "content": "datasets/agentnet/screenshots/0.png", "annotations": null, "source": "user"},
                  {"reasoning_content": null, "reward": null, "class_": "api_action", "function": "click", "kwargs": {"x": 0.16, "y": 0.27}, "description": "Open it."},
                  {"reward": null, "class_": "image_observation", "content": "datasets/agentnet/screenshots/1.png", "annotations": null, "source": "user"},
                  {"reasoning_content": null, "reward": null, "class_": "api_action", "function": "hotkey", "kwargs": {"keys": ["ctrl", "a"]}, "description": ""},
                  {"reasoning_content": null, "reward": null, "class_": "api_action", "function": "press", "kwargs": {"key": "enter"}, "description": ""},
                  {"reasoning_content": null, "reward": null, "class_": "api_action", "function": "terminate", "kwargs": {"status": "success"}, "description": ""}],
                  "details": {"dataset": "agentnet", "task_completed": "False", "alignment_score": "7"}},
                 {"schema_version": "1.2.0", "id": "chat", "content": [{"class_": "message_action", "content": "hi"}], "details": {}},
                 {"schema_version": "1.2.0", "id": "broken", "content": [{"class_": "api_call"}], "details": {}}]
                """);
        Path dataset = temp.resolve("ds");
        assertEquals(Command.FAILED, run("import", list.toString(), "--dataset", dataset.toString(), "--json"), err());
        assertEquals(2, Json.MAPPER.readTree(out()).path("imported").asInt(), out());
        assertTrue(err().contains("sample_std.json:11: content[0].class_ 'api_call' is not one ADP defines"), err());
        assertEquals(Command.OK, run("show", "20240927_a", "--dataset", dataset.toString(), "--json"), err());
        JsonNode task = Json.MAPPER.readTree(out());
        assertEquals("sort the table", task.path("instruction").asText());
        assertEquals(false, task.path("task_completed").asBoolean(true));
        assertEquals(7.0, task.path("alignment_score").asDouble());
        assertEquals("pyautogui.click(x=0.1600, y=0.2700)", task.path("traj").get(0).path("value").path("code").asText());
        assertEquals("Open it.", task.path("traj").get(0).path("value").path("thought").asText());
        assertEquals("1.png", task.path("traj").get(1).path("image").asText());
        assertEquals("pyautogui.hotkey('ctrl', 'a')\npyautogui.press('enter')\ncomputer.terminate(status='success')",
                task.path("traj").get(1).path("value").path("code").asText());
        assertEquals(Command.OK, run("show", "chat", "--dataset", dataset.toString(), "--json"), err());
        assertEquals("hi", Json.MAPPER.readTree(out()).path("instruction").asText(), "a message before anything happened is the task");
    }

    /**
     * ADP's own GUI datasets, shaped as its converters write them: OmniACT's PyAutoGUI code_action (pixel points), an
     * Android trajectory opening with the goal as a message_action and acting with open_app and click, ending with the
     * agent's answer. What our records hold is kept; what they cannot is kept in the step as it came, with why.
     */
    @Test
    void importsWhatAdpsOwnGuiDatasetsHoldAndNamesWhatItCannot(@TempDir Path temp) throws Exception {
        Path list = Files.writeString(temp.resolve("sample_std.json"), """
                [{"schema_version": "1.5.0", "id": "train_0", "content": [
                  {"class_": "image_observation", "content": "data/web/asics/screen1.png", "annotations": [], "source": "environment"},
                  {"class_": "text_observation", "content": "Review the products added to the cart", "name": null, "source": "user"},
                  {"class_": "code_action", "language": "python", "content": "pyautogui.click(1288.5,116.0)", "description": "Output Script"}],
                  "available_code_languages": ["python"], "details": {}},
                 {"schema_version": "1.2.0", "id": "0", "content": [
                  {"class_": "message_action", "content": "Open the Zoho Meet app, view the scheduled meetings.", "description": null},
                  {"class_": "image_observation", "content": "0/screenshot_0.png", "annotations": [], "source": "user"},
                  {"class_": "api_action", "function": "open_app", "kwargs": {"app_name": "Zoho Meeting"}, "description": "Open the Zoho Meet app"},
                  {"class_": "image_observation", "content": "0/screenshot_1.png", "annotations": [], "source": "user"},
                  {"class_": "api_action", "function": "click", "kwargs": {"x": 0.25, "y": 0.5}, "description": "Open Upcoming"},
                  {"class_": "image_observation", "content": "0/screenshot_2.png", "annotations": [], "source": "user"},
                  {"class_": "code_action", "language": "python", "content": "pyautogui.write(message='standup')", "description": ""},
                  {"class_": "message_action", "content": "You have one meeting scheduled.", "description": null}], "details": {}}]
                """);
        Path dataset = temp.resolve("ds");
        run("import", list.toString(), "--dataset", dataset.toString(), "--json");
        assertEquals(2, Json.MAPPER.readTree(out()).path("imported").asInt(), out());
        assertTrue(err().contains("sample_std.json:1: step 0: kept aside in not_held: not a PyAutoGUI action our records hold"), err());
        assertEquals(2, err().split("kept aside in not_held", -1).length - 1, "OmniACT's pixel click and Android's open_app, each named: " + err());

        assertEquals(Command.OK, run("show", "train_0", "--dataset", dataset.toString(), "--json"), err());
        JsonNode omniact = Json.MAPPER.readTree(out());
        assertEquals("Review the products added to the cart", omniact.path("instruction").asText());
        JsonNode notHeld = omniact.path("traj").get(0).path("not_held").get(0);
        assertEquals("pyautogui.click(1288.5,116.0)", notHeld.path("content").asText(), "kept as it came");
        assertTrue(notHeld.path("not_held_because").asText().startsWith("not a PyAutoGUI action our records hold"), notHeld.toString());
        assertEquals("screen1.png", omniact.path("traj").get(0).path("image").asText(), "the step and its screenshot stay");

        assertEquals(Command.OK, run("show", "0", "--dataset", dataset.toString(), "--json"), err());
        JsonNode android = Json.MAPPER.readTree(out());
        assertEquals("Open the Zoho Meet app, view the scheduled meetings.", android.path("instruction").asText());
        assertEquals("You have one meeting scheduled.", android.path("final_answer").asText());
        assertEquals(3, android.path("traj").size());
        assertEquals("open_app", android.path("traj").get(0).path("not_held").get(0).path("function").asText());
        assertEquals("pyautogui.click(x=0.2500, y=0.5000)", android.path("traj").get(1).path("value").path("code").asText());
        assertEquals("Open Upcoming", android.path("traj").get(1).path("value").path("thought").asText());
        assertEquals("pyautogui.write(message='standup')", android.path("traj").get(2).path("value").path("code").asText());
    }
}
