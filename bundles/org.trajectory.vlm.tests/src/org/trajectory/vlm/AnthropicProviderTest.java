package org.trajectory.vlm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.trajectory.vlm.internal.AnthropicProvider;
import org.trajectory.vlm.kit.LocalServer;
import org.trajectory.vlm.kit.VlmProviderContract;

import com.fasterxml.jackson.databind.JsonNode;

/** The Anthropic Messages wire format. */
class AnthropicProviderTest extends VlmProviderContract {

    @Override
    protected VlmProvider provider() {
        return new AnthropicProvider();
    }

    @Override
    protected String answer(String text, long in, long out) {
        // In JSON mode the request pre-fills "{", and the API answers with the rest of the object.
        String rest = text.startsWith("{") ? text.substring(1) : text;
        return """
                {"id": "msg_01", "type": "message", "role": "assistant", "model": "test-model",
                 "content": [{"type": "text", "text": %s}], "stop_reason": "end_turn",
                 "usage": {"input_tokens": %d, "output_tokens": %d}}
                """.formatted(quote(rest), in, out);
    }

    @Override
    protected String error(String message) {
        return "{\"type\":\"error\",\"error\":{\"type\":\"api_error\",\"message\":\"" + message + "\"}}";
    }

    @Override
    protected String path(String model) {
        return "/v1/messages";
    }

    @Override
    protected Map.Entry<String, String> keyHeader(String key) {
        return Map.entry("x-api-key", key);
    }

    @Override
    protected List<String> images(JsonNode request) {
        List<String> images = new ArrayList<>();
        for (JsonNode message : request.path("messages")) {
            for (JsonNode part : message.path("content")) {
                if (part.path("type").asText().equals("image")) {
                    assertEquals("base64", part.path("source").path("type").asText());
                    assertEquals("image/png", part.path("source").path("media_type").asText());
                    images.add(part.path("source").path("data").asText());
                }
            }
        }
        return images;
    }

    @Override
    protected boolean asksForJson(JsonNode request) {
        JsonNode last = request.path("messages").path(request.path("messages").size() - 1);
        return last.path("role").asText().equals("assistant") && last.path("content").asText().equals("{");
    }

    @Override
    protected String text(JsonNode request) {
        StringBuilder text = new StringBuilder(request.path("system").asText("")).append('\n');
        for (JsonNode message : request.path("messages")) {
            message.path("content").forEach(part -> text.append(part.path("text").asText("")).append('\n'));
        }
        return text.toString();
    }

    @Test
    void theApiVersionAndTokenLimitAreSent() throws Exception {
        server.reply(LocalServer.Reply.ok(answer("ok", 1, 1)));
        provider().complete(request(false), config());
        assertEquals("2023-06-01", server.requests.get(0).header("anthropic-version"));
        assertEquals(1024, server.requests.get(0).json().path("max_tokens").asInt());
    }

    @Test
    void overloadedIsAServerError() {
        server.reply(LocalServer.Reply.status(529, "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}"));
        VlmException e = org.junit.jupiter.api.Assertions.assertThrows(VlmException.class,
                () -> provider().complete(request(false), config()));
        assertEquals(VlmException.Kind.SERVER, e.kind());
    }
}
