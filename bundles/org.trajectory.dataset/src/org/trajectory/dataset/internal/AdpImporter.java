package org.trajectory.dataset.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.trajectory.dataset.Importer;
import org.trajectory.model.Json;
import org.trajectory.model.format.AgentDataProtocolFormat;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * The Agent Data Protocol's standardized trajectories ({@link AgentDataProtocolFormat}): a JSON list of them (ADP's own
 * {@code sample_std.json}) or one a line; screenshots in {@code screenshots/} beside the file. A list is read one
 * trajectory at a time, never whole.
 */
public final class AdpImporter implements Importer {

    @Override
    public boolean reads(Path source) throws IOException {
        Sniff.Kind kind = Sniff.kind(source);
        return kind == Sniff.Kind.JSON_LIST || kind == Sniff.Kind.ADP_LINES;
    }

    @Override
    public Path images(Path source) {
        return source.toAbsolutePath().resolveSibling("screenshots");
    }

    @Override
    public Records open(Path source, int maxRecordBytes) throws IOException {
        String file = source.getFileName().toString();
        return Sniff.firstCharacter(source) == '[' ? new ListRecords(file, source) : new LineRecords(file, new AgentNetImporter().open(source, maxRecordBytes));
    }

    /** One trajectory a line: the lines as AgentNet's importer reads them, each converted. */
    private record LineRecords(String file, Records lines) implements Records {
        @Override
        public Record next() throws IOException {
            Record line = lines.next();
            return line == null || line.error() != null || isBlank(line.json()) ? line
                    : Record.converted(file, line.line(), line.json(), AgentDataProtocolFormat::toTask);
        }

        @Override
        public long position() {
            return lines.position();
        }

        @Override
        public long size() {
            return lines.size();
        }

        @Override
        public void close() throws IOException {
            lines.close();
        }
    }

    /** A JSON list, read one trajectory at a time with the streaming parser. */
    private static final class ListRecords implements Records {
        private final String file;
        private final long size;
        private final InputStream in;
        private final JsonParser parser;

        ListRecords(String file, Path source) throws IOException {
            this.file = file;
            this.size = Files.size(source);
            this.in = Files.newInputStream(source);
            this.parser = Json.MAPPER.getFactory().createParser(in);
            parser.nextToken(); // the list
        }

        @Override
        public Record next() throws IOException {
            JsonToken token;
            try {
                token = parser.nextToken();
            } catch (JsonProcessingException e) {
                return null; // what comes after a broken trajectory cannot be found again; said by the one before
            }
            if (token == null || token == JsonToken.END_ARRAY) {
                return null;
            }
            long line = parser.currentLocation().getLineNr();
            try {
                return Record.converted(file, line, (JsonNode) parser.readValueAsTree(), AgentDataProtocolFormat::toTask);
            } catch (JsonProcessingException e) {
                return Record.unreadable(file, line, Json.describe(e) + "; the trajectories after it cannot be read");
            }
        }

        @Override
        public long position() {
            return parser.currentLocation().getByteOffset();
        }

        @Override
        public long size() {
            return size;
        }

        @Override
        public void close() throws IOException {
            parser.close();
            in.close();
        }
    }

    private static boolean isBlank(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8).isBlank();
    }

}
