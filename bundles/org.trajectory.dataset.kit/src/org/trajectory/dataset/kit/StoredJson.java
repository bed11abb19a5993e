package org.trajectory.dataset.kit;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.StoredRecords;
import org.trajectory.model.Json;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The records of a dataset or of a JSONL file as JSON trees, for tests that compare what was stored with what was read.
 *
 * @since 0.1
 */
public final class StoredJson {

    private StoredJson() {
    }

    /** Every record as the dataset stores it (what an export writes unchanged), in the dataset's order. */
    public static List<JsonNode> records(Dataset dataset) throws IOException, SQLException {
        List<JsonNode> records = new ArrayList<>();
        try (StoredRecords stored = dataset.records()) {
            while (stored.next()) {
                StringWriter text = new StringWriter();
                stored.write(text);
                records.add(Json.MAPPER.readTree(text.toString()));
            }
        }
        return records;
    }

    /** The records of a JSONL file, blank lines left out. */
    public static List<JsonNode> records(Path jsonl) throws IOException {
        return Files.readAllLines(jsonl).stream().filter(l -> !l.isBlank()).map(l -> {
            try {
                return Json.MAPPER.readTree(l);
            } catch (IOException e) {
                throw new UncheckedIOException(jsonl + ": " + e.getMessage(), e);
            }
        }).toList();
    }
}
