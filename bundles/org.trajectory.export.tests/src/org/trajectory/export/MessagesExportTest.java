package org.trajectory.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.Dataset;
import org.trajectory.export.kit.ExportFixture;
import org.trajectory.model.Json;
import org.trajectory.model.operation.Progress;

import com.fasterxml.jackson.databind.JsonNode;

/** Chat samples: one per step, images that exist, earlier steps in order, the answer at the level asked for. */
class MessagesExportTest {

    @TempDir
    Path temp;

    private List<JsonNode> export(Dataset dataset, String name, Map<String, String> settings) throws Exception {
        Path out = temp.resolve(name);
        ExportOperation.Summary summary = new ExportOperation(dataset, Exporters.get().find("messages").orElseThrow(), out, settings, ExportFilter.ANY, null, false)
                .run(Progress.NONE);
        assertTrue(summary.result().cancelled() == false);
        List<JsonNode> samples = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("train.jsonl"))) {
            JsonNode sample = Json.MAPPER.readTree(line);
            for (JsonNode image : sample.path("images")) {
                assertTrue(Files.isRegularFile(out.resolve(image.asText())), "the sample's image exists: " + image);
            }
            samples.add(sample);
        }
        return samples;
    }

    @Test
    void oneSamplePerStepWithItsScreenshotAndTheEarlierStepsInOrder() throws Exception {
        try (Dataset dataset = ExportFixture.create(temp.resolve("ds"), 3)) {
            List<JsonNode> samples = export(dataset, "l2", Map.of("history", "1"));
            assertEquals(9, samples.size());
            JsonNode third = samples.get(2);
            assertEquals("task-0", third.path("task_id").asText());
            assertEquals(2, third.path("step").asInt());
            JsonNode messages = third.path("messages");
            assertEquals(List.of("system", "user", "assistant"), List.of(messages.get(0).path("role").asText(), messages.get(1).path("role").asText(),
                    messages.get(2).path("role").asText()));
            assertEquals("image", messages.get(1).path("content").get(0).path("type").asText());
            assertEquals("images/task-0_2.png", messages.get(1).path("content").get(0).path("image").asText());
            assertEquals("Task: Open the settings of application number 0\n\nPrevious steps:\n2. Click item 1 of task 0.",
                    messages.get(1).path("content").get(1).path("text").asText(), "a history of one step, the one before");
            assertEquals("## Thought:\nI should go on with step 2.\n\n## Action:\nClick item 2 of task 0.\n\n## Code:\n```python\n"
                    + "computer.terminate(status='success')\n```", messages.get(2).path("content").asText());

            JsonNode all = export(dataset, "all", Map.of("history", "all", "reasoning", "l1")).get(2);
            assertEquals("Task: Open the settings of application number 0\n\nPrevious steps:\n1. Click item 0 of task 0.\n2. Click item 1 of task 0.",
                    all.path("messages").get(1).path("content").get(1).path("text").asText());
            assertEquals("## Action:\nClick item 2 of task 0.\n\n## Code:\n```python\ncomputer.terminate(status='success')\n```",
                    all.path("messages").get(2).path("content").asText());
        }
    }

    @Test
    void aStepWithoutWhatItsLevelNeedsIsLeftOutAndReported() throws Exception {
        try (Dataset dataset = ExportFixture.create(temp.resolve("ds"), 2)) {
            Path out = temp.resolve("l3");
            ExportOperation.Summary summary = new ExportOperation(dataset, Exporters.get().find("messages").orElseThrow(), out, Map.of("reasoning", "l3"),
                    ExportFilter.ANY, null, false).run(Progress.NONE);
            assertEquals(4, summary.result().samples(), "the first step of each task has no reflection");
            assertEquals("task-0: step 0: no sample: the step has no reflection", summary.result().problems().get(0).toString());
            String answer = Json.MAPPER.readTree(Files.readAllLines(out.resolve("train.jsonl")).get(0)).path("messages").get(2).path("content").asText();
            assertTrue(answer.startsWith("## Observation:\nThe screen shows window 1.\n\n## Reflection:\nThe previous step worked.\n\n## Thought:"), answer);
        }
    }
}
