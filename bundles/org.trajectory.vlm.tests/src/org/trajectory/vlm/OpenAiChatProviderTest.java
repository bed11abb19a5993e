package org.trajectory.vlm;

import java.util.List;
import java.util.Map;

import org.trajectory.vlm.internal.OpenAiChatProvider;
import org.trajectory.vlm.kit.ChatCompletions;
import org.trajectory.vlm.kit.LocalServer;
import org.trajectory.vlm.kit.VlmProviderContract;

import com.fasterxml.jackson.databind.JsonNode;

/** The OpenAI Chat Completions wire format, as vLLM, Ollama, LM Studio and OpenRouter serve it too. */
class OpenAiChatProviderTest extends VlmProviderContract {

    @Override
    protected VlmProvider provider() {
        return new OpenAiChatProvider();
    }

    @Override
    protected String answer(String text, long in, long out) {
        return """
                {"id": "chatcmpl-1", "object": "chat.completion", "model": "test-model",
                 "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": %s}}],
                 "usage": {"prompt_tokens": %d, "completion_tokens": %d, "total_tokens": %d}}
                """.formatted(quote(text), in, out, in + out);
    }

    @Override
    protected String error(String message) {
        return "{\"error\":{\"message\":\"" + message + "\",\"type\":\"invalid_request_error\",\"code\":null}}";
    }

    @Override
    protected String path(String model) {
        return "/chat/completions";
    }

    @Override
    protected Map.Entry<String, String> keyHeader(String key) {
        return Map.entry("Authorization", "Bearer " + key);
    }

    @Override
    protected List<String> images(JsonNode request) {
        return ChatCompletions.imageUrls(request).stream().map(url -> url.replaceFirst("^data:image/png;base64,", "")).toList();
    }

    @Override
    protected boolean asksForJson(JsonNode request) {
        return request.path("response_format").path("type").asText().equals("json_object");
    }

    @Override
    protected String text(JsonNode request) {
        return ChatCompletions.text(request);
    }

    @org.junit.jupiter.api.Test
    void theServersOwnCostWins() throws Exception {
        server.reply(LocalServer.Reply.ok("{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"ok\"}}],"
                + "\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":2,\"cost\":0.00042}}"));
        org.junit.jupiter.api.Assertions.assertEquals(0.00042, provider().complete(request(false), config()).usage().cost(), 1e-12);
    }

    @org.junit.jupiter.api.Test
    void aLocalServerNeedsNoKey() throws Exception {
        server.reply(LocalServer.Reply.ok(answer("ok", 1, 1)));
        provider().complete(request(false), new ProviderConfig(server.url(), "llava", null));
        org.junit.jupiter.api.Assertions.assertNull(server.requests.get(0).header("Authorization"));
    }
}
