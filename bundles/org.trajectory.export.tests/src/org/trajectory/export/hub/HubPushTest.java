package org.trajectory.export.hub;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.Dataset;
import org.trajectory.export.ExportFilter;
import org.trajectory.export.ExportOperation;
import org.trajectory.export.Exporters;
import org.trajectory.export.kit.ExportFixture;
import org.trajectory.model.operation.Progress;

/**
 * A push of a real Hugging Face export to a local server that speaks the Hub's protocol: there is no network here,
 * so the calls are checked against {@link LocalHub}, which holds what a real Hub would.
 */
class HubPushTest {

    private static final String TOKEN = "hf_TestTokenThatMustNotLeak0123456789";

    @TempDir
    Path temp;

    private Path export() throws Exception {
        Path out = temp.resolve("export");
        try (Dataset dataset = ExportFixture.create(temp.resolve("ds"), 8)) {
            new ExportOperation(dataset, Exporters.get().find("huggingface").orElseThrow(), out, Map.of("zip_size_mb", "1"), ExportFilter.ANY,
                    null, false).run(Progress.NONE);
        }
        return out;
    }

    private static PushOperation push(Path folder, LocalHub hub, String repo, boolean overwrite, String token) {
        return new PushOperation(folder, new PushOperation.Options(repo, true, overwrite, hub.endpoint(), token), Duration.ofMillis(10));
    }

