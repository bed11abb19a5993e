package org.trajectory.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which importer reads a file is told by its name and first bytes, and never two read the same file. */
class ImportersTest {

    @Test
    void eachFileIsReadByOneImporterOrNone(@TempDir Path temp) throws Exception {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("tasks.jsonl", "{\"task_id\": \"a\", \"traj\": []}\n");
        files.put("export.ndjson", "\n");
        files.put("lines.txt", "{\"task_id\": \"a\", \"traj\": []}\n");
        files.put("task.json", "\n\n  {\"task_id\": \"a\"}"); // pretty-printed, after blank lines
        files.put("sample_std.json", "\n[\n  {\"id\": \"a\"}\n]");
        files.put("std.jsonl", "{\"id\": \"a\", \"content\": [{\"class_\": \"text_observation\"}], \"details\": {}}\n");
        files.put("notes.txt", "not JSON\n");
        files.put("empty.json", "");
        Map<String, String> readers = new LinkedHashMap<>();
        for (Map.Entry<String, String> file : files.entrySet()) {
            Path path = Files.writeString(temp.resolve(file.getKey()), file.getValue());
            readers.put(file.getKey(), String.join("+", Importers.get().all().stream().filter(importer -> reads(importer.created(), path))
                    .map(importer -> importer.id()).toList()));
        }
        assertEquals(Map.of("tasks.jsonl", "agentnet", "export.ndjson", "agentnet", "lines.txt", "agentnet", "task.json", "agentnetbench",
                "sample_std.json", "adp", "std.jsonl", "adp", "notes.txt", "", "empty.json", ""), readers);
    }

    private static boolean reads(Importer importer, Path path) {
        try {
            return importer.reads(path);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}
