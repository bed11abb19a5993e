package org.trajectory.export.hub;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.trajectory.model.Json;
import org.trajectory.model.Secrets;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Operation;
import org.trajectory.model.operation.Progress;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Uploads an export folder to a dataset repository on the Hugging Face Hub through its public HTTP API, in one
 * commit: create the repository (or find it, and refuse to push over one the workbench did not make unless told),
 * ask which files go through LFS ({@code preupload}), upload those through the LFS batch endpoint (basic or
 * multipart, then verify), and commit every file (small ones inline, large ones by their LFS pointer).
 * <p>
 * A broken connection or a busy server is retried with backoff; a push started again after a failure uploads only
 * what the Hub does not have yet (the LFS batch answer says which objects it holds), so it resumes. The token goes
 * only into the Authorization header of requests to the endpoint; it is never written or logged.
 *
 * @since 0.1
 */
public final class PushOperation implements Operation<PushOperation.Report> {

    /** The Hub's address unless {@code HF_ENDPOINT} says otherwise (as the Hub's own client reads it). */
    public static final String DEFAULT_ENDPOINT = "https://huggingface.co";
    /** The card tag that marks a repository this workbench made. */
    public static final String TAG = "trajectory-workbench";
    private static final int ATTEMPTS = 5;
    private static final int BATCH = 100;
    private static final String LFS_JSON = "application/vnd.git-lfs+json";

    /** What to push where. */
    public record Options(String repo, boolean privateRepo, boolean overwrite, String endpoint, String token, boolean allowPersonalData) {

        /** A push of a folder whose card says personal data was redacted; a new repository is private unless {@code privateRepo} is false. */
        public Options(String repo, boolean privateRepo, boolean overwrite, String endpoint, String token) {
            this(repo, privateRepo, overwrite, endpoint, token, false);
        }
    }

    /** What a push did. */
    public record Report(String repo, String commitUrl, int files, int lfsUploaded, int lfsAlreadyThere, long bytesUploaded, boolean created)
            implements org.trajectory.model.operation.Report {

        @Override
        public String summary() {
            return "pushed " + files + " files to " + repo + (created ? " (a new repository)" : "") + ": " + lfsUploaded
                    + " large files uploaded (" + bytesUploaded / 1048576 + " MB), " + lfsAlreadyThere + " the Hub had already; commit "
                    + commitUrl;
        }

        @Override
        public Map<String, Object> json() {
            return Json.fields("repo", repo, "commit", commitUrl, "files", files, "lfs_uploaded", lfsUploaded,
                    "lfs_already_there", lfsAlreadyThere, "bytes_uploaded", bytesUploaded, "created", created);
        }
    }

    /** A file to push: its path in the repository, on disk, its size and SHA-256. */
    record FileEntry(String path, Path file, long size, String sha256) {
    }

