package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.cli.Command;
import org.trajectory.dataset.Dataset;
import org.trajectory.model.Json;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.recorder.kit.Recordings;

import com.fasterxml.jackson.databind.JsonNode;

import com.sun.net.httpserver.HttpServer;

/** {@code build} and {@code annotate} as a user runs them, against a local server speaking the OpenAI wire format. */
class BuildAndAnnotateCommandsTest extends CommandTestBase {


    private static Path recording(Path folder) throws Exception {
        return Recordings.searchForCats(folder);
    }

    /** Answers like an OpenAI-compatible server: the JSON each role asks for, with usage. */
    private static HttpServer server(AtomicInteger requests) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            requests.incrementAndGet();
            JsonNode request = Json.MAPPER.readTree(exchange.getRequestBody());
            String system = request.path("messages").path(0).path("content").asText();
            String content = system.contains("You summarize")
                    ? "{\"natural_language_task\": \"Search for cats.\", \"actual_task\": \"Searched for cats.\", \"alignment_score\": 10,"
                            + " \"efficiency_score\": 9, \"task_difficulty\": 1, \"task_completed\": true, \"reason\": \"Done.\"}"
                    : system.contains("You review")
                            ? "{\"reflection\": \"Fine.\", \"last_step_correct\": true, \"last_step_redundant\": false}"
                            : "{\"observation\": \"A search box.\", \"thought\": \"Search.\", \"action\": \"Search for cats.\"}";
            byte[] body = Json.MAPPER.writeValueAsBytes(Json.MAPPER.createObjectNode()
                    .<com.fasterxml.jackson.databind.node.ObjectNode>set("choices", Json.MAPPER.createArrayNode().add(Json.MAPPER
                            .createObjectNode().set("message", Json.MAPPER.createObjectNode().put("role", "assistant").put("content", content))))
                    .set("usage", Json.MAPPER.createObjectNode().put("prompt_tokens", 100).put("completion_tokens", 10)));
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream response = exchange.getResponseBody()) {
                response.write(body);
            }
        });
        server.start();
        return server;
    }

    @Test
    void buildThenAnnotateAgainstALocalOpenAiCompatibleServer(@TempDir Path temp) throws Exception {
        Path dataset = temp.resolve("dataset");
        assertEquals(Command.OK, run("build", recording(temp.resolve("rec")).toString(), "--dataset", dataset.toString(), "--json"), err.toString());
        JsonNode built = Json.MAPPER.readTree(out.toString(StandardCharsets.UTF_8)).path("built").get(0);
        assertEquals(4, built.path("steps").asInt(), "click, write, press enter, terminate");
        assertTrue(err.toString().contains("no video"), err.toString());

        AtomicInteger requests = new AtomicInteger();
        HttpServer server = server(requests);
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
            assertEquals(Command.OK, run("annotate", "--dataset", dataset.toString(), "--provider", "openai", "--base-url", url,
                    "--model", "local-vl", "--concurrency", "2", "--json"), err.toString());
            JsonNode report = Json.MAPPER.readTree(out.toString(StandardCharsets.UTF_8));
            assertEquals(4, report.path("steps_described").asInt());
            assertEquals(3, report.path("steps_reflected").asInt());
            assertEquals(1, report.path("tasks_summarized").asInt());
            assertEquals(8, report.path("requests").asInt());
            assertEquals(800, report.path("input_tokens").asInt());
            assertEquals(8, requests.get());
        } finally {
            server.stop(0);
        }
        try (Dataset opened = Dataset.open(dataset)) {
            Task task = opened.read(built.path("task_id").asText());
            assertEquals("Search for cats.", task.steps().get(1).text(Step.ACTION));
            assertEquals("Search for cats.", task.text(Task.NATURAL_LANGUAGE_TASK));
        }
        assertEquals(Command.OK, run("annotate", "--dataset", dataset.toString(), "--provider", "offline"));
        assertTrue(out.toString().contains("0 steps described"), "everything was done already: " + out);
    }

    @Test
    void clearErrorsForAMissingKeyAnUnknownProviderAndABadRecording(@TempDir Path temp) throws Exception {
        Path dataset = temp.resolve("dataset");
        run("build", recording(temp.resolve("rec")).toString(), "--dataset", dataset.toString());
        if (System.getenv("ANTHROPIC_API_KEY") == null) {
            assertEquals(Command.FAILED, run("annotate", "--dataset", dataset.toString(), "--provider", "anthropic"));
            assertTrue(err.toString().contains("ANTHROPIC_API_KEY"), err.toString());
        }
        assertEquals(Command.USAGE, run("annotate", "--dataset", dataset.toString(), "--provider", "nope"));
        assertTrue(err.toString().contains("openai|anthropic|gemini|offline"), err.toString());
        assertEquals(Command.FAILED, run("build", temp.resolve("missing").toString(), "--dataset", dataset.toString()));
        assertTrue(err.toString().contains("not a recording"), err.toString());
        assertEquals(Command.USAGE, run("build", recording(temp.resolve("rec2")).toString(), "--dataset", dataset.toString(),
                "--terminate", "maybe"));
        assertFalse(err.toString().isEmpty());
    }

    /**
     * {@code extract --compare}: a recording's video extracted, then measured against the trajectory its events build. On a
     * screen where nothing shows, none of the click and typing the events hold is found.
     */
    @Test
    void anExtractionOfARecordingIsComparedWithTheTrajectoryItsEventsBuild(@TempDir Path temp) throws Exception {
        Path recording = recording(temp.resolve("rec"));
        Process ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "color=c=gray:size=1000x500:rate=10:duration=3",
                recording.resolve("video.mkv").toString()).inheritIO().start();
        assertEquals(0, ffmpeg.waitFor());
        String dataset = temp.resolve("ds").toString();
        assertEquals(Command.OK, run("extract", recording.toString(), "--dataset", dataset, "--compare"), err());
        assertTrue(out().contains("compared with the trajectories built from the recordings' events:"), out());
        assertTrue(java.util.regex.Pattern.compile("(?m)^rec-[0-9a-f]+ +4 +1 ").matcher(out()).find(),
                "the recording's 4 actions against the extraction's terminate alone: " + out());
        assertTrue(out().contains("step average     0.00"), out());
    }
}