    private static List<Path> files(Path folder) throws IOException {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        }
    }

    @Test
    void pushesEveryFileInOneCommitLargeOnesThroughLfsAndTheHubHoldsTheSameBytes() throws Exception {
        Path folder = export();
        try (LocalHub hub = new LocalHub(TOKEN, 1024, 3000, 1024)) {
            PushOperation.Report report = push(folder, hub, "qa-team/desktop-tasks", false, TOKEN).run(Progress.NONE);
            assertTrue(report.created());
            LocalHub.Repo repo = hub.repos.get("qa-team/desktop-tasks");
            assertTrue(repo.isPrivate, "asked for private");
            for (Path file : files(folder)) {
                String path = folder.relativize(file).toString();
                assertArrayEquals(Files.readAllBytes(file), repo.files.get(path), path + " is on the Hub as written");
            }
            assertEquals(files(folder).size() + 1, repo.files.size(), "the export's files and .gitattributes, nothing else");
            assertTrue(report.lfsUploaded() >= 2, "the archives went through LFS: " + report.summary());
            assertTrue(files(folder).stream().anyMatch(f -> f.toFile().length() >= 3000), "one file was large enough for a multipart upload");
            for (String auth : hub.authorizations) {
                assertEquals("Bearer " + TOKEN, auth, "the token goes in the Authorization header");
            }
            for (Path file : files(folder)) {
                assertFalse(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(TOKEN), "no token in " + file);
            }
        }
    }

    @Test
    void aBrokenConnectionIsRetriedAndAPushThatFailedResumesWithoutUploadingAgain() throws Exception {
        Path folder = export();
        try (LocalHub hub = new LocalHub(TOKEN, 512, Long.MAX_VALUE, 4096)) {
            hub.breakUploads.set(2);
            PushOperation.Report first = push(folder, hub, "qa-team/retried", false, TOKEN).run(Progress.NONE);
            assertTrue(first.lfsUploaded() > 0, first.summary());

            assertEquals(0, hub.breakUploads.get(), "the two broken uploads were tried again");
        }
        try (LocalHub hub = new LocalHub(TOKEN, 512, Long.MAX_VALUE, 4096)) {
            hub.uploadsUntilBroken.set(1);
            IOException broken = assertThrows(IOException.class, () -> push(folder, hub, "qa-team/resumed", false, TOKEN).run(Progress.NONE));
            assertTrue(broken.getMessage().contains("run the push again to go on from where it stopped"), broken.getMessage());
            assertEquals(1, hub.objects.size(), "one object got through before the connection went");
            hub.uploadsUntilBroken.set(Integer.MAX_VALUE);
            int uploadsBefore = hub.uploads.get();
            PushOperation.Report resumed = push(folder, hub, "qa-team/resumed", false, TOKEN).run(Progress.NONE);
            assertEquals(1, resumed.lfsAlreadyThere(), "the object uploaded before is not sent again: " + resumed.summary());
            assertEquals(uploadsBefore + resumed.lfsUploaded(), hub.uploads.get());
            assertTrue(resumed.lfsUploaded() >= 1, resumed.summary());
            assertFalse(resumed.created(), "the failed push had made the repository");
        }
    }

    @Test
    void refusesToPushOverARepositoryItDidNotMakeUnlessTold() throws Exception {
        Path folder = export();
        try (LocalHub hub = new LocalHub(TOKEN, 2048, Long.MAX_VALUE, 4096)) {
            LocalHub.Repo theirs = new LocalHub.Repo();
            theirs.files.put("README.md", "---\nlicense: mit\ntags:\n- nlp\n---\n# Someone's dataset\n".getBytes(StandardCharsets.UTF_8));
            hub.repos.put("someone/their-data", theirs);
            IOException refused = assertThrows(IOException.class, () -> push(folder, hub, "someone/their-data", false, TOKEN).run(Progress.NONE));
            assertEquals("someone/their-data exists and was not made by Trajectory Workbench (its card has no 'trajectory-workbench'"
                    + " tag); give --overwrite to push over it", refused.getMessage());
            assertEquals(1, theirs.files.size(), "nothing was pushed");
            push(folder, hub, "someone/their-data", true, TOKEN).run(Progress.NONE);
            assertTrue(theirs.files.containsKey("README.md") && new String(theirs.files.get("README.md"), StandardCharsets.UTF_8)
                    .contains("trajectory-workbench"));

            // Ours now: a second push needs no --overwrite.
            push(folder, hub, "someone/their-data", false, TOKEN).run(Progress.NONE);
        }
    }

    @Test
    void aWrongTokenIsSaidInOneLineAndNeverShown() throws Exception {
        Path folder = export();
        try (LocalHub hub = new LocalHub(TOKEN, 2048, Long.MAX_VALUE, 4096)) {
            IOException refused = assertThrows(IOException.class, () -> push(folder, hub, "qa-team/x", false, "hf_wrong").run(Progress.NONE));
            assertEquals("the Hub refused the token (401) when trying to create the repository: Invalid credentials in Authorization header",
                    refused.getMessage());
            assertFalse(refused.getMessage().contains("hf_wrong"));
            IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> push(folder, hub, "qa-team/x", false, null));
            assertTrue(none.getMessage().contains("HF_TOKEN"), none.getMessage());
            assertThrows(IllegalArgumentException.class, () -> push(folder, hub, "not a repo", false, TOKEN));
        }
    }

    /** A server that is not the Hub, or one that echoes the token: said in words, and the token never shown. */
    @Test
    void aServerThatEchoesTheTokenOrAnswersAWebPageIsSaidInWords() throws Exception {
        Path folder = export();
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            boolean echo = exchange.getRequestURI().getPath().startsWith("/echo");
            byte[] body = (echo ? "Invalid credentials: " + exchange.getRequestHeaders().getFirst("Authorization")
                    : "<!DOCTYPE html><html><body>Welcome to nginx!</body></html>").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", echo ? "text/plain" : "text/html");
            exchange.sendResponseHeaders(echo ? 401 : 200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            String endpoint = "http://127.0.0.1:" + server.getAddress().getPort();
            IOException echoed = assertThrows(IOException.class, () -> new PushOperation(folder, new PushOperation.Options("qa-team/x", true, false,
                    endpoint + "/echo", TOKEN), Duration.ofMillis(10)).run(Progress.NONE));
            assertTrue(echoed.getMessage().startsWith("the Hub refused the token (401)") && !echoed.getMessage().contains(TOKEN), echoed.getMessage());
            IOException page = assertThrows(IOException.class, () -> new PushOperation(folder, new PushOperation.Options("qa-team/x", true, false,
                    endpoint, TOKEN), Duration.ofMillis(10)).run(Progress.NONE));
            assertTrue(page.getMessage().contains("answered with a web page instead of the Hub's JSON (is HF_ENDPOINT the address of a Hugging Face"
                    + " Hub?)"), page.getMessage());
        } finally {
            server.stop(0);
        }
    }
}
