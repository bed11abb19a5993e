package org.trajectory.vlm;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.BiConsumer;

import org.trajectory.model.Json;
import org.trajectory.model.Secrets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The common part of providers that speak JSON over HTTPS with the JDK's HTTP client: the POST with a timeout, a
 * cancel that aborts the exchange when the caller is interrupted, and HTTP statuses turned into typed errors.
 * Subclasses say where to send, with which headers, and how to read the answer. Request headers (the key) are never
 * put into a message.
 *
 * @since 0.1
 */
public abstract class HttpJsonProvider implements VlmProvider {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(15))
            .followRedirects(HttpClient.Redirect.NORMAL).build();

    /** The URL to POST {@code request} to. */
    protected abstract URI endpoint(ProviderConfig config);

    /** The headers besides content type: the key, the API version. */
    protected abstract Map<String, String> headers(ProviderConfig config);

    protected abstract ObjectNode body(VlmRequest request, ProviderConfig config);

    /** Reads the answer of a 2xx response; throws BAD_RESPONSE when it holds no text. */
    protected abstract VlmResponse answer(JsonNode body, VlmRequest request, ProviderConfig config) throws VlmException;

    /** The error message in an error body (most APIs: {@code error.message}). */
    protected String errorMessage(JsonNode body) {
        JsonNode error = body.path("error");
        return error.isTextual() ? error.asText() : error.path("message").asText(null);
    }

    @Override
    public final VlmResponse complete(VlmRequest request, ProviderConfig config) throws VlmException, InterruptedException {
        HttpRequest.Builder http = HttpRequest.newBuilder(endpoint(config)).timeout(config.timeout())
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body(request, config).toString()));
        headers(config).forEach(http::header);
        CompletableFuture<HttpResponse<String>> call = CLIENT.sendAsync(http.build(), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> response;
        try {
            response = call.get();
        } catch (InterruptedException e) {
            call.cancel(true); // aborts the exchange: a cancelled run leaves nothing in flight
            throw e;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof HttpTimeoutException) {
                throw new VlmException(VlmException.Kind.TIMEOUT, "no answer from " + host(config) + " within "
                        + config.timeout().toSeconds() + " s", null, cause);
            }
            throw new VlmException(VlmException.Kind.NETWORK, "could not reach " + host(config) + ": " + Secrets.scrub(describe(cause), config.apiKey()), null, cause);
        }
        JsonNode body = parse(response.body());
        int status = response.statusCode();
        if (status / 100 == 2) {
            if (body == null) {
                throw new VlmException(VlmException.Kind.BAD_RESPONSE, host(config) + " answered with something that is not JSON: "
                        + Secrets.scrub(abbreviate(response.body()), config.apiKey()));
            }
            return answer(body, request, config);
        }
        // A server may echo what it was sent (the key among it): its words are shown without our secrets.
        String message = Secrets.scrub(body == null ? abbreviate(response.body()) : errorMessage(body), config.apiKey());
        String text = host(config) + " answered HTTP " + status + (message == null || message.isBlank() ? "" : ": " + message);
        throw switch (status) {
            case 401, 403 -> new VlmException(VlmException.Kind.AUTH, text + " (check the API key)");
            case 429 -> new VlmException(VlmException.Kind.RATE_LIMIT, text, retryAfter(response), null);
            case 408 -> new VlmException(VlmException.Kind.TIMEOUT, text);
            default -> status >= 500 ? new VlmException(VlmException.Kind.SERVER, text, retryAfter(response), null)
                    : new VlmException(VlmException.Kind.BAD_REQUEST, text);
        };
    }

    private static JsonNode parse(String text) {
        try {
            JsonNode node = Json.MAPPER.readTree(text);
            return node != null && node.isObject() ? node : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static Duration retryAfter(HttpResponse<?> response) {
        return response.headers().firstValue("retry-after").map(value -> {
            try {
                return Duration.ofMillis((long) (Double.parseDouble(value.strip()) * 1000));
            } catch (NumberFormatException e) {
                return null; // an HTTP date: rare, and the backoff covers it
            }
        }).orElse(null);
    }

    /**
     * Adds the user and assistant messages to {@code messages} as {@code {"role": .., partsField: [..]}}, the way APIs
     * that take the system text in a field of their own want them; {@code part} writes one part into the parts array.
     */
    protected static void conversation(ArrayNode messages, VlmRequest request, String assistantRole, String partsField,
            BiConsumer<ArrayNode, VlmRequest.Part> part) {
        for (VlmRequest.Message message : request.messages()) {
            if (message.role() != VlmRequest.Role.SYSTEM) {
                ObjectNode node = messages.addObject().put("role", message.role() == VlmRequest.Role.USER ? "user" : assistantRole);
                ArrayNode parts = node.putArray(partsField);
                message.parts().forEach(p -> part.accept(parts, p));
            }
        }
    }

    protected static String host(ProviderConfig config) {
        URI uri = URI.create(config.baseUrl());
        return uri.getHost() == null ? config.baseUrl() : uri.getHost() + (uri.getPort() > 0 ? ":" + uri.getPort() : "");
    }

    private static String describe(Throwable cause) {
        return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    }

    protected static String abbreviate(String text) {
        String flat = text == null ? "" : text.strip().replaceAll("\\s+", " ");
        return flat.length() > 200 ? flat.substring(0, 200) + "…" : flat;
    }

    protected static VlmException noText(ProviderConfig config, String why) {
        return new VlmException(VlmException.Kind.BAD_RESPONSE, host(config) + " answered without text: " + why);
    }
}
