package org.trajectory.extract.internal.model;

import java.io.IOException;
import java.util.List;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

import org.trajectory.model.Json;
import org.trajectory.vlm.Model;
import org.trajectory.vlm.ProviderConfig;
import org.trajectory.vlm.VlmProvider;
import org.trajectory.vlm.VlmProviders;
import org.trajectory.vlm.kit.ChatCompletions;
import org.trajectory.vlm.kit.LocalServer;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;

/**
 * A local server speaking OpenAI's Chat Completions with scripted answers, and the real OpenAI client pointed at it.
 * Answers are queued in the order they will be asked for, or given per kind of question (by a word of its system text).
 */
final class ChatServer implements AutoCloseable {

    final LocalServer server = new LocalServer();
    private final java.util.Map<String, String> byPrompt = new java.util.concurrent.ConcurrentHashMap<>();
    private final HttpServer routed;
    private final java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicInteger mostInFlight = new java.util.concurrent.atomic.AtomicInteger();
    private volatile long delayMillis;

    ChatServer() throws IOException {
        routed = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        routed.setExecutor(java.util.concurrent.Executors.newCachedThreadPool()); // requests answered side by side
        routed.createContext("/", exchange -> {
            mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            server.requests.add(new LocalServer.Request(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    java.util.Map.copyOf(exchange.getRequestHeaders()), body));
            String system = Json.MAPPER.readTree(body).path("messages").path(0).path("content").asText("");
            String text = byPrompt.entrySet().stream().filter(e -> system.contains(e.getKey())).map(java.util.Map.Entry::getValue)
                    .findFirst().orElse(null);
            byte[] reply = (text == null ? "{\"error\":{\"message\":\"no answer scripted\"}}" : completion(text)).getBytes(StandardCharsets.UTF_8);
            // no longer in flight before the client can have its answer: it may ask its next question at once, and on a
            // busy machine before this thread would have counted the answer sent
            inFlight.decrementAndGet();
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(text == null ? 400 : 200, reply.length);
            try (java.io.OutputStream out = exchange.getResponseBody()) {
                out.write(reply);
            }
        });
        routed.start();
    }

    /** Queues answers (the model's text, each in a Chat Completions reply), in the order they will be asked for. */
    ChatServer answer(String... texts) throws IOException {
        for (String text : texts) {
            server.reply(LocalServer.Reply.ok(completion(text)));
        }
        return this;
    }

    /** Answers every question whose system text contains {@code word} with {@code text} (served on {@link #routedModel()}). */
    ChatServer answerWhen(String word, String text) {
        byPrompt.put(word, text);
        return this;
    }

    /** Each routed answer waits so long first, so that requests made at once are seen in flight together. */
    ChatServer delay(long millis) {
        delayMillis = millis;
        return this;
    }

    /** The most routed requests that were being answered at one time. */
    int mostInFlight() {
        return mostInFlight.get();
    }

    Model routedModel() throws Exception {
        VlmProvider openai = VlmProviders.get().find("openai").orElseThrow().provider();
        ProviderConfig config = new ProviderConfig("http://127.0.0.1:" + routed.getAddress().getPort() + "/v1", "test-vl", null);
        return request -> openai.complete(request, config);
    }

    private static String completion(String text) throws IOException {
        return "{\"id\":\"c\",\"object\":\"chat.completion\",\"model\":\"m\",\"choices\":[{\"index\":0,"
                + "\"finish_reason\":\"stop\",\"message\":{\"role\":\"assistant\",\"content\":" + Json.MAPPER.writeValueAsString(text)
                + "}}],\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":5,\"total_tokens\":15}}";
    }

    Model model() throws Exception {
        VlmProvider openai = VlmProviders.get().find("openai").orElseThrow().provider();
        ProviderConfig config = new ProviderConfig(server.url() + "/v1", "test-vl", null);
        return request -> openai.complete(request, config);
    }

    /** The requests the methods made, as JSON. */
    List<JsonNode> requests() throws IOException {
        List<JsonNode> all = new java.util.ArrayList<>();
        for (LocalServer.Request request : server.requests) {
            all.add(request.json());
        }
        return all;
    }

    /** How many images a request carried. */
    static int images(JsonNode request) {
        return ChatCompletions.imageUrls(request).size();
    }

    /** The text of a request's messages. */
    static String text(JsonNode request) {
        return ChatCompletions.text(request);
    }

    @Override
    public void close() {
        server.close();
        routed.stop(0);
    }
}
