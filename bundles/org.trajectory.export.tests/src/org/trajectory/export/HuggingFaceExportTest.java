package org.trajectory.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ImageSource;
import org.trajectory.dataset.ImportOperation;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.export.internal.JsonlExport;
import org.trajectory.export.kit.ExportFixture;
import org.trajectory.model.Json;
import org.trajectory.model.Task;
import org.trajectory.model.operation.Progress;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/** The Hugging Face folder round trip, its card, the size of its archives, what privacy strips, and AgentNet's output unchanged. */
class HuggingFaceExportTest {

    @TempDir
    Path temp;

    private static Exporters.Descriptor format(String id) {
        return Exporters.get().find(id).orElseThrow();
    }

    private static List<Path> files(Path folder, String suffix) throws Exception {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
        }
    }

    @Test
    void theAgentNetExportLeavesTheHistoryOutOrIncludesItAndStrippedRecordsGetOnlyTheChangesTheyKeep() throws Exception {
        try (Dataset source = ExportFixture.create(temp.resolve("ds"), 2)) {
            String id = source.taskIds().get(0);
            source.save(source.draft(id).withStepText(0, org.trajectory.model.Step.THOUGHT, "Look first").withTaskText("window_note", "private"));
            source.reviews().set(id, ReviewState.APPROVED, "qa", "fine");
            for (String history : List.of("leave", "include")) {
                for (String privacy : List.of("keep", "strip")) {
                    Path out = temp.resolve(history + "-" + privacy + "/data.jsonl");
                    new ExportOperation(source, format("agentnet"), out, Map.of("images", "none", "history", history, "privacy", privacy,
                            "personal_data", "keep"), // edited since the fixture's scrub: the history is what is looked at
                            ExportFilter.ANY, null, false).run(Progress.NONE);
                    JsonNode first = Json.MAPPER.readTree(Files.readAllLines(out).get(0));
                    if (history.equals("leave")) {
                        assertTrue(first.path("history").isMissingNode(), "left out: " + first);
                        continue;
                    }
                    List<String> what = new ArrayList<>();
                    first.path("history").forEach(entry -> what.add(entry.path("what").asText()));
                    List<String> ours = what.subList(what.indexOf("step 0 thought") - (privacy.equals("keep") ? 1 : 0), what.size());
                    // the edit reopened the fixture's approval (a review line), then the task was approved again (another)
                    assertEquals(privacy.equals("keep") ? List.of("window_note", "step 0 thought", "review", "review")
                            : List.of("step 0 thought", "review", "review"), ours, privacy + ": the changes made here, oldest first, after the fixture's own review");
                    assertEquals(privacy.equals("keep"), what.contains("window_note"), "a field stripped records drop, changes dropped too");
                    JsonNode thought = first.path("history").get(what.indexOf("step 0 thought"));
                    assertEquals("Look first", thought.path("after").asText());
                    assertEquals(privacy.equals("keep") ? source.user() : "", thought.path("by").asText(""), "who, unless stripped");
                }
            }
        }
    }

    @Test
    void importedBackItGivesTheSameRecordsAndImageBytesFromArchivesThatEachOpenAlone() throws Exception {
        Path out = temp.resolve("hf");
        try (Dataset source = ExportFixture.create(temp.resolve("ds"), 8)) {
            ExportOperation.Summary summary = new ExportOperation(source, format("huggingface"), out, Map.of("privacy", "keep", "zip_size_mb", "0.0015"),
                    ExportFilter.ANY, null, false).run(Progress.NONE);
            assertEquals(8, summary.result().tasks());
            assertEquals(24, summary.result().images());
            assertEquals(Set.of("data_ubuntu.jsonl", "data_windows.jsonl"), Set.copyOf(files(out, ".jsonl").stream().map(p -> p.getFileName().toString()).toList()));
            List<Path> zips = files(out.resolve("images"), ".zip");
            assertTrue(zips.size() > 2, "the archives were cut at 1.5 KB: " + zips);
            Set<String> entries = new TreeSet<>();
            for (Path zip : zips) {
                assertTrue(Files.size(zip) <= 1572, zip + " is " + Files.size(zip) + " bytes, over the limit");
                try (ZipFile alone = new ZipFile(zip.toFile())) { // opens on its own
                    alone.stream().forEach(entry -> assertTrue(entries.add(entry.getName()), "each image once: " + entry.getName()));
                }
            }
            assertEquals(24, entries.size());

            try (Dataset back = Dataset.openOrCreate(temp.resolve("back")); ImageSource images = ImageSource.open(out.resolve("images"))) {
                for (Path jsonl : files(out, ".jsonl")) {
                    var problems = new ImportOperation(back, jsonl, images).run(Progress.NONE).problems();
                    assertTrue(problems.isEmpty(), problems.toString());
                }
                assertEquals(8, back.count(TaskQuery.ALL));
                Path again = temp.resolve("again/data.jsonl");
                new JsonlExport(back, again, again.resolveSibling("images"), false).run(Progress.NONE);
                for (String id : source.taskIds()) {
                    assertEquals(source.read(id).json(), back.read(id).json(), id + " comes back the same");
                    for (int step = 0; step < ExportFixture.STEPS; step++) {
                        assertArrayEquals(ExportFixture.png(Integer.parseInt(id.substring(5)), step),
                                Files.readAllBytes(again.resolveSibling("images").resolve(id + "_" + step + ".png")), id + " step " + step + "'s image bytes");
                    }
                }
            }
        }
    }

    @Test
    void theCardsYamlParsesItsConfigsNameTheFilesAndItsCountsAreTheDatasets() throws Exception {
        Path out = temp.resolve("hf");
        try (Dataset dataset = ExportFixture.create(temp.resolve("ds"), 10)) {
            ExportOperation.Summary summary = new ExportOperation(dataset, format("huggingface"), out, Map.of("license", "cc-by-4.0", "files", "split"),
                    ExportFilter.DEFAULT, new Splits(0.6, 0.2, 0.2, 0.9), false).run(Progress.NONE);
            long approved = dataset.count(TaskQuery.ALL.withReview(ReviewState.APPROVED));
            assertEquals(approved, summary.result().tasks(), "publishing keeps the approved tasks by default");
            String card = Files.readString(out.resolve("README.md"));
            assertTrue(card.startsWith("---\n"));
            JsonNode front = new YAMLMapper().readTree(card.substring(4, card.indexOf("\n---\n", 4)));
            assertEquals("cc-by-4.0", front.path("license").asText());
            assertEquals("image-text-to-text", front.path("task_categories").path(0).asText());
            assertEquals("n<1K", front.path("size_categories").path(0).asText());
            assertTrue(front.path("tags").toString().contains("trajectory-workbench"));
            long inFiles = 0;
            for (JsonNode config : front.path("configs")) {
                for (JsonNode split : config.path("data_files")) {
                    Path file = out.resolve(split.path("path").asText());
                    assertTrue(Files.isRegularFile(file), "the card names a file that exists: " + file);
                    assertTrue(Set.of("train", "validation", "test").contains(split.path("split").asText()));
                    assertTrue(file.getFileName().toString().contains(split.path("split").asText()));
                    inFiles += Files.readAllLines(file).size();
                }
            }
            assertEquals(approved, inFiles, "the configs cover every exported task");
            assertTrue(card.contains("| tasks | " + approved + " |"), card);
            assertTrue(card.contains("| steps | " + approved * ExportFixture.STEPS + " |"), card);
            assertTrue(card.contains("| approved | " + approved + " |"), card);
            assertTrue(card.contains("| click | " + approved * 2 + " |") && card.contains("| terminate | " + approved + " |"), card);
            assertTrue(card.contains("| format | "), "the criteria with their versions: " + card);
            Map<String, Long> annotators = new java.util.TreeMap<>();
            for (int i = 0; i < 10; i += 2) { // the approved ones
                if (i != 2) {
                    annotators.merge(ExportFixture.annotator(i), 1L, Long::sum);
                }
            }
            annotators.forEach((by, tasks) -> assertTrue(card.contains("| " + by + " | " + tasks + " |"), "who wrote the reasoning: " + card));
            assertTrue(card.contains("kept the annotator): 1."), card);
            assertTrue(card.matches("(?s).*\\| format \\| [0-9.]+ \\| [0-9]+ \\| [^|]* \\| 1\\.00 \\|.*"), "each criterion's weight: " + card);
        }
    }

    /** A reviewer's grades go out with each graded task, in AgentNet JSONL and the Hugging Face folder, whose card counts them. */
    @Test
    void theReviewersGradesAreExportedAndTheCardCountsThem() throws Exception {
        try (Dataset dataset = ExportFixture.create(temp.resolve("ds"), 6)) { // task-0, 2, 4 approved
            dataset.reviews().grade("task-0", new org.trajectory.dataset.ReviewGrades(3, 5, 2, 4, 4));
            dataset.reviews().grade("task-2", new org.trajectory.dataset.ReviewGrades(1, 3, null, null, null));
            Path jsonl = temp.resolve("agentnet.jsonl");
            new ExportOperation(dataset, format("agentnet"), jsonl, Map.of("images", "none"), ExportFilter.DEFAULT, null, false).run(Progress.NONE);
            Map<String, String> grades = new java.util.TreeMap<>();
            for (String line : Files.readAllLines(jsonl)) {
                JsonNode record = org.trajectory.model.Json.MAPPER.readTree(line);
                grades.put(record.path("task_id").asText(), record.path("review_grades").toString());
            }
            assertEquals(Map.of("task-0", "{\"accept_level\":3,\"rubric\":{\"correctness\":5,\"difficulty\":2,\"knowledge\":4,\"value\":4}}",
                    "task-2", "{\"accept_level\":1,\"rubric\":{\"correctness\":3}}", "task-4", ""), grades, "an ungraded task carries none");

            Path hf = temp.resolve("hf");
            new ExportOperation(dataset, format("huggingface"), hf, Map.of(), ExportFilter.DEFAULT, null, false).run(Progress.NONE);
            String card = Files.readString(hf.resolve("README.md"));
            assertTrue(card.contains("2 tasks were graded by their reviewer"), card);
            assertTrue(card.contains("| 1 | 1 |") && card.contains("| 3 | 1 |"), "tasks by accept level: " + card);
            assertTrue(card.contains("| correctness | 4.00 | 2 |") && card.contains("| difficulty | 2.00 | 1 |"), "the rubric's means: " + card);
            assertTrue(files(hf, "").stream().filter(f -> f.toString().endsWith(".jsonl")).anyMatch(f -> {
                try {
                    return Files.readString(f).contains("\"review_grades\":{\"accept_level\":3");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }), "the folder's records carry them too");
        }
    }

    @Test
    void strippedRecordsCarryNoWindowTitleSubmitterTimeNorVideoNameAndAgentNetOutputIsUnchanged() throws Exception {
        try (Dataset dataset = ExportFixture.create(temp.resolve("ds"), 4)) {
            Path hf = temp.resolve("hf");
            new ExportOperation(dataset, format("huggingface"), hf, Map.of(), ExportFilter.ANY, null, false).run(Progress.NONE);
            List<String> texts = new ArrayList<>();
            for (Path file : files(hf, "")) {
                if (Files.isRegularFile(file) && !file.toString().endsWith(".zip")) {
                    texts.add(Files.readString(file));
                }
            }
            String all = String.join("\n", texts);
            for (String leak : List.of(ExportFixture.WINDOW_TITLE, ExportFixture.SUBMITTER, "start_time", "screen.mp4", temp.toString())) {
                assertFalse(all.contains(leak), "a stripped export holds no " + leak);
            }
            JsonNode extracted = Json.MAPPER.readTree(Files.readAllLines(hf.resolve("data_windows.jsonl")).get(1));
            assertEquals("offline", extracted.path(Task.EXTRACTION).path("method").asText(), "the method stays: " + extracted);

            Path before = temp.resolve("before/data.jsonl");
            new JsonlExport(dataset, before, before.resolveSibling("images"), false).run(Progress.NONE);
            Path after = temp.resolve("after/data.jsonl");
            new ExportOperation(dataset, format("agentnet"), after, Map.of(), ExportFilter.ANY, null, false).run(Progress.NONE);
            assertEquals(Files.readString(before), Files.readString(after), "agentnet keeps every field of every task given");
            assertTrue(Files.readString(after).contains(ExportFixture.WINDOW_TITLE));
        }
    }
}
