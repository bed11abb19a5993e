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
import com.fasterxml.jackson.databind.node.ArrayNode;

/** AgentNetBench through the commands a user types: its task files in and out, and a benchmark made from our own task. */
class BenchmarkCommandsTest extends CommandTestBase {

    private static final Path SAMPLE = Path.of("../../../shared/fixtures/opencua-agentnetbench/sample_data").toAbsolutePath().normalize();

    @Test
    void theSampleTasksImportExportAsTheyWereAndScoreOneAgainstThemselves(@TempDir Path temp) throws Exception {
        Path images = Files.createDirectories(temp.resolve("images"));
        try (var listing = Files.list(SAMPLE)) {
            for (Path file : listing.filter(f -> f.toString().endsWith(".json")).toList()) {
                for (JsonNode step : Json.MAPPER.readTree(file.toFile()).path("steps")) {
                    Files.write(images.resolve(step.path("image").asText()), png(step.path("image").asText().hashCode()));
                }
            }
        }
        Path dataset = temp.resolve("bench");
        assertEquals(Command.OK, run("import", SAMPLE.toString(), "--dataset", dataset.toString(), "--images", images.toString(), "--json"), err());
        JsonNode imported = Json.MAPPER.readTree(out());
        assertEquals(5, imported.path("imported").asInt(), out());
        assertEquals(0, imported.path("problems").asInt(), out());

        assertEquals(Command.OK, run("evaluate", "--reference", dataset.toString(), "--predicted", dataset.toString(), "--metric",
                "agentnetbench", "--rules", "2025", "--json"), err());
        assertEquals(1.0, Json.MAPPER.readTree(out()).path("agentnetbench").path("score").asDouble(), out());

        Path exported = temp.resolve("exported");
        assertEquals(Command.OK, run("export", "--set", "personal_data=keep", "--dataset", dataset.toString(), "--format", "agentnetbench", "--out", exported.toString(), "--review", "any"), err());
        int files = 0;
        try (var listing = Files.list(SAMPLE)) {
            for (Path original : listing.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                JsonNode want = Json.MAPPER.readTree(original.toFile());
                JsonNode got = Json.MAPPER.readTree(exported.resolve(original.getFileName()).toFile());
                assertEquals("", difference("", want, got), original.getFileName() + " comes back as it was, its boxes' abs_bbox, area and category_id too");
                files++;
            }
        }
        assertEquals(5, files);
        try (var listing = Files.list(exported.resolve("images"))) {
            assertEquals(54, listing.count(), "every screenshot went out beside the task files");
        }
    }

    @Test
    void predictedCodeIsReadAsPyAutoGuiRunsItOrAsOpenCuasAgentReadsIt(@TempDir Path temp) throws Exception {
        Path reference = temp.resolve("copy.jsonl");
        Files.writeString(reference, "{\"task_id\": \"c\", \"instruction\": \"Copy\", \"traj\": [{\"index\": 0, \"value\": {\"code\":"
                + " \"pyautogui.hotkey('ctrl', 'c')\"}}]}\n");
        Path predicted = temp.resolve("model.jsonl");
        Files.writeString(predicted, "{\"task_id\": \"c\", \"instruction\": \"Copy\", \"traj\": [{\"index\": 0, \"value\": {\"code\":"
                + " \"pyautogui.press(['command', 'c'])\"}}]}\n");
        String[] evaluate = {"evaluate", "--reference", reference.toString(), "--predicted", predicted.toString(), "--metric", "agentnetbench",
            "--rules", "2025", "--json"};
        assertEquals(Command.OK, run(evaluate), err());
        assertEquals(0.0, Json.MAPPER.readTree(out()).path("agentnetbench").path("score").asDouble(), "two keys pressed in turn are no hotkey");
        String[] asOpenCua = java.util.stream.Stream.concat(java.util.Arrays.stream(evaluate), java.util.stream.Stream.of("--read-as", "opencua"))
                .toArray(String[]::new);
        assertEquals(Command.OK, run(asOpenCua), err());
        assertEquals(1.0, Json.MAPPER.readTree(out()).path("agentnetbench").path("score").asDouble(), "OpenCUA's agent reads ctrl+c");
        assertEquals(Command.USAGE, run("evaluate", "--reference", reference.toString(), "--predicted", predicted.toString(), "--read-as", "python"));
        assertTrue(err().startsWith("workbench evaluate: no reading 'python' (there are pyautogui and opencua)"), err());
    }

