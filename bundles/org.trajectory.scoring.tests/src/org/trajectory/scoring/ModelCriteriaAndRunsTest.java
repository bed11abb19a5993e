package org.trajectory.scoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.TaskDraft;
import org.trajectory.dataset.kit.StoredJson;
import org.trajectory.model.Json;
import org.trajectory.model.operation.Progress;
import org.trajectory.vlm.ProviderConfig;
import org.trajectory.vlm.Retrying;
import org.trajectory.vlm.Usage;

import com.fasterxml.jackson.databind.JsonNode;

import com.sun.net.httpserver.HttpServer;

/**
 * Coherence and completion judged through a local server that speaks the OpenAI Chat Completions wire format;
 * incremental and forced runs; the final score's weights; scores in the export.
 */
class ModelCriteriaAndRunsTest {

    @TempDir
    Path temp;

    /** Answers each request with the next scripted content (HTTP 200, OpenAI format); keeps the requests. */
    static final class Server implements AutoCloseable {
        final HttpServer http;
        final Queue<String> contents = new ConcurrentLinkedQueue<>();
        final List<JsonNode> requests = new CopyOnWriteArrayList<>();

        Server() throws Exception {
            http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            http.createContext("/v1/chat/completions", exchange -> {
                requests.add(Json.MAPPER.readTree(exchange.getRequestBody()));
                String content = contents.poll();
                int status = content == null ? 500 : 200;
                String body = content == null ? "{\"error\":{\"message\":\"nothing scripted\"}}"
                        : Json.MAPPER.createObjectNode().set("choices", Json.MAPPER.createArrayNode().add(Json.MAPPER.createObjectNode()
                                .set("message", Json.MAPPER.createObjectNode().put("role", "assistant").put("content", content)))).toString();
                byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(status, bytes.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(bytes);
                }
            });
            http.start();
        }

        Retrying model() {
            return new Retrying(openAi(), new ProviderConfig("http://127.0.0.1:" + http.getAddress().getPort() + "/v1",
                    "judge", null), new Retrying.Policy(1, java.time.Duration.ofMillis(1), java.time.Duration.ofMillis(1)), new Usage());
        }

        @Override
        public void close() {
            http.stop(0);
        }
    }

    private static List<ScoringCriteria.Descriptor> criteria(String... ids) {
        return java.util.Arrays.stream(ids).map(id -> ScoringCriteria.get().find(id).orElseThrow()).toList();
    }

