package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.cli.Command;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetActivity;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.model.Json;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code import}, {@code score} and {@code annotate --provider offline} on one dataset at once, each on its own
 * connection as separate processes would be: all three wait their turn for the write lock, finish, and the counts add up.
 */
class ConcurrentCommandsTest {

    @TempDir
    Path temp;

    private record Outcome(int code, String out, String err) {
    }

    private static Outcome run(String... argv) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = HeadlessApplication.createCommandLine("test", t -> { throw new AssertionError(t); }).run(List.of(argv),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Path jsonl(String name, int from, int count) throws Exception {
        Path file = temp.resolve(name);
        String thought = "The settings window is open and the display section is further down. ".repeat(8);
        try (BufferedWriter out = Files.newBufferedWriter(file)) {
            for (int t = from; t < from + count; t++) {
                out.write("{\"task_id\":\"task-" + t + "\",\"instruction\":\"Open the display settings " + t + "\",\"traj\":[");
                for (int s = 0; s < 6; s++) {
                    out.write((s == 0 ? "" : ",") + "{\"index\":" + s + ",\"value\":{\"code\":\"pyautogui.click(x=0.5, y=0.5)\","
                            + "\"thought\":\"" + (t < 60 ? "" : thought) + "\"}}");
                }
                out.write("]}\n");
            }
        }
        return file;
    }

    @Test
    void importScoreAndAnnotateOnOneDatasetAtOnceAllFinishAndTheCountsAddUp() throws Exception {
        Path dataset = temp.resolve("ds");
        assertEquals(Command.OK, run("import", jsonl("first.jsonl", 0, 400).toString(), "--dataset", dataset.toString()).code());
        Path second = jsonl("second.jsonl", 400, 6000);

        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            Future<Outcome> importing = pool.submit((Callable<Outcome>) () -> run("import", second.toString(), "--dataset",
                    dataset.toString(), "--json"));
            Thread.sleep(300); // the import is writing
            Future<Outcome> scoring = pool.submit(() -> run("score", "--dataset", dataset.toString(), "--criteria",
                    "format,action_validity", "--json"));
            Future<Outcome> annotating = pool.submit(() -> run("annotate", "--dataset", dataset.toString(), "--provider", "offline",
                    "--tasks", String.join(",", java.util.stream.IntStream.range(0, 60).mapToObj(i -> "task-" + i).toList()), "--json"));

            Outcome imported = importing.get(5, TimeUnit.MINUTES);
            Outcome scored = scoring.get(5, TimeUnit.MINUTES);
            Outcome annotated = annotating.get(5, TimeUnit.MINUTES);
            assertEquals(Command.OK, imported.code(), imported.err());
            assertEquals(Command.OK, scored.code(), scored.err());
            assertEquals(Command.OK, annotated.code(), annotated.err());

            JsonNode importReport = Json.MAPPER.readTree(imported.out());
            assertEquals(6000, importReport.path("imported").asInt());
            JsonNode scoreReport = Json.MAPPER.readTree(scored.out());
            int seen = scoreReport.path("tasks").asInt();
            assertTrue(seen >= 400 && seen <= 6400, "scored the tasks present when it started: " + seen);
            assertEquals(seen, scoreReport.path("scored").asInt() + scoreReport.path("up_to_date").asInt());
            JsonNode annotateReport = Json.MAPPER.readTree(annotated.out());
            assertEquals(60, annotateReport.path("tasks").asInt());
            assertEquals(0, annotateReport.path("failed").asInt());
            assertEquals(360, annotateReport.path("steps_described").asInt());
        } finally {
            pool.shutdownNow();
        }
        try (Dataset opened = Dataset.open(dataset)) {
            assertEquals(6400, opened.count(TaskQuery.ALL));
            assertEquals(6400 * 6, opened.stats().steps());
        }
        assertEquals(List.of(), DatasetActivity.others(dataset), "every run took its note of activity away");
    }
}
