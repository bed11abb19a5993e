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
 * The Anthropic Messages API ({@code POST {base}/v1/messages}, version 2023-06-01): the system text goes in
 * {@code system}, images as base64 sources. It has no JSON mode, so a JSON request pre-fills the answer with
 * {@code {} and the answer gets it back.
 */
public final class AnthropicProvider extends HttpJsonProvider {

    public static final String ID = "anthropic";
    static final String VERSION = "2023-06-01";

    @Override
    protected URI endpoint(ProviderConfig config) {
        return URI.create(config.baseUrl() + "/v1/messages");
    }

    @Override
    protected Map<String, String> headers(ProviderConfig config) {
        return config.hasKey() ? Map.of("x-api-key", config.apiKey(), "anthropic-version", VERSION)
                : Map.of("anthropic-version", VERSION);
    }

    @Override
    protected ObjectNode body(VlmRequest request, ProviderConfig config) {
        ObjectNode body = Json.MAPPER.createObjectNode();
        body.put("model", config.model());
        body.put("max_tokens", request.maxTokens());
        body.put("temperature", request.temperature());
        ArrayNode messages = body.putArray("messages");
        conversation(messages, request, "assistant", "content", (content, part) -> {
            switch (part) {
                case VlmRequest.Text text -> content.addObject().put("type", "text").put("text", text.text());
                case VlmRequest.Image image -> content.addObject().put("type", "image").putObject("source")
                        .put("type", "base64").put("media_type", image.mediaType())
                        .put("data", Base64.getEncoder().encodeToString(image.data()));
            }
        });
        if (!request.systemText().isEmpty()) {
            body.put("system", request.systemText());
        }
        if (request.json()) {
            messages.addObject().put("role", "assistant").put("content", "{");
        }
        return body;
    }

    @Override
    protected VlmResponse answer(JsonNode body, VlmRequest request, ProviderConfig config) throws VlmException {
        StringBuilder text = new StringBuilder();
        for (JsonNode block : body.path("content")) {
            if (block.path("type").asText().equals("text")) {
                text.append(block.path("text").asText());
            }
        }
        if (text.isEmpty() && !body.path("content").isArray()) {
            throw noText(config, "no content blocks");
        }
        JsonNode usage = body.path("usage");
        long in = usage.path("input_tokens").asLong();
        long out = usage.path("output_tokens").asLong();
        String answer = request.json() && !text.toString().stripLeading().startsWith("{") ? "{" + text : text.toString();
        return new VlmResponse(answer, new VlmResponse.Usage(in, out, config.cost(in, out)));
    }
}