    @Test
    void coherenceAndCompletionAreJudgedByTheModelWithTheirReasons() throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds")); Server server = new Server()) {
            new Tasks("t", "Empty the trash").step("pyautogui.rightClick(x=0.1, y=0.9)").step("pyautogui.click(x=0.5, y=0.5)")
                    .step("computer.terminate(status='success')").into(dataset);
            server.contents.add("{\"score\": 0.7, \"reason\": \"Step 1 clicks an empty area.\", \"problem_steps\": [{\"step\": 1, \"problem\": \"clicks nothing\"}]}");
            server.contents.add("not json at all");
            server.contents.add("{\"score\": 0.9, \"reason\": \"The trash is empty on the final screen.\"}");
            ScoreOperation.Report report = new ScoreOperation(dataset, criteria("coherence", "completion"), Weights.defaults(ScoringCriteria.get().all()),
                    server.model(), new ScoreOperation.Options(1, false, null)).run(Progress.NONE);
            assertEquals(0, report.criterionErrors(), report.errors().toString());
            Dataset.StoredScore coherence = dataset.scores().get("t").get("coherence");
            assertEquals(0.7, coherence.value());
            assertEquals("Step 1 clicks an empty area.", coherence.reason());
            assertTrue(coherence.details().contains("\"step\":1"), coherence.details());
            assertEquals(0.9, dataset.scores().get("t").get("completion").value(), "after one repair request");
            assertEquals((0.7 * 0.2 + 0.9 * 0.4) / 0.6, dataset.read("t").score("final_score"), 1e-4);
            JsonNode first = server.requests.get(0);
            assertTrue(first.path("messages").get(1).path("content").get(0).path("text").asText().contains("Empty the trash"));
            assertTrue(first.path("messages").get(1).path("content").get(1).path("image_url").path("url").asText().startsWith("data:image/png;base64,"),
                    "the final screenshot is sent");
            assertEquals("json_object", first.path("response_format").path("type").asText());
        }
    }

    @Test
    void aModelFailureIsAnErrorScoreAndWithoutAModelTheCriterionIsSkipped() throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds")); Server server = new Server()) {
            new Tasks("t", "x").step("pyautogui.click(x=0.5, y=0.5)").into(dataset);
            ScoreOperation.Report report = new ScoreOperation(dataset, criteria("completion", "action_validity"),
                    Weights.defaults(ScoringCriteria.get().all()), server.model(), new ScoreOperation.Options(1, false, null)).run(Progress.NONE);
            assertEquals(1, report.criterionErrors());
            assertTrue(dataset.scores().get("t").get("completion").error().startsWith("server: "), dataset.scores().get("t").get("completion").error());
            ScoreOperation.Report without = new ScoreOperation(dataset, criteria("coherence"), Weights.defaults(ScoringCriteria.get().all()), null,
                    new ScoreOperation.Options(1, false, null)).run(Progress.NONE);
            assertEquals(List.of("coherence (needs a model: choose a provider)"), without.skippedCriteria());
            assertNull(dataset.scores().get("t").get("coherence"));
        }
    }

    @Test
    void anIncrementalRunScoresOnlyChangedTasksAndNewVersions() throws Exception {
        String[] version = { "1" };
        int[] calls = { 0 };
        ScoringCriteria.get().add(new ScoringCriteria.Descriptor("counting", "Counting", 1, false, new ScoringCriterion() {
            @Override
            public String version() {
                return version[0];
            }

            @Override
            public Score score(TaskInput task) {
                synchronized (calls) {
                    calls[0]++;
                }
                return Score.of(task.task().steps().size() >= 2 ? 1 : 0.5, "counted");
            }
        }));
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds"))) {
            for (int i = 0; i < 20; i++) {
                new Tasks("t" + i, "task " + i).step("pyautogui.click(x=0.5, y=0.5)").into(dataset);
            }
            ScoreOperation first = new ScoreOperation(dataset, criteria("counting"), Weights.defaults(ScoringCriteria.get().all()), null,
                    new ScoreOperation.Options(4, false, null));
            assertEquals(20, first.run(Progress.NONE).scored());
            assertEquals(20, calls[0]);
            ScoreOperation.Report again = new ScoreOperation(dataset, criteria("counting"), Weights.defaults(ScoringCriteria.get().all()), null,
                    new ScoreOperation.Options(4, false, null)).run(Progress.NONE);
            assertEquals(0, again.scored());
            assertEquals(20, again.upToDate());
            assertEquals(20, calls[0], "nothing scored twice");

            TaskDraft draft = dataset.draft("t7");
            dataset.save(draft.insertStep(1));
            ScoreOperation.Report afterEdit = new ScoreOperation(dataset, criteria("counting"), Weights.defaults(ScoringCriteria.get().all()), null,
                    new ScoreOperation.Options(4, false, null)).run(Progress.NONE);
            assertEquals(1, afterEdit.scored(), "only the edited task");
            assertEquals(1.0, dataset.scores().get("t7").get("counting").value());

            version[0] = "2";
            assertEquals(20, new ScoreOperation(dataset, criteria("counting"), Weights.defaults(ScoringCriteria.get().all()), null,
                    new ScoreOperation.Options(4, false, null)).run(Progress.NONE).scored(), "a new version rescores all");
            assertEquals("2", dataset.scores().get("t3").get("counting").version());
            assertEquals(20, new ScoreOperation(dataset, criteria("counting"), Weights.defaults(ScoringCriteria.get().all()), null,
                    new ScoreOperation.Options(4, true, null)).run(Progress.NONE).scored(), "--force");
        } finally {
            ScoringCriteria.get().remove("counting");
        }
    }

    @Test
    void weightsMakeTheFinalScoreAndScoresAreExported() throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds"))) {
            byte[] plain = Tasks.screen(java.awt.Color.WHITE, null);
            new Tasks("t", "x").step("pyautogui.click(x=0.5, y=0.5)", plain, null).step("pyautogui.hotkey('ctrl', 'florp')", plain, null)
                    .into(dataset);
            Weights weights = Weights.defaults(ScoringCriteria.get().all()).with(Weights.parse("action_validity=1,screen_change=3"));
            new ScoreOperation(dataset, criteria("format", "action_validity", "screen_change"), weights, null,
                    new ScoreOperation.Options(1, false, null)).run(Progress.NONE);
            // action validity 0.5 (weight 1), screen change 0 (the click changed nothing, weight 3)
            assertEquals(0.125, dataset.read("t").score("final_score"), 1e-9);
            JsonNode exported = StoredJson.records(dataset).get(0); // what an export writes

            assertEquals(0.5, exported.path("scores").path("action_validity").asDouble());
            assertEquals(0.125, exported.path("scores").path("final_score").asDouble());
            assertEquals("2", exported.path("score_details").path("action_validity").path("version").asText());
            assertTrue(exported.path("score_details").path("screen_change").path("reason").asText().contains("changed nothing"));

            Path profile = temp.resolve("profile.json");
            weights.save(profile);
            assertEquals(weights.of("screen_change"), Weights.load(profile, ScoringCriteria.get().all()).of("screen_change"));
        }
    }

    /** The OpenAI-compatible provider, as the workbench makes it: from the catalogue. */
    private static org.trajectory.vlm.VlmProvider openAi() {
        try {
            return org.trajectory.vlm.VlmProviders.get().find("openai").orElseThrow().provider();
        } catch (org.trajectory.vlm.VlmException e) {
            throw new IllegalStateException(e);
        }
    }
}
