package org.trajectory.model;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The one Jackson configuration of the product: big strings allowed (a step's text can be long), nothing else special.
 *
 * @since 0.1
 */
public final class Json {

    /** Longest string value accepted in a record; Jackson's default of 20 MB is too small for a 50 MB line. */
    public static final int MAX_STRING_LENGTH = 256 * 1024 * 1024;

    public static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(MAX_STRING_LENGTH).build())
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
