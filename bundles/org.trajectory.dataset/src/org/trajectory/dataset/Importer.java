package org.trajectory.dataset;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.trajectory.model.Json;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Task;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A way of reading a format's records into a dataset, contributed to the {@code importers} extension point
 * ({@link Importers}): it turns each record of a source (a file, or a folder of files) into our record, the AgentNet
 * JSON of one task, and says where a record could not be read. {@link ImportOperation} does the rest for every
 * format alike: the images, the checks, the database, progress and cancelling, importing again harmlessly. An
 * implementation is stateless.
 *
 * @since 0.1
 */
public interface Importer {

    /** True when {@code source} is in this format, as its name (and where that does not tell, its first bytes) says. */
    boolean reads(Path source) throws IOException;

    /** Where the screenshots of {@code source} are when the user does not say: the format's own layout. */
    Path images(Path source);

    /** The records of {@code source}, in order; records longer than {@code maxRecordBytes} are reported, not held. */
    Records open(Path source, int maxRecordBytes) throws IOException;

    /** A source's records, read one at a time by one thread. */
    interface Records extends Closeable {

        /** The next record, or null at the end. */
        Record next() throws IOException;

        /** How far through the source it is, in bytes, for progress. */
        long position();

        /** The source's size in bytes. */
        long size();
    }

    /**
     * One record: where it is ({@code file}, and {@code line} in it, or 0 when the whole file is the record), and either
     * our record's JSON or why it could not be read.
     */
    record Record(String file, long line, byte[] json, String error) {

        public static Record read(String file, long line, byte[] json) {
            return new Record(file, line, json, null);
        }

        public static Record unreadable(String file, long line, String error) {
            return new Record(file, line, null, error);
        }

        /** The record a format's {@code conversion} makes of the JSON {@code text}; unreadable, saying why, when either fails. */
        public static Record converted(String file, long line, byte[] text, Conversion conversion) {
            try {
                return converted(file, line, Json.MAPPER.readTree(text), conversion);
            } catch (JsonProcessingException e) {
                return unreadable(file, line, Json.describe(e));
            } catch (IOException e) {
                return unreadable(file, line, e.getMessage());
            }
        }

        /** The record a format's {@code conversion} makes of {@code json}; unreadable, saying why, when it cannot. */
        public static Record converted(String file, long line, JsonNode json, Conversion conversion) {
            String unholdable = Json.unholdable(json);
            if (unholdable != null) {
                return unreadable(file, line, unholdable);
            }
            try {
                return read(file, line, conversion.toTask(json).toJson().getBytes(StandardCharsets.UTF_8));
            } catch (RecordFormatException e) {
                return unreadable(file, line, e.getMessage());
            }
        }
    }

    /** How a format's JSON becomes our task (the {@code toTask} of {@code org.trajectory.model.format}'s formats). */
    @FunctionalInterface
    interface Conversion {
        Task toTask(JsonNode json) throws RecordFormatException;
    }
}
