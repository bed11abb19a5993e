package org.trajectory.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.trajectory.dataset.kit.Engines;
import org.trajectory.dataset.kit.StoredJson;
import org.trajectory.model.Json;
import org.trajectory.model.Task;
import org.trajectory.model.operation.Progress;


class RoundTripTest {

    @TempDir
    Path temp;

    static Path fixture() {
        return TestData.path("opencua-cot-example");
    }

    @ParameterizedTest
    @MethodSource(Engines.ALL)
    void theOpenCuaExampleIsStoredExactly(Engines engine) throws Exception {
        Path input = fixture().resolve("raw_example.jsonl");
        try (Dataset dataset = Dataset.openOrCreate(engine.newDataset(temp, "ds")); ImageSource images = ImageSource.open(fixture().resolve("images"))) {
            ImportReport report = new ImportOperation(dataset, input, images).run(Progress.NONE);
            assertEquals(1, report.imported());
            assertEquals(0, report.problemCount(), report.problems().toString());
            assertEquals(StoredJson.records(input), StoredJson.records(dataset));
            try (Stream<Path> files = Files.list(fixture().resolve("images"))) {
                for (Path image : files.toList()) {
                    assertArrayEquals(Files.readAllBytes(image), dataset.images().read(ImageStore.sha256(Files.readAllBytes(image))),
                            image.getFileName().toString());
                }
            }
        }
    }

