package org.trajectory.export.hub;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.trajectory.model.Json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A local server speaking the Hugging Face Hub's HTTP protocol for the calls a push makes (repository create and
 * info, preupload, the LFS batch endpoint with basic and multipart transfers and verify, the NDJSON commit), as
 * huggingface_hub sends them. It keeps repositories in memory, checks the bearer token, checks every LFS object
 * against its SHA-256, and can break connections to test retries and resuming.
 */
final class LocalHub implements AutoCloseable {

    /** A repository: its files (path to bytes) and whether the workbench's push made it. */
    static final class Repo {
        final Map<String, byte[]> files = new TreeMap<>();
        boolean isPrivate;
    }

    final Map<String, Repo> repos = new ConcurrentHashMap<>();
    final Map<String, byte[]> objects = new ConcurrentHashMap<>();
    final AtomicInteger uploads = new AtomicInteger();
    final List<String> authorizations = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** LFS uploads still to break off (the connection is closed without an answer). */
    final AtomicInteger breakUploads = new AtomicInteger();
    /** How many LFS uploads succeed before every later one breaks off (a connection gone for good). */
    final AtomicInteger uploadsUntilBroken = new AtomicInteger(Integer.MAX_VALUE);
    private final Map<String, Map<Integer, byte[]>> parts = new ConcurrentHashMap<>();
    private final HttpServer server;
    private final String token;
    private final long lfsFrom;
    private final long multipartFrom;
    private final int chunk;

    /**
     * @param lfsFrom files of at least this size go through LFS (the Hub says 10 MB; tests use less)
     * @param multipartFrom LFS objects of at least this size are uploaded in parts of {@code chunk} bytes
     */
    LocalHub(String token, long lfsFrom, long multipartFrom, int chunk) throws IOException {
        this.token = token;
        this.lfsFrom = lfsFrom;
        this.multipartFrom = multipartFrom;
        this.chunk = chunk;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
        server.start();
    }

