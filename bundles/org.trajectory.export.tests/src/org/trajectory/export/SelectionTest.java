package org.trajectory.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.TaskFacts;
import org.trajectory.embeddings.SentenceEmbedder;
import org.trajectory.export.kit.ExportFixture;
import org.trajectory.model.Json;
import org.trajectory.model.Task;

/** Filters count what they remove; splits are deterministic, near their ratios, and never separate near-duplicates. */
class SelectionTest {

    @TempDir
    Path temp;

    @Test
    void eachFilterCountsTheTasksItRemoved() throws Exception {
        try (Dataset dataset = ExportFixture.create(temp.resolve("ds"), 6)) {
            dataset.reviews().set("task-1", ReviewState.REJECTED, "maria", "wrong app");
            Selection approved = Selection.of(dataset, ExportFilter.ANY.withReview(Set.of(ReviewState.APPROVED)), null);
            assertEquals(List.of("task-0", "task-2", "task-4"), approved.tasks().stream().map(TaskFacts::taskId).toList());
            assertEquals(Map.of("review", 3L), approved.removed());

            ExportFilter many = new ExportFilter(Set.of(), null, 0.6, 0.85, "ubuntu", null, "libreoffice", null);
            Selection some = Selection.of(dataset, many, null);
            // scores 0.5 0.6 0.7 0.8 0.9 0.5 (i % 5); Ubuntu is every even task
            assertEquals(List.of("task-2"), some.tasks().stream().map(TaskFacts::taskId).toList());
            assertEquals(Map.of("score", 3L, "os", 2L), some.removed(), "a task counts under the first filter that removes it");

            assertEquals(Map.of("application", 6L), Selection.of(dataset, new ExportFilter(Set.of(), null, null, null, null, null, "Firefox", null), null).removed());
            assertEquals(List.of("task-5"), Selection.of(dataset, new ExportFilter(Set.of(), null, null, null, null, null, null, TaskFacts.Origin.EXTRACTED), null)
                    .tasks().stream().map(TaskFacts::taskId).toList());
            assertEquals(Map.of("reviewer", 5L), Selection.of(dataset, new ExportFilter(Set.of(), "Maria", null, null, null, null, null, null), null).removed());
            assertEquals(Map.of("domain", 4L), Selection.of(dataset, new ExportFilter(Set.of(), null, null, null, null, "OFFICE", null, null), null).removed());
        }
    }

    @Test
    void splitsAreDeterministicNearTheirRatiosAndKeepPlantedNearDuplicatesTogether() throws Exception {
        Random random = new Random(7);
        int tasks = 400;
        List<float[]> vectors = new ArrayList<>();
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds"))) {
            for (int i = 0; i < tasks; i++) {
                String text = i >= 380 ? "Rename the file report-" + (i - 380) + ".txt" : "Task number " + i + " with its own words";
                if (i >= 390) {
                    text = "Rename the file report-" + (i - 390) + ".txt"; // 10 identical texts to tasks 380-389
                }
                dataset.put(Task.of(Json.MAPPER.readTree("{\"task_id\":\"t" + i + "\",\"instruction\":\"" + text
                        + "\",\"traj\":[{\"index\":0,\"value\":{\"code\":\"pyautogui.press('enter')\"}}]}")), Arrays.asList((byte[]) null), "recording");
                float[] vector = new float[SentenceEmbedder.DIMENSIONS];
                if (i % 10 == 1 && i < 300) {
                    float[] twin = vectors.get(i - 1); // a near-duplicate of the task before it: cosine about 0.99
                    for (int d = 0; d < vector.length; d++) {
                        vector[d] = twin[d] + (float) random.nextGaussian() * 0.005f;
                    }
                } else {
                    for (int d = 0; d < vector.length; d++) {
                        vector[d] = (float) random.nextGaussian();
                    }
                }
                normalize(vector);
                vectors.add(vector);
            }
            List<Dataset.Embedding> embeddings = new ArrayList<>();
            for (int i = 0; i < tasks; i++) {
                embeddings.add(new Dataset.Embedding("t" + i, "hash", vectors.get(i)));
            }
            dataset.embeddings().put(SentenceEmbedder.MODEL, embeddings);

            Splits splits = new Splits(0.6, 0.2, 0.2, 0.9);
            Selection selection = Selection.of(dataset, ExportFilter.ANY, splits);
            Map<String, String> split = new HashMap<>();
            selection.tasks().forEach(task -> split.put(task.taskId(), selection.part(task.seq())));
            int straddledWithoutGrouping = 0;
            for (int i = 1; i < 300; i += 10) {
                assertEquals(split.get("t" + (i - 1)), split.get("t" + i), "planted near-duplicates t" + (i - 1) + " and t" + i);
                straddledWithoutGrouping += splits.at(Selection.unit("t" + (i - 1))).equals(splits.at(Selection.unit("t" + i))) ? 0 : 1;
            }
            for (int i = 380; i < 390; i++) {
                assertEquals(split.get("t" + i), split.get("t" + (i + 10)), "identical texts t" + i + " and t" + (i + 10));
            }
            assertTrue(straddledWithoutGrouping > 5, "by id alone many pairs would straddle splits: " + straddledWithoutGrouping);
            assertEquals(40, selection.nearDuplicateGroups(), selection.summary());
            assertEquals(80, selection.nearDuplicateTasks());
            Map<String, Long> counts = selection.partCounts();
            assertTrue(Math.abs(counts.get(Splits.TRAIN) - 240) < 40 && Math.abs(counts.get(Splits.TEST) - 80) < 30, counts.toString());
            assertEquals(tasks, counts.values().stream().mapToLong(Long::longValue).sum());

            Selection again = Selection.of(dataset, ExportFilter.ANY, splits);
            selection.tasks().forEach(task -> assertEquals(selection.part(task.seq()), again.part(task.seq()), "deterministic"));
        }
    }

    @Test
    void splitRatiosAreCheckedInTheUsersWords() {
        assertEquals("the split ratios 0.8, 0.1 and 0.2 add up to 1.1, not 1", assertThrowsMessage(() -> Splits.parse("0.8,0.1,0.2", 0.9)));
        assertEquals("'x' in the split ratios is not a number (write them as 0.8,0.1,0.1)", assertThrowsMessage(() -> Splits.parse("0.8,x", 0.9)));
        assertEquals(new Splits(0.8, 0.1, 0.1, 0.9).test(), Splits.parse("0.8,0.1", 0.9).test(), 1e-9);
    }

    private static String assertThrowsMessage(org.junit.jupiter.api.function.Executable executable) {
        return org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, executable).getMessage()
                .replace("1.1000000000000003", "1.1");
    }

    private static void normalize(float[] vector) {
        double norm = 0;
        for (float value : vector) {
            norm += value * value;
        }
        for (int d = 0; d < vector.length; d++) {
            vector[d] /= (float) Math.sqrt(norm);
        }
    }
}