    @Test
    void importingAgainChangesNothingAndImagesAreStoredOnce() throws Exception {
        Path input = fixture().resolve("raw_example.jsonl");
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds")); ImageSource images = ImageSource.open(fixture().resolve("images"))) {
            new ImportOperation(dataset, input, images).run(Progress.NONE);
            ImportReport again = new ImportOperation(dataset, input, images).run(Progress.NONE);
            assertEquals(0, again.imported());
            assertEquals(1, again.alreadyPresent());
            DatasetStats stats = dataset.stats();
            assertEquals(1, stats.tasks());
            assertEquals(15, stats.steps());
            assertEquals(15, stats.images());
            assertEquals(Long.valueOf(1), stats.actionTypes().get("terminate"));
            assertEquals(Long.valueOf(1), stats.actionTypes().get("dragTo"));
        }
        try (Stream<Path> stored = Files.walk(temp.resolve("ds/images"))) {
            assertEquals(15, stored.filter(Files::isRegularFile).count());
        }
    }

    @ParameterizedTest
    @MethodSource(Engines.BOTH)
    void pagesFilterAndSort(Engines engine) throws Exception {
        Path input = temp.resolve("many.jsonl");
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            lines.append("{\"task_id\":\"t").append(i).append("\",\"instruction\":\"").append(i % 2 == 0 ? "Open Firefox " : "Close gedit ")
                    .append(i).append("\",\"domain\":\"").append(i % 3 == 0 ? "web" : "office").append("\",\"scores\":{\"final_score\":")
                    .append(i / 50.0).append("},\"os\":\"").append(i % 3 == 0 ? "windows" : i % 3 == 1 ? "Windows" : "ubuntu").append("\",\"traj\":[");
            for (int s = 0; s <= i % 5; s++) {
                lines.append(s == 0 ? "" : ",").append("{\"index\":").append(s).append(i % 4 == 0 ? ",\"application\":\"Firefox\"" : "")
                        .append(",\"value\":{\"code\":\"pyautogui.press('a')\"}}");
            }
            lines.append("]}\n");
        }
        Files.writeString(input, lines);
        DatasetAddress address = engine.newDataset(temp, "ds");
        try (Dataset dataset = Dataset.openOrCreate(address)) {
            new ImportOperation(dataset, input, ImageSource.none()).run(Progress.NONE);
            assertEquals(50, dataset.count(TaskQuery.ALL));
            assertEquals(25, dataset.count(TaskQuery.ALL.withText("firefox")));
            TaskQuery webByScore = TaskQuery.ALL.withDomain("web").sortedBy(TaskQuery.Column.SCORE, false);
            List<TaskRow> page = dataset.page(webByScore, 0, 5);
            assertEquals(List.of("t48", "t45", "t42", "t39", "t36"), page.stream().map(TaskRow::taskId).toList());
            assertEquals(List.of("t33", "t30"), dataset.page(webByScore, 5, 2).stream().map(TaskRow::taskId).toList());
            assertEquals(10, dataset.count(TaskQuery.ALL.withSteps(5, 5)));
            assertEquals(0, dataset.count(TaskQuery.ALL.withText("100%_")), "LIKE wildcards in the filter are literal");
            assertEquals(13, dataset.count(TaskQuery.ALL.withApplication("Firefox")), "t0, t4 ... t48 have steps in Firefox");
            assertEquals(java.util.Map.of("Firefox", 13L, DatasetStats.NONE, 37L), dataset.stats().applications());
            assertEquals(0, dataset.count(TaskQuery.ALL.withApplication("x'); DROP TABLE steps; --")));

            dataset.reviews().set("t3", ReviewState.APPROVED, "qa", "fine");
            assertEquals(1, dataset.count(TaskQuery.ALL.withReview(ReviewState.APPROVED)));
            assertEquals(49, dataset.count(TaskQuery.ALL.withReview(ReviewState.NEW)));
            assertEquals(ReviewState.APPROVED, dataset.page(TaskQuery.ALL.withReview(ReviewState.APPROVED), 0, 1).get(0).review());
            assertFalse(dataset.distinct("domain").isEmpty());
            String hostile = "x'); DROP TABLE trajectories; --";
            assertEquals(0, dataset.count(TaskQuery.ALL.withText(hostile)), "a filter is a value, never SQL");
            assertEquals(null, dataset.draft(hostile));
            assertFalse(dataset.contains(hostile));
            assertThrows(java.sql.SQLException.class, () -> dataset.reviews().set(hostile, ReviewState.APPROVED, hostile, hostile));
            assertEquals(0, dataset.tasksInWindow(hostile, "title").size());
            assertEquals(50, dataset.count(TaskQuery.ALL), "nothing was dropped or changed");

            assertEquals(List.of("Ubuntu", "Windows"), dataset.distinct("os"), "one name per system, however a source spells it");
            assertEquals(34, dataset.count(TaskQuery.ALL.withOs("WINDOWS")));
            assertEquals("windows", dataset.draft("t0").task().text(Task.OS), "the record keeps what its source wrote");
            assertEquals(1, dataset.count(TaskQuery.ALL.withReviewer("qa").withQueueOf(null).withReview(ReviewState.APPROVED)),
                    "each filter kept when another is set");
            assertEquals(List.of("qa"), dataset.reviews().reviewers());
            dataset.scrubs().put("t5", new StoredScrub("h", List.of("email"), "2026-11-28T10:00:00Z", List.of(
                    new StoredScrub.Finding(-1, "instruction", "email", "ann@example.org", null, StoredScrub.PROPOSED))));
            dataset.scrubs().put("t6", new StoredScrub("h", List.of("email"), "2026-11-28T10:00:00Z", List.of()));
            assertEquals(List.of("t5"), dataset.page(TaskQuery.ALL.withPersonalData(TaskQuery.PersonalData.TO_REVIEW), 0, 9).stream()
                    .map(TaskRow::taskId).toList());
            assertEquals(List.of("t6"), dataset.page(TaskQuery.ALL.withPersonalData(TaskQuery.PersonalData.ALL_REVIEWED), 0, 9).stream()
                    .map(TaskRow::taskId).toList());
            assertEquals(48, dataset.count(TaskQuery.ALL.withPersonalData(TaskQuery.PersonalData.NEVER_SCRUBBED)));
            try (var statement = dataset.connection().createStatement()) { // as a dataset made before systems had one name
                statement.execute("UPDATE trajectories SET os = 'Win32' WHERE task_id = 't1'");
                statement.execute("UPDATE meta SET value = '9' WHERE name = 'schema_version'"); // schema 10 named them
            }
        }
        try (Dataset dataset = Dataset.open(address)) {
            assertEquals(List.of("Ubuntu", "Windows"), dataset.distinct("os"), "an older dataset's spellings are renamed on opening");
        }
    }

    @Test
    void extractedTasksAreFilteredAndSortedByConfidenceAndAnOlderDatasetGetsTheColumn() throws Exception {
        java.io.ByteArrayOutputStream png = new java.io.ByteArrayOutputStream();
        javax.imageio.ImageIO.write(new java.awt.image.BufferedImage(4, 4, java.awt.image.BufferedImage.TYPE_INT_RGB), "png", png);
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds"))) {
            for (String[] task : new String[][] {{"recorded", null}, {"sure", "0.9"}, {"unsure", "0.4"}}) {
                String extraction = task[1] == null ? "" : ",\"extraction\":{\"method\":\"offline\",\"confidence\":" + task[1] + "}";
                Task record = Task.of(Json.MAPPER.readTree("{\"task_id\":\"" + task[0] + "\",\"instruction\":\"Do it\"" + extraction
                        + ",\"traj\":[{\"index\":0,\"value\":{\"code\":\"computer.terminate(status='success')\"}}]}"));
                dataset.put(record, List.of(png.toByteArray()), task[1] == null ? "recording" : Dataset.EXTRACTED + "offline");
            }
            TaskQuery extracted = TaskQuery.ALL.withExtracted(true).sortedBy(TaskQuery.Column.CONFIDENCE, true);
            assertEquals(List.of("unsure", "sure"), dataset.page(extracted, 0, 10).stream().map(TaskRow::taskId).toList(), "least sure first");
            assertEquals(0.4, dataset.page(extracted, 0, 1).get(0).extractionConfidence());
            assertEquals(List.of("recorded"), dataset.page(TaskQuery.ALL.withExtracted(false), 0, 10).stream().map(TaskRow::taskId).toList());
            try (var statement = dataset.connection().createStatement()) {
                statement.execute("ALTER TABLE trajectories DROP COLUMN extraction_confidence"); // as a dataset made before extraction
            }
        }
        try (Dataset dataset = Dataset.open(temp.resolve("ds"))) {
            assertEquals(0.9, dataset.page(TaskQuery.ALL.withText("do").sortedBy(TaskQuery.Column.CONFIDENCE, false), 0, 1).get(0)
                    .extractionConfidence(), "filled from the records on opening");
        }
    }

}