    String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod();
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            String auth = exchange.getRequestHeaders().getFirst("Authorization");
            if (auth != null) {
                authorizations.add(auth);
            }
            boolean signed = path.startsWith("/lfs-"); // presigned addresses: no token, as on the Hub's storage
            if (!signed && !("Bearer " + token).equals(auth)) {
                send(exchange, 401, "{\"error\":\"Invalid credentials in Authorization header\"}");
                return;
            }
            if (method.equals("POST") && path.equals("/api/repos/create")) {
                JsonNode request = Json.MAPPER.readTree(body);
                String id = request.path("organization").asText() + "/" + request.path("name").asText();
                if (!request.path("type").asText().equals("dataset")) {
                    send(exchange, 400, "{\"error\":\"type must be dataset here\"}");
                } else if (repos.containsKey(id)) {
                    send(exchange, 409, "{\"error\":\"You already created this dataset repo\",\"url\":\"" + endpoint() + "/datasets/" + id + "\"}");
                } else {
                    Repo repo = new Repo();
                    repo.isPrivate = request.path("private").asBoolean();
                    repo.files.put(".gitattributes", "*.zip filter=lfs diff=lfs merge=lfs -text\n".getBytes(StandardCharsets.UTF_8));
                    repos.put(id, repo);
                    send(exchange, 200, "{\"url\":\"" + endpoint() + "/datasets/" + id + "\"}");
                }
            } else if (method.equals("GET") && path.startsWith("/api/datasets/")) {
                Repo repo = repos.get(path.substring("/api/datasets/".length()));
                if (repo == null) {
                    send(exchange, 404, "{\"error\":\"Repository not found\"}");
                    return;
                }
                ObjectNode info = Json.MAPPER.createObjectNode();
                ArrayNode siblings = info.putArray("siblings");
                repo.files.keySet().forEach(name -> siblings.addObject().put("rfilename", name));
                byte[] card = repo.files.get("README.md");
                if (card != null) {
                    String text = new String(card, StandardCharsets.UTF_8);
                    if (text.startsWith("---\n") && text.indexOf("\n---", 4) > 0) {
                        info.set("cardData", new YAMLMapper().readTree(text.substring(4, text.indexOf("\n---", 4))));
                    }
                }
                send(exchange, 200, info.toString());
            } else if (method.equals("POST") && path.matches("/api/datasets/.+/preupload/main")) {
                ObjectNode answer = Json.MAPPER.createObjectNode();
                ArrayNode files = answer.putArray("files");
                for (JsonNode file : Json.MAPPER.readTree(body).path("files")) {
                    files.addObject().put("path", file.path("path").asText())
                            .put("uploadMode", file.path("size").asLong() >= lfsFrom ? "lfs" : "regular").put("shouldIgnore", false);
                }
                send(exchange, 200, answer.toString());
            } else if (method.equals("POST") && path.matches("/datasets/.+\\.git/info/lfs/objects/batch")) {
                ObjectNode answer = Json.MAPPER.createObjectNode().put("transfer", "basic");
                ArrayNode out = answer.putArray("objects");
                for (JsonNode object : Json.MAPPER.readTree(body).path("objects")) {
                    String oid = object.path("oid").asText();
                    long size = object.path("size").asLong();
                    ObjectNode entry = out.addObject().put("oid", oid).put("size", size);
                    if (objects.containsKey(oid)) {
                        continue; // the Hub has it: no actions
                    }
                    ObjectNode actions = entry.putObject("actions");
                    ObjectNode upload = actions.putObject("upload");
                    if (size >= multipartFrom) {
                        upload.put("href", endpoint() + "/lfs-complete/" + oid);
                        ObjectNode header = upload.putObject("header").put("chunk_size", Integer.toString(chunk));
                        for (int part = 1; (part - 1L) * chunk < size; part++) {
                            header.put(String.format("%05d", part), endpoint() + "/lfs-part/" + oid + "/" + part);
                        }
                    } else {
                        upload.put("href", endpoint() + "/lfs-upload/" + oid);
                    }
                    actions.putObject("verify").put("href", endpoint() + "/lfs-verify");
                }
                send(exchange, 200, answer.toString());
            } else if (method.equals("PUT") && path.startsWith("/lfs-upload/")) {
                if (breakUploads.getAndUpdate(n -> Math.max(0, n - 1)) > 0 || uploadsUntilBroken.getAndDecrement() <= 0) {
                    return; // closed without an answer: a broken connection
                }
                store(exchange, path.substring("/lfs-upload/".length()), body);
            } else if (method.equals("PUT") && path.startsWith("/lfs-part/")) {
                String[] at = path.substring("/lfs-part/".length()).split("/");
                parts.computeIfAbsent(at[0], k -> new TreeMap<>()).put(Integer.parseInt(at[1]), body);
                exchange.getResponseHeaders().add("ETag", "\"etag-" + at[1] + "\"");
                send(exchange, 200, "");
            } else if (method.equals("POST") && path.startsWith("/lfs-complete/")) {
                String oid = path.substring("/lfs-complete/".length());
                JsonNode completion = Json.MAPPER.readTree(body);
                java.io.ByteArrayOutputStream whole = new java.io.ByteArrayOutputStream();
                for (JsonNode part : completion.path("parts")) {
                    if (!part.path("etag").asText().equals("\"etag-" + part.path("partNumber").asInt() + "\"")) {
                        send(exchange, 400, "{\"error\":\"wrong etag\"}");
                        return;
                    }
                    whole.write(parts.get(oid).get(part.path("partNumber").asInt()));
                }
                store(exchange, oid, whole.toByteArray());
            } else if (method.equals("POST") && path.equals("/lfs-verify")) {
                JsonNode object = Json.MAPPER.readTree(body);
                byte[] stored = objects.get(object.path("oid").asText());
                send(exchange, stored != null && stored.length == object.path("size").asLong() ? 200 : 404, "{}");
            } else if (method.equals("POST") && path.matches("/api/datasets/.+/commit/main")) {
                commit(exchange, path.substring("/api/datasets/".length(), path.length() - "/commit/main".length()), body);
            } else {
                send(exchange, 404, "{\"error\":\"no route " + method + " " + path + "\"}");
            }
        }
    }

    private void store(HttpExchange exchange, String oid, byte[] bytes) throws IOException {
        if (!sha256(bytes).equals(oid)) {
            send(exchange, 400, "{\"error\":\"the content does not match its oid\"}");
            return;
        }
        objects.put(oid, bytes);
        uploads.incrementAndGet();
        send(exchange, 200, "");
    }

    private void commit(HttpExchange exchange, String id, byte[] body) throws IOException {
        Repo repo = repos.get(id);
        if (repo == null) {
            send(exchange, 404, "{\"error\":\"Repository not found\"}");
            return;
        }
        if (!"application/x-ndjson".equals(exchange.getRequestHeaders().getFirst("Content-Type"))) {
            send(exchange, 400, "{\"error\":\"a commit is NDJSON\"}");
            return;
        }
        Map<String, byte[]> staged = new TreeMap<>();
        boolean header = false;
        for (String line : new String(body, StandardCharsets.UTF_8).split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode entry = Json.MAPPER.readTree(line);
            JsonNode value = entry.path("value");
            switch (entry.path("key").asText()) {
                case "header" -> header = value.has("summary");
                case "file" -> staged.put(value.path("path").asText(), Base64.getDecoder().decode(value.path("content").asText()));
                case "lfsFile" -> {
                    byte[] object = objects.get(value.path("oid").asText());
                    if (object == null || object.length != value.path("size").asLong() || !value.path("algo").asText().equals("sha256")) {
                        send(exchange, 400, "{\"error\":\"no LFS object " + value.path("oid").asText() + " for " + value.path("path").asText() + "\"}");
                        return;
                    }
                    staged.put(value.path("path").asText(), object);
                }
                default -> {
                    send(exchange, 400, "{\"error\":\"unknown key " + entry.path("key").asText() + "\"}");
                    return;
                }
            }
        }
        if (!header) {
            send(exchange, 400, "{\"error\":\"the commit has no header\"}");
            return;
        }
        repo.files.putAll(staged);
        send(exchange, 200, "{\"commitOid\":\"c0ffee\",\"commitUrl\":\"" + endpoint() + "/datasets/" + id + "/commit/c0ffee\"}");
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