    /** Where two JSON values first differ (a path and both values), or nothing when they are equal. */
    static String difference(String path, JsonNode want, JsonNode got) {
        if (want.equals(got)) {
            return "";
        }
        if (want.isObject() && got.isObject()) {
            var names = new java.util.TreeSet<String>();
            want.fieldNames().forEachRemaining(names::add);
            got.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                String inner = difference(path + "." + name, want.path(name), got.path(name));
                if (!inner.isEmpty()) {
                    return inner;
                }
            }
        } else if (want.isArray() && got.isArray() && want.size() == got.size()) {
            for (int i = 0; i < want.size(); i++) {
                String inner = difference(path + "[" + i + "]", want.get(i), got.get(i));
                if (!inner.isEmpty()) {
                    return inner;
                }
            }
        }
        return path + ": " + want + " became " + got;
    }

    /** A PNG of one pixel whose colour is {@code rgb}. */
    static byte[] png(int rgb) throws java.io.IOException {
        java.awt.image.BufferedImage image = new java.awt.image.BufferedImage(1, 1, java.awt.image.BufferedImage.TYPE_INT_RGB);
        image.setRGB(0, 0, rgb);
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        javax.imageio.ImageIO.write(image, "png", bytes);
        return bytes.toByteArray();
    }

    @Test
    void aBenchmarkMadeFromARecordedTaskGivesCreditInsideTheElementItCaptured(@TempDir Path temp) throws Exception {
        Path recorded = temp.resolve("recorded.jsonl");
        Files.writeString(recorded, """
                {"task_id": "save-1", "instruction": "Save the file", "screen_width": 1000, "screen_height": 500, "traj": [\
                {"index": 0, "value": {"code": "pyautogui.click(x=0.5, y=0.5)", "action": "Click Save"},\
                 "element": {"role": "push button", "name": "Save", "bbox": [0.4, 0.45, 0.3, 0.1], "cause": "press"}},\
                {"index": 1, "value": {"code": "pyautogui.write(message='notes.txt')\\npyautogui.press('enter')", "action": "Name it"}},\
                {"index": 2, "value": {"code": "computer.terminate(status='success')"}}]}
                """);
        Path dataset = temp.resolve("ours");
        assertEquals(Command.OK, run("import", recorded.toString(), "--dataset", dataset.toString(), "--no-images"), err());
        Path benchmark = temp.resolve("benchmark");
        assertEquals(Command.OK, run("export", "--set", "personal_data=keep", "--dataset", dataset.toString(), "--format", "agentnetbench", "--out", benchmark.toString()), err());
        assertTrue(Files.notExists(benchmark.resolve("save-1.json")), "a benchmark publishes: only what review approved goes");
        assertEquals(Command.OK, run("review", "save-1", "--dataset", dataset.toString(), "--verdict", "approve", "--final"), err());
        assertEquals(Command.OK, run("export", "--set", "personal_data=keep", "--dataset", dataset.toString(), "--format", "agentnetbench", "--out", benchmark.toString(),
                "--force"), err());
        JsonNode file = Json.MAPPER.readTree(benchmark.resolve("save-1.json").toFile());
        ArrayNode box = (ArrayNode) file.path("steps").get(0).path("ground_truth_actions").get(0).path("metadata").path("bboxes").get(0).path("rel_bbox");
        assertEquals("[0.4,0.45,0.3,0.1]", box.toString(), "the captured element became the click's box");

        assertEquals(Command.OK, run("evaluate", "--reference", benchmark.resolve("save-1.json").toString(), "--predicted", recorded.toString(),
                "--metric", "agentnetbench", "--rules", "2025", "--json"), err());
        assertEquals(1.0, Json.MAPPER.readTree(out()).path("agentnetbench").path("score").asDouble(), "the task against its own benchmark");

        Path near = temp.resolve("near.jsonl");
        Files.writeString(near, Files.readString(recorded).replace("x=0.5, y=0.5", "x=0.69, y=0.54"));
        assertEquals(Command.OK, run("evaluate", "--reference", benchmark.resolve("save-1.json").toString(), "--predicted", near.toString(),
                "--metric", "agentnetbench", "--rules", "2025", "--json"), err());
        JsonNode steps = Json.MAPPER.readTree(out()).path("tasks").get(0).path("step_scores");
        assertEquals(1.0, steps.get(0).asDouble(), "far from the point, but on the button: " + steps);
        assertTrue(err().isEmpty() || !err().contains("problem"), err());
    }
}
