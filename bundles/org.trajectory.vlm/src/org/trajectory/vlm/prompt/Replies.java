package org.trajectory.vlm.prompt;

import java.io.IOException;

import org.trajectory.model.Json;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Model answers read strictly: the whole answer must be one JSON object (a single Markdown code fence around it is
 * allowed, models add one), with every field of the right type. Nothing in it is ever evaluated.
 *
 * @since 0.1
 */
public final class Replies {

    private Replies() {
    }

    public static ObjectNode object(String answer) throws ModelJson.Invalid {
        String text = answer.strip();
        if (text.startsWith("```")) {
            int firstLine = text.indexOf('\n');
            if (firstLine < 0 || !text.endsWith("```")) {
                throw new ModelJson.Invalid("the answer is an unclosed code block, not a JSON object");
            }
            text = text.substring(firstLine + 1, text.length() - 3).strip();
        }
        JsonNode node;
        try {
            node = Json.MAPPER.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(text);
        } catch (IOException e) {
            throw new ModelJson.Invalid("the answer is not valid JSON (" + e.getMessage().lines().findFirst().orElse("") + ")");
        }
        if (node == null || !node.isObject()) {
            throw new ModelJson.Invalid("the answer is not a JSON object");
        }
        return (ObjectNode) node;
    }

    public static String text(ObjectNode object, String field) throws ModelJson.Invalid {
        JsonNode value = object.get(field);
        if (value == null || !value.isTextual() || value.asText().isBlank()) {
            throw new ModelJson.Invalid("\"" + field + "\" must be a non-empty string");
        }
        return value.asText().strip();
    }

    public static boolean flag(ObjectNode object, String field) throws ModelJson.Invalid {
        JsonNode value = object.get(field);
        if (value == null || !value.isBoolean()) {
            throw new ModelJson.Invalid("\"" + field + "\" must be true or false");
        }
        return value.asBoolean();
    }

    public static double score(ObjectNode object, String field) throws ModelJson.Invalid {
        JsonNode value = object.get(field);
        if (value == null || !value.isNumber() || value.asDouble() < 0 || value.asDouble() > 10) {
            throw new ModelJson.Invalid("\"" + field + "\" must be a number from 0 to 10");
        }
        return value.asDouble();
    }
}
