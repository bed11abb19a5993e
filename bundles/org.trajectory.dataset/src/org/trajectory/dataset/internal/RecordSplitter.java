package org.trajectory.dataset.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.trajectory.model.Json;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Task;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Reads one JSONL line (UTF-8 bytes) in a single streaming pass into the checked record, its header (the record
 * without {@code traj}) and each step's JSON exactly as written in the line. Keeping the steps' own text avoids
 * writing them out again (the costliest part of an import) and makes an untouched step export byte for byte.
 */
public final class RecordSplitter {

    /** A record split for storage. */
    public record Split(Task task, String header, List<String> steps) {
    }

    private RecordSplitter() {
    }

    public static Split split(byte[] line, int length) throws RecordFormatException {
        try (JsonParser parser = Json.MAPPER.createParser(line, 0, length)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new RecordFormatException("a trajectory record must be a JSON object");
            }
            ObjectNode header = Json.MAPPER.createObjectNode();
            ArrayNode traj = null;
            List<String> steps = new ArrayList<>();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if (name.equals(Task.TRAJ) && value == JsonToken.START_ARRAY) {
                    traj = Json.MAPPER.createArrayNode();
                    while (parser.nextToken() != JsonToken.END_ARRAY) {
                        int start = (int) parser.currentTokenLocation().getByteOffset();
                        JsonNode step = parser.readValueAsTree();
                        int end = (int) parser.currentLocation().getByteOffset();
                        traj.add(step);
                        steps.add(new String(line, start, end - start, StandardCharsets.UTF_8));
                    }
                } else {
                    header.set(name, parser.readValueAsTree());
                }
            }
            if (parser.currentToken() != JsonToken.END_OBJECT || parser.nextToken() != null) {
                throw new RecordFormatException("not valid JSON: unexpected content after the record");
            }
            ObjectNode record = header.deepCopy();
            if (traj != null) {
                record.set(Task.TRAJ, traj);
            } else if (header.has(Task.TRAJ)) {
                record.set(Task.TRAJ, header.get(Task.TRAJ)); // a traj that is not a list: Task.of names the error
            }
            String unholdable = Json.unholdable(record);
            if (unholdable != null) {
                throw new RecordFormatException(unholdable);
            }
            Task task = Task.of(record);
            return new Split(task, header.toString(), steps);
        } catch (JsonProcessingException e) {
            throw new RecordFormatException(utf8Problem(line, length) != null ? utf8Problem(line, length)
                    : Json.describe(e));
        } catch (IOException e) {
            throw new RecordFormatException("not valid JSON: " + e.getMessage());
        }
    }

    /** Where the line stops being UTF-8, or null when it is valid. */
    static String utf8Problem(byte[] line, int length) {
        var decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
        java.nio.ByteBuffer bytes = java.nio.ByteBuffer.wrap(line, 0, length);
        var result = decoder.decode(bytes, java.nio.CharBuffer.allocate(length), true);
        return result.isError() ? "invalid UTF-8 at byte " + (bytes.position() + 1) + " of the line" : null;
    }
}
