package org.trajectory.vlm.kit;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;

import org.trajectory.model.Json;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;

/**
 * A real HTTP server on the loopback interface that answers from a script of responses (status, headers, body,
 * delay) and keeps every request it got, for the tests to look at the wire format.
 *
 * @since 0.1
 */
public final class LocalServer implements AutoCloseable {

    public record Reply(int status, Map<String, String> headers, String body, long delayMillis) {
        public static Reply ok(String body) {
            return new Reply(200, Map.of(), body, 0);
        }

        public static Reply status(int status, String body) {
            return new Reply(status, Map.of(), body, 0);
        }
    }

    public record Request(String method, String path, Map<String, List<String>> headers, String body) {
        public JsonNode json() throws IOException {
            return Json.MAPPER.readTree(body);
        }

        public String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name)).map(e -> e.getValue().get(0))
                    .findFirst().orElse(null);
        }
    }

    private final HttpServer server;
    private final java.util.concurrent.ExecutorService handlers = Executors.newCachedThreadPool();
    private final BlockingQueue<Reply> replies = new LinkedBlockingQueue<>();
    public final List<Request> requests = new CopyOnWriteArrayList<>();

    public LocalServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(handlers);
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            requests.add(new Request(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    Map.copyOf(exchange.getRequestHeaders()), body));
            Reply reply = replies.poll();
            if (reply == null) {
                reply = Reply.status(500, "{\"error\":{\"message\":\"no reply scripted\"}}");
            }
            try {
                Thread.sleep(reply.delayMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
            reply.headers().forEach(exchange.getResponseHeaders()::add);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            try {
                exchange.sendResponseHeaders(reply.status(), bytes.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(bytes);
                }
            } catch (IOException closed) {
                // the client gave up (a timeout or a cancel): nothing to answer
            }
        });
        server.start();
    }

    public LocalServer reply(Reply... more) {
        replies.addAll(List.of(more));
        return this;
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow(); // a reply still waiting out its delay is not sent
    }
}
