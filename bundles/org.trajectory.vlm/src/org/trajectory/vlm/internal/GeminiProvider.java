package org.trajectory.vlm.internal;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
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
 * Google's Gemini API ({@code POST {base}/v1beta/models/{model}:generateContent}): the key in
 * {@code x-goog-api-key}, images as {@code inline_data}, JSON asked for with {@code responseMimeType}, the system text
 * in {@code systemInstruction}.
 */
public final class GeminiProvider extends HttpJsonProvider {

    public static final String ID = "gemini";

    @Override
    protected URI endpoint(ProviderConfig config) {
        return URI.create(config.baseUrl() + "/v1beta/models/" + URLEncoder.encode(config.model(), StandardCharsets.UTF_8)
                + ":generateContent");
    }

    @Override
    protected Map<String, String> headers(ProviderConfig config) {
        return config.hasKey() ? Map.of("x-goog-api-key", config.apiKey()) : Map.of();
    }

    @Override
    protected ObjectNode body(VlmRequest request, ProviderConfig config) {
        ObjectNode body = Json.MAPPER.createObjectNode();
        ArrayNode contents = body.putArray("contents");
        conversation(contents, request, "model", "parts", (parts, part) -> {
            switch (part) {
                case VlmRequest.Text text -> parts.addObject().put("text", text.text());
                case VlmRequest.Image image -> parts.addObject().putObject("inline_data").put("mime_type", image.mediaType())
                        .put("data", Base64.getEncoder().encodeToString(image.data()));
            }
        });
        if (!request.systemText().isEmpty()) {
            body.putObject("systemInstruction").putArray("parts").addObject().put("text", request.systemText());
        }
        ObjectNode generation = body.putObject("generationConfig");
        generation.put("maxOutputTokens", request.maxTokens()).put("temperature", request.temperature());
        if (request.json()) {
            generation.put("responseMimeType", "application/json");
        }
        return body;
    }

    @Override
    protected VlmResponse answer(JsonNode body, VlmRequest request, ProviderConfig config) throws VlmException {
        JsonNode candidate = body.path("candidates").path(0);
        StringBuilder text = new StringBuilder();
        for (JsonNode part : candidate.path("content").path("parts")) {
            text.append(part.path("text").asText(""));
        }
        if (text.isEmpty()) {
            String reason = candidate.path("finishReason").asText(body.path("promptFeedback").path("blockReason").asText("no candidates"));
            throw noText(config, reason);
        }
        JsonNode usage = body.path("usageMetadata");
        long in = usage.path("promptTokenCount").asLong();
        long out = usage.path("candidatesTokenCount").asLong();
        return new VlmResponse(text.toString(), new VlmResponse.Usage(in, out, config.cost(in, out)));
    }
}