    private final Path folder;
    private final Options options;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).followRedirects(HttpClient.Redirect.NORMAL).build();
    private final String endpoint;
    private final Duration backoff;

    public PushOperation(Path folder, Options options) {
        this(folder, options, Duration.ofSeconds(2));
    }

    /** @param backoff the first wait before a retry (doubled each time); tests shorten it */
    PushOperation(Path folder, Options options, Duration backoff) {
        this.folder = folder;
        this.options = options;
        this.endpoint = options.endpoint().replaceAll("/+$", "");
        this.backoff = backoff;
        if (!options.repo().matches("[A-Za-z0-9][A-Za-z0-9._-]*/[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw new IllegalArgumentException("'" + options.repo() + "' is not a repository name: write it as user/name");
        }
        if (options.token() == null || options.token().isBlank()) {
            throw new IllegalArgumentException("no Hugging Face token: set HF_TOKEN, or store one with ./workbench push --login");
        }
    }

    @Override
    public String title() {
        return "Pushing " + folder.getFileName() + " to " + options.repo();
    }

    /** The folder must not change while its files are hashed and sent. */
    @Override
    public Set<String> exclusive() {
        return Set.of(Operation.folder(folder));
    }

    @Override
    public Report run(Progress progress) throws IOException, InterruptedException {
        if (!Files.isDirectory(folder)) {
            throw new IOException(folder + " is not a folder: push an export folder (./workbench export --format huggingface)");
        }
        String unpublishable = org.trajectory.export.internal.DatasetCard.unpublishable(folder);
        if (unpublishable != null && !options.allowPersonalData()) {
            throw new IOException(folder + " is not pushed: " + unpublishable + " (export it again with personal_data=redact, or push with"
                    + " --allow-personal-data if you checked it yourself)");
        }
        List<FileEntry> files = files(progress);
        if (files.isEmpty()) {
            throw new IOException(folder + " holds no file to push");
        }
        boolean created = createOrCheck();
        Map<String, String> modes = preupload(files);
        List<FileEntry> lfs = files.stream().filter(f -> "lfs".equals(modes.get(f.path()))).toList();
        long lfsBytes = lfs.stream().mapToLong(FileEntry::size).sum();
        progress.begin("Uploading " + Words.count(lfs.size(), "large file") + " to " + options.repo(), lfsBytes, "B");
        int[] counts = new int[2];
        long uploaded = 0;
        for (int start = 0; start < lfs.size(); start += BATCH) {
            uploaded += uploadLfs(lfs.subList(start, Math.min(lfs.size(), start + BATCH)), counts, progress);
            if (progress.isCancelled()) {
                throw new InterruptedException("cancelled: run the push again to go on from here");
            }
        }
        String commitUrl = commit(files, modes);
        return new Report(options.repo(), commitUrl, files.size(), counts[0], counts[1], uploaded, created);
    }

    /** Every regular file under the folder except leftovers of an export, with its hash. */
    private List<FileEntry> files(Progress progress) throws IOException {
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(folder)) {
            paths = walk.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().contains(".export-")).sorted().toList();
        }
        long total = 0;
        for (Path path : paths) {
            total += Files.size(path);
        }
        progress.begin("Hashing " + Words.count(paths.size(), "file"), total, "B");
        List<FileEntry> files = new ArrayList<>();
        for (Path path : paths) {
            MessageDigest digest = sha256();
            try (InputStream in = new DigestInputStream(Files.newInputStream(path), digest)) {
                byte[] buffer = new byte[1 << 16];
                for (int n; (n = in.read(buffer)) > 0;) {
                    progress.worked(n);
                }
            }
            String relative = folder.relativize(path).toString().replace('\\', '/');
            files.add(new FileEntry(relative, path, Files.size(path), HexFormat.of().formatHex(digest.digest())));
        }
        return files;
    }

    /** Creates the repository; true when it was made now. One that exists is pushed to only if it is ours or told to. */
    private boolean createOrCheck() throws IOException, InterruptedException {
        String[] parts = options.repo().split("/");
        ObjectNode body = Json.MAPPER.createObjectNode().put("type", "dataset").put("name", parts[1]).put("organization", parts[0])
                .put("private", options.privateRepo());
        HttpResponse<String> created = send(json(URI.create(endpoint + "/api/repos/create"), body), "create the repository", 409);
        if (created.statusCode() != 409) {
            return true;
        }
        JsonNode repo = ask(request(URI.create(endpoint + "/api/datasets/" + options.repo())).GET().build(), "read the repository");
        boolean ours = false;
        for (JsonNode tag : repo.path("cardData").path("tags")) {
            ours |= TAG.equals(tag.asText());
        }
        boolean empty = true;
        for (JsonNode sibling : repo.path("siblings")) {
            empty &= sibling.path("rfilename").asText().equals(".gitattributes");
        }
        if (!ours && !empty && !options.overwrite()) {
            throw new IOException(options.repo() + " exists and was not made by Trajectory Workbench (its card has no '" + TAG
                    + "' tag); give --overwrite to push over it");
        }
        return false;
    }

    private Map<String, String> preupload(List<FileEntry> files) throws IOException, InterruptedException {
        Map<String, String> modes = new HashMap<>();
        for (int start = 0; start < files.size(); start += BATCH) {
            ObjectNode body = Json.MAPPER.createObjectNode();
            ArrayNode list = body.putArray("files");
            for (FileEntry file : files.subList(start, Math.min(files.size(), start + BATCH))) {
                byte[] sample;
                try (InputStream in = Files.newInputStream(file.file())) {
                    sample = in.readNBytes(512);
                }
                list.addObject().put("path", file.path()).put("size", file.size()).put("sample", Base64.getEncoder().encodeToString(sample));
            }
            for (JsonNode file : ask(json(api("preupload/main"), body), "ask how to upload the files").path("files")) {
                modes.put(file.path("path").asText(), file.path("uploadMode").asText("regular"));
            }
        }
        return modes;
    }

    /** Uploads the objects of one LFS batch the Hub does not have; returns the bytes sent. */
    private long uploadLfs(List<FileEntry> batch, int[] counts, Progress progress) throws IOException, InterruptedException {
        ObjectNode body = Json.MAPPER.createObjectNode().put("operation", "upload").put("hash_algo", "sha256");
        body.putArray("transfers").add("basic").add("multipart");
        ArrayNode objects = body.putArray("objects");
        Map<String, FileEntry> byOid = new HashMap<>();
        for (FileEntry file : batch) {
            objects.addObject().put("oid", file.sha256()).put("size", file.size());
            byOid.put(file.sha256(), file);
        }
        HttpRequest request = request(URI.create(endpoint + "/datasets/" + options.repo() + ".git/info/lfs/objects/batch"))
                .header("Accept", LFS_JSON).header("Content-Type", LFS_JSON)
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build();
        JsonNode answer = ask(request, "ask the Hub for upload addresses");
        long sent = 0;
        for (JsonNode object : answer.path("objects")) {
            FileEntry file = byOid.get(object.path("oid").asText());
            if (file == null) {
                continue;
            }
            if (object.has("error")) {
                throw new IOException("the Hub refused " + file.path() + ": " + object.path("error").path("message").asText());
            }
            JsonNode upload = object.path("actions").path("upload");
            if (upload.isMissingNode()) {
                counts[1]++; // the Hub has it already (an earlier push, or one that broke off)
                progress.worked(file.size());
                continue;
            }
            if (upload.path("header").has("chunk_size")) {
                multipart(file, upload);
            } else {
                HttpRequest.Builder put = HttpRequest.newBuilder(URI.create(upload.path("href").asText())).timeout(Duration.ofHours(2))
                        .PUT(HttpRequest.BodyPublishers.ofFile(file.file()));
                upload.path("header").fields().forEachRemaining(h -> put.header(h.getKey(), h.getValue().asText()));
                send(put.build(), "upload " + file.path(), 0);
            }
            JsonNode verify = object.path("actions").path("verify");
            if (!verify.isMissingNode()) {
                HttpRequest.Builder check = HttpRequest.newBuilder(URI.create(verify.path("href").asText())).timeout(Duration.ofMinutes(5))
                        .header("Content-Type", LFS_JSON)
                        .POST(HttpRequest.BodyPublishers.ofString(Json.MAPPER.createObjectNode().put("oid", file.sha256()).put("size", file.size()).toString()));
                verify.path("header").fields().forEachRemaining(h -> check.header(h.getKey(), h.getValue().asText()));
                send(check.build(), "verify " + file.path(), 0);
            }
            counts[0]++;
            sent += file.size();
            progress.worked(file.size());
        }
        return sent;
    }

    /** A multipart upload: each part to its own address (the header's numbered keys), then the completion with the parts' ETags. */
    private void multipart(FileEntry file, JsonNode upload) throws IOException, InterruptedException {
        long chunk = Long.parseLong(upload.path("header").path("chunk_size").asText());
        List<String> numbers = new ArrayList<>();
        upload.path("header").fieldNames().forEachRemaining(name -> {
            if (name.chars().allMatch(Character::isDigit)) {
                numbers.add(name);
            }
        });
        numbers.sort((a, b) -> Integer.compare(Integer.parseInt(a), Integer.parseInt(b)));
        ObjectNode completion = Json.MAPPER.createObjectNode().put("oid", file.sha256());
        ArrayNode parts = completion.putArray("parts");
        for (String number : numbers) {
            int part = Integer.parseInt(number);
            long offset = (part - 1) * chunk;
            byte[] bytes;
            try (var channel = java.nio.channels.FileChannel.open(file.file())) {
                java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate((int) Math.min(chunk, file.size() - offset));
                channel.read(buffer, offset);
                bytes = buffer.array();
            }
            HttpRequest put = HttpRequest.newBuilder(URI.create(upload.path("header").path(number).asText())).timeout(Duration.ofHours(1))
                    .PUT(HttpRequest.BodyPublishers.ofByteArray(bytes)).build();
            HttpResponse<String> response = send(put, "upload part " + part + " of " + file.path(), 0);
            String etag = response.headers().firstValue("ETag").orElseThrow(() -> new IOException("the Hub gave no ETag for part " + part + " of " + file.path()));
            parts.addObject().put("partNumber", part).put("etag", etag);
        }
        HttpRequest complete = HttpRequest.newBuilder(URI.create(upload.path("href").asText())).timeout(Duration.ofMinutes(5))
                .header("Content-Type", LFS_JSON).POST(HttpRequest.BodyPublishers.ofString(completion.toString())).build();
        send(complete, "complete the upload of " + file.path(), 0);
    }

    private String commit(List<FileEntry> files, Map<String, String> modes) throws IOException, InterruptedException {
        StringBuilder body = new StringBuilder();
        body.append(Json.MAPPER.writeValueAsString(Json.MAPPER.createObjectNode().put("key", "header").set("value",
                Json.MAPPER.createObjectNode().put("summary", "Upload " + files.size() + " files with Trajectory Workbench").put("description", ""))))
                .append('\n');
        for (FileEntry file : files) {
            ObjectNode line = Json.MAPPER.createObjectNode();
            if ("lfs".equals(modes.get(file.path()))) {
                line.put("key", "lfsFile").putObject("value").put("path", file.path()).put("algo", "sha256").put("oid", file.sha256())
                        .put("size", file.size());
            } else {
                line.put("key", "file").putObject("value").put("path", file.path()).put("encoding", "base64")
                        .put("content", Base64.getEncoder().encodeToString(Files.readAllBytes(file.file())));
            }
            body.append(Json.MAPPER.writeValueAsString(line)).append('\n');
        }
        HttpRequest request = request(api("commit/main")).header("Content-Type", "application/x-ndjson")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build();
        JsonNode answer = ask(request, "commit the files");
        return answer.path("commitUrl").asText(answer.path("commitOid").asText("(no address given)"));
    }

    private URI api(String tail) {
        return URI.create(endpoint + "/api/datasets/" + options.repo() + "/" + tail);
    }

    private HttpRequest.Builder request(URI uri) {
        return HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(5)).header("Authorization", "Bearer " + options.token())
                .header("User-Agent", "trajectory-workbench");
    }

    private HttpRequest json(URI uri, JsonNode body) {
        return request(uri).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body.toString())).build();
    }

    /**
     * Sends with retries: a broken connection, a timeout, 429 or a 5xx is tried again after a growing wait; any other
     * answer outside 2xx (and {@code accepted}) is an IOException saying what was being done and what the Hub said.
     */
    private HttpResponse<String> send(HttpRequest request, String doing, int accepted) throws IOException, InterruptedException {
        IOException last = null;
        Duration wait = backoff;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            if (attempt > 1) {
                Thread.sleep(wait.toMillis());
                wait = wait.multipliedBy(2);
            }
            HttpResponse<String> response;
            try {
                response = http.send(request, HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) { // refused, timed out, or broken off: worth another try
                String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                last = new IOException("could not " + doing + ": the connection failed (" + Secrets.scrub(reason, options.token()) + "), " + ATTEMPTS
                        + " times; run the push again to go on from where it stopped", e);
                continue;
            }
            int status = response.statusCode();
            if (status / 100 == 2 || status == accepted) {
                return response;
            }
            String said = Secrets.scrub(said(response.body()), options.token()); // a server may echo the token it was sent
            if (status == 401 || status == 403) {
                throw new IOException("the Hub refused the token (" + status + ") when trying to " + doing + ": " + said);
            }
            if (status != 429 && status / 100 != 5) {
                throw new IOException("could not " + doing + ": the Hub answered " + status + ": " + said);
            }
            last = new IOException("could not " + doing + ": the Hub answered " + status + ", " + ATTEMPTS + " times: " + said);
        }
        throw last;
    }

    /** Sends {@code request} and reads the Hub's answer as JSON; anything else (a proxy's or a web server's HTML page) is said in words. */
    private JsonNode ask(HttpRequest request, String doing) throws IOException, InterruptedException {
        HttpResponse<String> response = send(request, doing, 0);
        try {
            JsonNode json = Json.MAPPER.readTree(response.body());
            if (json != null && json.isObject()) {
                return json;
            }
        } catch (IOException notJson) {
            // said below
        }
        String body = response.body() == null ? "" : response.body().stripLeading();
        String what = body.startsWith("<") ? "a web page" : body.isEmpty() ? "nothing" : "something that is not JSON";
        throw new IOException("could not " + doing + ": " + endpoint + " answered with " + what + " instead of the Hub's JSON"
                + " (is HF_ENDPOINT the address of a Hugging Face Hub?)");
    }

    /** The error message of a Hub answer ({"error": "..."}), or its first line. */
    private static String said(String body) {
        try {
            JsonNode json = Json.MAPPER.readTree(body);
            if (json != null && json.has("error")) {
                return json.path("error").asText();
            }
        } catch (IOException notJson) {
            // fall through
        }
        String line = body == null ? "" : body.strip().lines().findFirst().orElse("");
        return line.length() > 200 ? line.substring(0, 200) + "..." : line.isEmpty() ? "(no message)" : line;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The endpoint to use: {@code HF_ENDPOINT} when set, else the Hub. */
    public static String endpoint() {
        String set = System.getenv("HF_ENDPOINT");
        return set == null || set.isBlank() ? DEFAULT_ENDPOINT : set.strip().toLowerCase(Locale.ROOT).startsWith("http") ? set.strip() : DEFAULT_ENDPOINT;
    }
}
