package org.trajectory.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.dataset.Dataset;
import org.trajectory.export.kit.ExportFixture;
import org.trajectory.model.Step;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;

/**
 * Nobody looked for personal data in a task changed since its scrub: every exporter leaves it out by default and says
 * how to include it; {@code personal_data=keep} writes it as stored.
 */
class UnscrubbedTasksTest {

    @TempDir
    Path temp;

    @Test
    void aTaskChangedSinceItsScrubIsLeftOutByEveryExporterUnlessKept() throws Exception {
        try (Dataset dataset = ExportFixture.create(temp.resolve("ds"), 3)) {
            String changed = dataset.taskIds().get(1);
            dataset.save(dataset.draft(changed).withStepText(0, Step.THOUGHT, "My card is 4111 1111 1111 1111."));
            for (String exporter : new String[] { "agentnet", "huggingface", "messages", "agentnetbench", "adp" }) {
                Path out = temp.resolve(exporter).resolve(exporter.equals("agentnet") || exporter.equals("adp") ? "data.jsonl" : "");
                ExportOperation.Summary summary = new ExportOperation(dataset, Exporters.get().find(exporter).orElseThrow(), out, Map.of(),
                        ExportFilter.ANY, null, false).run(Progress.NONE);
                assertTrue(summary.problems().stream().map(Problem::toString).anyMatch(p -> p.contains(changed)
                        && p.contains("left out: changed since it was scrubbed (run scrub on it, or export with personal_data=keep")),
                        exporter + ": " + summary.problems());
                assertTrue(Files.walk(temp.resolve(exporter)).filter(Files::isRegularFile).noneMatch(file -> {
                    try {
                        return !file.toString().endsWith(".png") && !file.toString().endsWith(".zip") && Files.readString(file).contains("4111 1111");
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }), exporter + " wrote the changed task");
            }
            ExportOperation.Summary kept = new ExportOperation(dataset, Exporters.get().find("agentnet").orElseThrow(), temp.resolve("kept/data.jsonl"),
                    Map.of(PersonalData.SETTING, PersonalData.KEEP), ExportFilter.ANY, null, false).run(Progress.NONE);
            assertEquals(3, kept.result().tasks(), kept.problems().toString());
        }
    }
}
