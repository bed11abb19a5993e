package org.trajectory.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.kit.Engines;
import org.trajectory.dataset.kit.StoredJson;
import org.trajectory.model.Json;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** A whole dataset from a folder to a server and back: nothing lost, resumable, verified. */
class CopyTest {

    @TempDir
    Path temp;

    /** {@code tasks} copies of the OpenCUA example (ids t0, t1...), with a review, scores and an embedding on t1. */
    private Path folderDataset(int tasks) throws Exception {
        String line = Files.readAllLines(TestData.path("opencua-cot-example/raw_example.jsonl")).get(0);
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < tasks; i++) {
            ObjectNode record = (ObjectNode) Json.MAPPER.readTree(line);
            record.put("task_id", "t" + i);
            many.append(record).append('\n');
        }
        Path jsonl = temp.resolve("many.jsonl");
        Files.writeString(jsonl, many);
        Path folder = temp.resolve("folder");
        try (Dataset dataset = Dataset.openOrCreate(folder); ImageSource images = ImageSource.open(TestData.path("opencua-cot-example/images"))) {
            new ImportOperation(dataset, jsonl, images).run(Progress.NONE);
            dataset.reviews().set("t1", ReviewState.NEEDS_FIX, "qa-1", "tab\tand\nnewline and \\ backslash");
            dataset.reviews().grade("t1", new ReviewGrades(2, 4, null, 3, 5));
            dataset.scores().put("t1", List.of(new Dataset.StoredScore("format", "1", "abc", 0.75, "ok", "{\"a\":1}", null, "2026-11-23T00:00:00Z")), 0.5);
            dataset.embeddings().put("minilm", List.of(new Dataset.Embedding("t1", "hash", new float[] { 1.5f, -2f })));
            dataset.replays().put("t1", new StoredReplay("xvfb", "abc", StoredReplay.DIVERGED, 1, 1, 15, "{\"steps\": []}", "2026-11-25T00:00:00Z"));
            dataset.scrubs().put("t1", new StoredScrub("abc", List.of("email"), "2026-11-25T00:00:00Z", List.of(new StoredScrub.Finding(0,
                    StoredScrub.SCREENSHOT, "email", "a@b.org", new int[] { 1, 2, 3, 4 }, StoredScrub.ACCEPTED))));
            dataset.setMeta(Dataset.SCORING_WEIGHTS, "{\"format\":1}");
        }
        return folder;
    }

    private static org.trajectory.model.Task renamed(org.trajectory.model.Task task, String id) throws Exception {
        return org.trajectory.model.Task.of(task.json().deepCopy().put("task_id", id));
    }

    @Test
    void aFolderGoesToTheServerAndBackAndExportsTheSameBytes() throws Exception {
        Path folder = folderDataset(3);
        DatasetAddress server = Engines.postgresql().newDataset(temp, "server");
        Path back = temp.resolve("back");
        try (Dataset source = Dataset.open(folder); Dataset target = Dataset.openOrCreate(server)) {
            CopyOperation.Report report = new CopyOperation(source, target).run(Progress.NONE);
            assertTrue(report.verified(), report.differences().toString());
            assertEquals(3, report.copied());
            assertEquals(15, report.images(), "the images went to the server dataset's folder");
            assertEquals(45, report.rows().get("steps"));
            assertEquals("tab\tand\nnewline and \\ backslash", target.reviews().of("t1").note());
            assertEquals(0.75, target.scores().get("t1").get("format").value());
            assertEquals(-2f, target.embeddings().of("minilm").get(0).vector()[1]);
            assertEquals("diverged at step 2", target.replays().get("t1").describe(), "a replay goes with its task");
            assertEquals(source.scrubs().get("t1").findings(), target.scrubs().get("t1").findings(), "so do the personal data found and its review");
            assertEquals(new ReviewGrades(2, 4, null, 3, 5), target.reviews().grades("t1"), "and the reviewer's grades");
            assertEquals("{\"format\":1}", target.meta(Dataset.SCORING_WEIGHTS));
        }
        try (Dataset source = Dataset.open(server); Dataset target = Dataset.openOrCreate(back)) {
            assertTrue(new CopyOperation(source, target).run(Progress.NONE).verified());
            target.put(renamed(target.read("t2"), "t3"), java.util.Collections.nCopies(15, null), "test");
            assertEquals(List.of("t0", "t1", "t2", "t3"), target.taskIds(), "new tasks are numbered after the copied ones");
        }
        try (Dataset server2 = Dataset.open(server)) {
            server2.put(renamed(server2.read("t2"), "t3"), java.util.Collections.nCopies(15, null), "test");
            assertEquals(List.of("t0", "t1", "t2", "t3"), server2.taskIds(), "the server numbers new tasks after the copied ones too");
        }
        try (Dataset one = Dataset.open(folder); Dataset other = Dataset.open(back)) {
            assertEquals(StoredJson.records(one).subList(0, 3), StoredJson.records(other).subList(0, 3));
        }
    }

    @Test
    void aStoppedCopyGoesOnWhereItStoppedAndRefusesAForeignTarget() throws Exception {
        Path folder = folderDataset(CopyOperation.BATCH * 2 + 50);
        DatasetAddress server = Engines.postgresql().newDataset(temp, "server");
        AtomicLong seen = new AtomicLong();
        Progress stopsAfterOneBatch = new Progress() {
            @Override
            public void begin(String task, long totalWork) {
            }

            @Override
            public void worked(long work) {
                seen.addAndGet(work);
            }

            @Override
            public boolean isCancelled() {
                return seen.get() > 0;
            }
        };
        try (Dataset source = Dataset.open(folder); Dataset target = Dataset.openOrCreate(server)) {
            CopyOperation.Report stopped = new CopyOperation(source, target).run(stopsAfterOneBatch);
            assertTrue(stopped.cancelled());
            assertEquals(CopyOperation.BATCH, stopped.copied());
            assertEquals(CopyOperation.BATCH, target.taskIds().size(), "whole tasks only");
        }
        try (Dataset reopened = Dataset.open(server)) {
            assertTrue(reopened.unfinishedCopy().startsWith("an unfinished copy: tasks may be missing; run the same copy again to finish it (from "
                    + folder), "every opener is told: " + reopened.unfinishedCopy());
            List<Problem> problems = new ValidateOperation(reopened).run(Progress.NONE).problems();
            assertTrue(problems.stream().anyMatch(p -> p.message().contains("unfinished copy") && p.message().contains("run the same copy again")),
                    "validate does not pass it: " + problems);
        }
        try (Dataset source = Dataset.open(folder); Dataset target = Dataset.open(server)) {
            CopyOperation.Report resumed = new CopyOperation(source, target).run(Progress.NONE);
            assertEquals(CopyOperation.BATCH, resumed.resumed());
            assertEquals(CopyOperation.BATCH + 50, resumed.copied());
            assertTrue(resumed.verified(), resumed.differences().toString());
            assertEquals(null, target.unfinishedCopy(), "verified whole: a dataset like any other");
        }
        Path other = temp.resolve("other");
        try (Dataset source = Dataset.open(folder); Dataset target = Dataset.openOrCreate(other)) {
            target.put(source.read("t5"), java.util.Collections.nCopies(15, null), "test");
            SQLException refused = assertThrows(SQLException.class, () -> new CopyOperation(source, target).run(Progress.NONE));
            assertTrue(refused.getMessage().contains("already holds other tasks"), refused.getMessage());
        }
    }

    @Test
    void aServerDatasetMadeWithItsImagesInsideKeepsThemThereAndCopiesThemBack() throws Exception {
        Path folder = folderDataset(2);
        DatasetAddress.Server inside = (DatasetAddress.Server) Engines.postgresqlImagesInside().newDataset(temp, "inside");
        try (Dataset source = Dataset.open(folder); Dataset target = Dataset.openOrCreate(inside)) {
            CopyOperation.Report report = new CopyOperation(source, target).run(Progress.NONE);
            assertTrue(report.verified(), report.differences().toString());
            assertEquals(15, report.images());
            try (var statement = target.connection().createStatement(); var rows = statement.executeQuery("SELECT COUNT(*) FROM image_data")) {
                rows.next();
                assertEquals(15, rows.getLong(1), "the server holds the images");
            }
            String sha = target.draft("t1").image(3);
            assertEquals(sha, ImageStore.sha256(target.images().read(sha)), "the bytes came back whole");
        }
        java.io.IOException refused = assertThrows(java.io.IOException.class,
                () -> Dataset.open(DatasetAddress.parse(inside.key() + "?images=" + temp.resolve("elsewhere"))));
        assertTrue(refused.getMessage().contains("keeps its images inside the database"), refused.getMessage());
        Path back = temp.resolve("back");
        try (Dataset source = Dataset.open(DatasetAddress.parse(inside.key())); Dataset target = Dataset.openOrCreate(back)) {
            CopyOperation.Report report = new CopyOperation(source, target).run(Progress.NONE);
            assertTrue(report.verified(), report.differences().toString());
            assertEquals(15, report.images(), "the images left the database for the folder's images");
            List<Problem> problems = new ValidateOperation(target).run(Progress.NONE).problems();
            assertTrue(problems.isEmpty(), problems.toString());
        }
        try (Dataset one = Dataset.open(folder); Dataset other = Dataset.open(back); StoredRecords records = one.records()) {
            assertEquals(StoredJson.records(one), StoredJson.records(other));
            while (records.next()) {
                for (StoredRecords.StoredStep step : records.steps()) {
                    org.junit.jupiter.api.Assertions.assertArrayEquals(one.images().read(step.imageSha256()), other.images().read(step.imageSha256()),
                            step.imageName());
                }
            }
        }
    }
}
