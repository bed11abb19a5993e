package org.trajectory.vlm.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.trajectory.vlm.ProviderConfig;
import org.trajectory.vlm.Retrying;
import org.trajectory.vlm.Usage;
import org.trajectory.vlm.VlmException;
import org.trajectory.vlm.VlmProvider;
import org.trajectory.vlm.VlmRequest;
import org.trajectory.vlm.VlmResponse;
import org.trajectory.vlm.kit.LocalServer.Reply;
import org.trajectory.vlm.VlmRequest.Image;
import org.trajectory.vlm.VlmRequest.Message;
import org.trajectory.vlm.VlmRequest.Text;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What every provider must do, against a real local HTTP server that speaks the provider's wire format: text and
 * images in, text and usage out, JSON mode, each failure as its typed error, retries through {@link Retrying}, the
 * timeout, cancel by interrupt, and the key never in a message. A provider's test extends this and says how its API
 * looks on the wire. Published in this bundle, with the {@link LocalServer}, so that a provider in a plugin of its own
 * is proven the way ours are: require {@code org.trajectory.vlm.kit} in its test bundle.
 *
 * @since 0.1
 */
public abstract class VlmProviderContract {

    protected static final String KEY = "sk-test-0123456789secret";
    protected static final byte[] PNG = Base64.getDecoder().decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==");

    protected LocalServer server;

    protected abstract VlmProvider provider();

    /** The body of a successful answer with this text and token counts. */
    protected abstract String answer(String text, long inputTokens, long outputTokens);

    /** The body of an error answer as this API writes it. */
    protected abstract String error(String message);

    /** The path the request must go to for {@code model}. */
    protected abstract String path(String model);

    /** The key as it must appear in the request's headers: header name and value. */
    protected abstract Map.Entry<String, String> keyHeader(String key);

    /** The base64 images of the request, in order. */
    protected abstract List<String> images(JsonNode request);

    /** Whether the request asks for a JSON object. */
    protected abstract boolean asksForJson(JsonNode request);

    /** All the text the request carries, system text included. */
    protected abstract String text(JsonNode request);

