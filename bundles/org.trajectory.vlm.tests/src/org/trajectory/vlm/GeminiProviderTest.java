package org.trajectory.vlm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.trajectory.vlm.internal.GeminiProvider;
import org.trajectory.vlm.kit.LocalServer;
import org.trajectory.vlm.kit.VlmProviderContract;

import com.fasterxml.jackson.databind.JsonNode;

/** The Gemini generateContent wire format. */
class GeminiProviderTest extends VlmProviderContract {

    @Override
    protected VlmProvider provider() {
        return new GeminiProvider();
    }

    @Override
    protected String answer(String text, long in, long out) {
        return """
                {"candidates": [{"content": {"role": "model", "parts": [{"text": %s}]}, "finishReason": "STOP", "index": 0}],
                 "usageMetadata": {"promptTokenCount": %d, "candidatesTokenCount": %d, "totalTokenCount": %d},
                 "modelVersion": "test-model"}
                """.formatted(quote(text), in, out, in + out);
    }

    @Override
    protected String error(String message) {
        return "{\"error\":{\"code\":400,\"message\":\"" + message + "\",\"status\":\"INVALID_ARGUMENT\"}}";
    }

    @Override
    protected String path(String model) {
        return "/v1beta/models/" + model + ":generateContent";
    }

    @Override
    protected Map.Entry<String, String> keyHeader(String key) {
        return Map.entry("x-goog-api-key", key);
    }

    @Override
    protected List<String> images(JsonNode request) {
        List<String> images = new ArrayList<>();
        for (JsonNode content : request.path("contents")) {
            for (JsonNode part : content.path("parts")) {
                if (part.has("inline_data")) {
                    assertEquals("image/png", part.path("inline_data").path("mime_type").asText());
                    images.add(part.path("inline_data").path("data").asText());
                }
            }
        }
        return images;
    }

    @Override
    protected boolean asksForJson(JsonNode request) {
        return request.path("generationConfig").path("responseMimeType").asText().equals("application/json");
    }

    @Override
    protected String text(JsonNode request) {
        StringBuilder text = new StringBuilder();
        request.path("systemInstruction").path("parts").forEach(p -> text.append(p.path("text").asText("")).append('\n'));
        for (JsonNode content : request.path("contents")) {
            content.path("parts").forEach(p -> text.append(p.path("text").asText("")).append('\n'));
        }
        return text.toString();
    }

    @Test
    void aBlockedAnswerSaysWhy() {
        server.reply(LocalServer.Reply.ok("{\"promptFeedback\": {\"blockReason\": \"SAFETY\"}}"));
        VlmException e = assertThrows(VlmException.class, () -> provider().complete(request(false), config()));
        assertEquals(VlmException.Kind.BAD_RESPONSE, e.kind());
        assertTrue(e.getMessage().contains("SAFETY"), e.getMessage());
    }
}
