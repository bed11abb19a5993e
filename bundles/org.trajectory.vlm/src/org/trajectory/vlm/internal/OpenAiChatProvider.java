package org.trajectory.vlm.internal;

import java.net.URI;
import java.util.Base64;
import java.util.Map;

import org.trajectory.model.Json;
import org.trajectory.vlm.HttpJsonProvider;
import org.trajectory.vlm.ProviderConfig;
import org.trajectory.vlm.Usage;
import org.trajectory.vlm.VlmException;
import org.trajectory.vlm.VlmRequest;
import org.trajectory.vlm.VlmResponse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The OpenAI Chat Completions API ({@code POST {base}/chat/completions}), which OpenAI, vLLM, Ollama, LM Studio and
 * OpenRouter all serve: images go as base64 data URLs, JSON is asked for with {@code response_format}, the cost is
 * read from {@code usage.cost} where the server reports it (OpenRouter) and else from the configured prices.
 */
public final class OpenAiChatProvider extends HttpJsonProvider {

    public static final String ID = "openai";

    @Override
    protected URI endpoint(ProviderConfig config) {
        return URI.create(config.baseUrl() + "/chat/completions");
    }

    @Override
    protected Map<String, String> headers(ProviderConfig config) {
        return config.hasKey() ? Map.of("Authorization", "Bearer " + config.apiKey()) : Map.of();
    }

    @Override
    protected ObjectNode body(VlmRequest request, ProviderConfig config) {
        ObjectNode body = Json.MAPPER.createObjectNode();
        body.put("model", config.model());
        ArrayNode messages = body.putArray("messages");
        for (VlmRequest.Message message : request.messages()) {
            ObjectNode node = messages.addObject().put("role", message.role().name().toLowerCase(java.util.Locale.ROOT));
            if (message.parts().stream().allMatch(VlmRequest.Text.class::isInstance)) {
                node.put("content", message.text());
                continue;
            }
            ArrayNode content = node.putArray("content");
            for (VlmRequest.Part part : message.parts()) {
                switch (part) {
                    case VlmRequest.Text text -> content.addObject().put("type", "text").put("text", text.text());
                    case VlmRequest.Image image -> content.addObject().put("type", "image_url").putObject("image_url")
                            .put("url", "data:" + image.mediaType() + ";base64," + Base64.getEncoder().encodeToString(image.data()));
                }
            }
        }
        body.put("max_tokens", request.maxTokens());
        body.put("temperature", request.temperature());
        if (request.json()) {
            body.putObject("response_format").put("type", "json_object");
        }
        return body;
    }

    @Override
    protected VlmResponse answer(JsonNode body, VlmRequest request, ProviderConfig config) throws VlmException {
        JsonNode content = body.path("choices").path(0).path("message").path("content");
        if (!content.isTextual()) {
            throw noText(config, "no choices[0].message.content");
        }
        JsonNode usage = body.path("usage");
        long in = usage.path("prompt_tokens").asLong();
        long out = usage.path("completion_tokens").asLong();
        Double cost = usage.path("cost").isNumber() ? Double.valueOf(usage.path("cost").asDouble()) : config.cost(in, out);
        return new VlmResponse(content.asText(), new VlmResponse.Usage(in, out, cost));
    }
}