    /** {@code text} as a JSON string literal. */
    protected static String quote(String text) {
        try {
            return org.trajectory.model.Json.MAPPER.writeValueAsString(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @BeforeEach
    public void start() throws Exception {
        server = new LocalServer();
    }

    @AfterEach
    public void stop() {
        server.close();
    }

    protected ProviderConfig config() {
        return new ProviderConfig(server.url(), "test-model", KEY, Duration.ofSeconds(5), 2.0, 10.0);
    }

    protected static VlmRequest request(boolean json) {
        return VlmRequest.of(json, Message.system("You describe screens."),
                Message.user(new Text("What is on this screen?"), new Image(PNG, "image/png")));
    }

    @Test
    public void sendsTextAndImagesAndReadsTextAndUsage() throws Exception {
        server.reply(Reply.ok(answer("A white pixel.", 1200, 30)));
        VlmResponse response = provider().complete(request(false), config());
        assertEquals("A white pixel.", response.text());
        assertEquals(1200, response.usage().inputTokens());
        assertEquals(30, response.usage().outputTokens());
        assertEquals((1200 * 2.0 + 30 * 10.0) / 1e6, response.usage().cost(), 1e-12, "the configured prices");
        LocalServer.Request sent = server.requests.get(0);
        assertEquals("POST", sent.method());
        assertEquals(path("test-model"), sent.path());
        Map.Entry<String, String> key = keyHeader(KEY);
        assertEquals(key.getValue(), sent.header(key.getKey()));
        assertEquals(List.of(Base64.getEncoder().encodeToString(PNG)), images(sent.json()));
        assertTrue(text(sent.json()).contains("You describe screens."), "the system text is sent");
        assertTrue(text(sent.json()).contains("What is on this screen?"));
        assertFalse(asksForJson(sent.json()));
    }

    @Test
    public void jsonModeIsAskedForAndTheObjectComesBack() throws Exception {
        server.reply(Reply.ok(answer("{\"observation\": \"a pixel\"}", 10, 5)));
        VlmResponse response = provider().complete(request(true), config());
        assertTrue(asksForJson(server.requests.get(0).json()));
        assertEquals("a pixel", org.trajectory.model.Json.MAPPER.readTree(response.text()).path("observation").asText());
    }

    @Test
    public void rateLimitIsRetriedAfterTheTimeTheServerAsked() throws Exception {
        server.reply(new Reply(429, Map.of("Retry-After", "0.2"), error("slow down"), 0), Reply.ok(answer("fine", 1, 1)));
        Usage usage = new Usage();
        long start = System.nanoTime();
        VlmResponse response = new Retrying(provider(), config(), Retrying.Policy.DEFAULT, usage).complete(request(false));
        assertEquals("fine", response.text());
        assertTrue(System.nanoTime() - start >= 200_000_000L, "waited as asked");
        assertEquals(2, usage.requests());
        assertEquals(1, usage.retries());
        assertEquals(0, usage.failures());
    }

    @Test
    public void failuresAreTyped() throws Exception {
        server.reply(Reply.status(500, error("internal")), Reply.status(401, error("invalid key")),
                Reply.status(400, error("unknown model")), Reply.ok("this is not json"), Reply.ok("{\"unexpected\": true}"));
        assertKind(VlmException.Kind.SERVER, "internal");
        assertKind(VlmException.Kind.AUTH, "invalid key");
        assertKind(VlmException.Kind.BAD_REQUEST, "unknown model");
        assertKind(VlmException.Kind.BAD_RESPONSE, "not JSON");
        assertKind(VlmException.Kind.BAD_RESPONSE, "without text");
    }

    /** A server that echoes what it was sent (the key among it) is shown without the key, however often it says it. */
    @Test
    public void aServerEchoingTheKeyIsShownWithoutIt() throws Exception {
        String key = config().apiKey();
        server.reply(Reply.status(401, error("Invalid credentials: Bearer " + key)), Reply.status(500, "upstream said: api_key=" + key
                + " Authorization: Bearer " + key), Reply.status(400, error("key " + key + " is not allowed this model")));
        for (int i = 0; i < 3; i++) {
            VlmException e = assertThrows(VlmException.class, () -> provider().complete(request(false), config()));
            org.junit.jupiter.api.Assertions.assertFalse(key != null && e.getMessage().contains(key), "the key is shown: " + e.getMessage());
        }
    }

    private void assertKind(VlmException.Kind kind, String inMessage) {
        VlmException e = assertThrows(VlmException.class, () -> provider().complete(request(false), config()));
        assertEquals(kind, e.kind(), e.getMessage());
        assertTrue(e.getMessage().contains(inMessage), e.getMessage());
        assertFalse(e.getMessage().contains(KEY), "the key is never in a message");
    }

    @Test
    public void serverErrorsAreRetriedThenReported() throws Exception {
        server.reply(Reply.status(503, error("overloaded")), Reply.status(503, error("overloaded")));
        Usage usage = new Usage();
        VlmException e = assertThrows(VlmException.class, () -> new Retrying(provider(), config(),
                new Retrying.Policy(2, Duration.ofMillis(10), Duration.ofMillis(50)), usage).complete(request(false)));
        assertEquals(VlmException.Kind.SERVER, e.kind());
        assertEquals(2, usage.requests());
        assertEquals(1, usage.failures());
    }

    @Test
    public void aSlowServerTimesOut() {
        server.reply(new Reply(200, Map.of(), answer("late", 1, 1), 3000));
        VlmException e = assertThrows(VlmException.class,
                () -> provider().complete(request(false), config().withTimeout(Duration.ofMillis(500))));
        assertEquals(VlmException.Kind.TIMEOUT, e.kind());
    }

    @Test
    public void interruptingTheCallerStopsTheRequestInFlight() throws Exception {
        server.reply(new Reply(200, Map.of(), answer("late", 1, 1), 4000));
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            try {
                provider().complete(request(false), config());
            } catch (Throwable t) {
                outcome.set(t);
            }
        });
        caller.start();
        while (server.requests.isEmpty()) {
            Thread.sleep(10);
        }
        long start = System.nanoTime();
        caller.interrupt();
        caller.join(2000);
        assertFalse(caller.isAlive(), "the call returned at once");
        assertTrue(System.nanoTime() - start < 1_500_000_000L);
        assertNotNull(outcome.get());
        assertTrue(outcome.get() instanceof InterruptedException, String.valueOf(outcome.get()));
    }

    @Test
    public void theConfigurationNeverShowsTheKey() {
        assertFalse(config().toString().contains(KEY));
    }
}
