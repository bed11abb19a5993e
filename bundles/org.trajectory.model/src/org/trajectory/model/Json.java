package org.trajectory.model;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The one Jackson configuration of the product: big strings allowed (a step's text can be long), nothing else special. */
public final class Json {

    /** Longest string value accepted in a record; Jackson's default of 20 MB is too small for a 50 MB line. */
    public static final int MAX_STRING_LENGTH = 256 * 1024 * 1024;

    public static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(MAX_STRING_LENGTH).build())
            .build());

    private Json() {
    }
}
