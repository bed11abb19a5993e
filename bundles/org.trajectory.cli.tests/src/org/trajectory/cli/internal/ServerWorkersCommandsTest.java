package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.cli.Command;
import org.trajectory.dataset.kit.PostgresServer;
import org.trajectory.model.Json;
import org.trajectory.recorder.internal.RecordingWriter;
import org.trajectory.recorder.kit.Recordings;

import com.fasterxml.jackson.databind.JsonNode;

/** The same command on many machines shares one server dataset's work: enqueue, workers of build and annotate, jobs. */
class ServerWorkersCommandsTest extends CommandTestBase {

    @TempDir
    Path temp;

    /** A command run on a thread of its own, as on another machine: exit code, stdout, stderr. */
    private record Ran(int code, String out, String err) {
        JsonNode json() throws Exception {
            return Json.MAPPER.readTree(out);
        }
    }

    private static CompletableFuture<Ran> elsewhere(String... argv) {
        return CompletableFuture.supplyAsync(() -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code = HeadlessApplication.createCommandLine("test", e -> { throw new AssertionError(e); }).run(List.of(argv),
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
            return new Ran(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        });
    }

    @Test
    void twoWorkersShareTheQueueNoneDoesAnItemTwiceJobsShowsWhoDidWhatAndAFailedOneIsRetried() throws Exception {
        PostgresServer server = PostgresServer.shared();
        String dataset = server.address(PostgresServer.ADMIN, server.createDatabase(), null) + "?images=" + temp.resolve("images");
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            try (RecordingWriter writer = Recordings.twoClicks(temp.resolve("rec-" + i), "Open item " + i, 1000 + i)) {
                paths.add(temp.resolve("rec-" + i).toString());
            }
        }
        Path broken = Files.createDirectories(temp.resolve("broken"));
        Files.writeString(broken.resolve("events.jsonl"), "{oops\n");
        paths.add(broken.toString());

        List<String> enqueue = new ArrayList<>(List.of("enqueue"));
        enqueue.addAll(paths);
        enqueue.addAll(List.of("--dataset", dataset));
        assertEquals(Command.OK, run(enqueue.toArray(String[]::new)), err());
        assertTrue(out().startsWith("added 9 items to build"), out());
        assertEquals(Command.FAILED, run("enqueue", paths.get(0), temp.resolve("nowhere").toString(), "--dataset", dataset));
        assertTrue(out().startsWith("added 0 items to build (1 there already); 1 path not found"), out());
        assertTrue(err().contains("nowhere: no such file or folder; give paths every worker can read"), err());

        CompletableFuture<Ran> a = elsewhere("build", "--dataset", dataset, "--worker", "a", "--batch", "2", "--json");
        CompletableFuture<Ran> b = elsewhere("build", "--dataset", dataset, "--worker", "b", "--batch", "2", "--json");
        Ran first = a.get();
        Ran second = b.get();
        assertEquals(8, first.json().path("done").asInt() + second.json().path("done").asInt(), first.out() + second.out());
        assertEquals(1, first.json().path("failed").asInt() + second.json().path("failed").asInt());
        assertEquals(0, first.json().path("lost").asInt() + second.json().path("lost").asInt());
        assertTrue(first.err().contains("broken") || second.err().contains("broken"), "the failed item is said: " + first.err() + second.err());

        assertEquals(Command.OK, run("stats", "--dataset", dataset));
        assertTrue(out().contains("tasks   8"), "each recording built once: " + out());
        assertEquals(Command.OK, run("jobs", "--dataset", dataset), err());
        assertTrue(out().contains("build          0 waiting      0 claimed       8 done      1 failed"), out());
        assertTrue(out().contains(" build " + broken + ": "), "the failed item with its reason: " + out());
        for (Ran worker : List.of(first, second)) { // small recordings build in milliseconds: one worker may have done them all
            JsonNode report = worker.json();
            int finished = report.path("done").asInt() + report.path("failed").asInt();
            assertEquals(finished > 0, out().contains("  " + report.path("worker").asText() + " build: " + report.path("done").asInt() + " done"),
                    "each worker that did something, with its rate: " + out());
        }
        assertEquals(Command.OK, run("jobs", "--dataset", dataset, "--json"));
        JsonNode jobs = Json.MAPPER.readTree(out());
        assertEquals(8, jobs.path("operations").path(0).path("done").asInt());
        assertEquals("failed", jobs.path("items").path(0).path("state").asText());

        assertEquals(Command.OK, run("jobs", "--dataset", dataset, "--retry", "all"));
        assertTrue(err().contains("1 item put back to waiting"), err());
        assertEquals(Command.FAILED, run("build", "--dataset", dataset), "the broken recording fails again");
        assertTrue(out().contains(": build of 0 items done, 1 failed; the queue: 8 done, 1 failed, 0 waiting, 0 held by others"), out());
        assertEquals(Command.OK, run("jobs", "--dataset", dataset, "--dismiss", "all"));
        assertEquals(Command.OK, run("jobs", "--dataset", dataset));
        assertTrue(out().contains("8 done      0 failed  1 dismissed"), out());

        // The case: two annotations started together share the tasks instead of both taking the first.
        a = elsewhere("annotate", "--dataset", dataset, "--provider", "offline", "--no-ocr", "--worker", "a", "--json");
        b = elsewhere("annotate", "--dataset", dataset, "--provider", "offline", "--no-ocr", "--worker", "b", "--json");
        first = a.get();
        second = b.get();
        assertEquals(Command.OK, first.code(), first.err());
        assertEquals(Command.OK, second.code(), second.err());
        assertEquals(8, first.json().path("done").asInt() + second.json().path("done").asInt(), first.out() + second.out());
        assertFalse((first.err() + second.err()).contains("changed by"), "no worker stepped on another's task");
        assertEquals(Command.OK, run("annotate", "--dataset", dataset, "--provider", "offline", "--no-ocr"));
        assertTrue(out().contains(": annotate of 0 items done; the queue: 8 done, 0 failed, 0 waiting"), "nothing left to annotate: " + out());
        assertEquals(Command.OK, run("annotate", "--dataset", dataset, "--provider", "offline", "--no-ocr", "--again", "--json"));
        assertEquals(8, Json.MAPPER.readTree(out()).path("done").asInt(), "--again does it all again");

        Path notVideo = Files.writeString(temp.resolve("screen.mp4"), "not a video");
        assertEquals(Command.FAILED, run("extract", notVideo.toString(), "--dataset", dataset, "--task", "Open it"));
        assertTrue(out().contains(": extract of 0 items done, 1 failed"), out());
        assertEquals(Command.OK, run("jobs", "--dataset", dataset, "--operation", "extract"));
        assertTrue(out().startsWith("extract        0 waiting      0 claimed       0 done      1 failed"), out());
        assertTrue(out().contains(" extract " + notVideo + ": ") && !out().contains("build "), "its reason, and only extract's: " + out());

        assertEquals(Command.OK, run("build", paths.get(0), "--dataset", temp.resolve("folder").toString()), "a folder builds as before");
        assertEquals(Command.USAGE, run("jobs", "--dataset", temp.resolve("folder").toString()));
        assertTrue(err().contains("a folder dataset has no work queue"), err());
    }
}
