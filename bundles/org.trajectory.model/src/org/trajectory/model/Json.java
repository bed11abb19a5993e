package org.trajectory.model;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The one Jackson configuration of the product: big strings allowed (a step's text can be long), a key given twice in
 * one object is an error (which of the two a reader keeps is not the writer's intent).
 *
 * @since 0.1
 */
public final class Json {

    /** Longest string value accepted in a record; Jackson's default of 20 MB is too small for a 50 MB line. */
    public static final int MAX_STRING_LENGTH = 256 * 1024 * 1024;

    public static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(MAX_STRING_LENGTH).build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build());

    private Json() {
    }

    /** An object's fields in the order given, names and values in turn: {@code fields("tasks", 2, "failed", 0)}. */
    public static java.util.Map<String, Object> fields(Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("names and values come in pairs");
        }
        java.util.Map<String, Object> fields = new java.util.LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return fields;
    }

    /** Where a parsed value holds a number too large for a double, as a JSON pointer; null when every number is finite. */
    private static String nonFinite(JsonNode node, String at) {
        if (node.isDouble() || node.isFloat()) {
            return Double.isFinite(node.doubleValue()) ? null : at.isEmpty() ? "/" : at;
        }
        String found = null;
        if (node.isObject()) {
            for (var field : node.properties()) {
                found = found != null ? found : nonFinite(field.getValue(), at + "/" + field.getKey().replace("~", "~0").replace("/", "~1"));
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size() && found == null; i++) {
                found = nonFinite(node.get(i), at + "/" + i);
            }
        }
        return found;
    }

    /**
     * Why a parsed record cannot be held, in the words {@link #describe} uses, or null when it can: {@code 1e309} parses
     * as infinity, which JSON cannot write back (it would come out as the string "Infinity").
     */
    public static String unholdable(JsonNode node) {
        String at = nonFinite(node, "");
        return at == null ? null : "not valid JSON: the number at " + at + " is too large to be held (beyond 1.8e308); write it"
                + " within range, or null";
    }

    /**
     * Why a text is not valid JSON, in the words of someone who writes JSONL, not Jackson's (which names its own
     * settings and methods): {@code not valid JSON: ... at column N}.
     */
    public static String describe(JsonProcessingException e) {
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        String reason;
        java.util.regex.Matcher token = java.util.regex.Pattern.compile("Non-standard token '([^']*)'").matcher(message);
        if (token.find()) {
            reason = token.group(1) + " is not a number JSON allows (Python's json.dumps writes it for float('nan') or"
                    + " float('inf') unless allow_nan=False); write null instead";
        } else if (e instanceof StreamConstraintsException && message.contains("nesting depth")) {
            reason = "nested deeper than " + StreamReadConstraints.DEFAULT_MAX_DEPTH + " levels, which no trajectory record is";
        } else if (message.startsWith("Duplicate field")) {
            reason = "the key " + message.substring("Duplicate field ".length()).strip() + " is given twice in one object; keep one";
        } else if (e instanceof StreamConstraintsException) {
            reason = "a value is larger than a record may hold";
        } else {
            // Jackson adds where a bracket opened as "(start marker at [Source: ...])" and hints in backticks.
            reason = message.replaceAll("\\s*\\(start marker at [^)]*\\)\\)?", "").replaceAll("(?s)\\s*\\n.*", "")
                    .replaceAll(";?\\s*[^;:]*`[^`]*`[^;]*", "").strip();
        }
        JsonLocation location = e.getLocation();
        return "not valid JSON: " + reason + (location == null || location.getColumnNr() < 1 ? "" : " at column " + location.getColumnNr());
    }
}
