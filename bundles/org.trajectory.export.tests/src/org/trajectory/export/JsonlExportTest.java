package org.trajectory.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ImageSource;
import org.trajectory.dataset.ImportOperation;
import org.trajectory.dataset.ImportReport;
import org.trajectory.dataset.kit.Engines;
import org.trajectory.dataset.kit.StoredJson;
import org.trajectory.export.internal.ExportReport;
import org.trajectory.export.internal.JsonlExport;
import org.trajectory.model.Json;
import org.trajectory.model.Task;
import org.trajectory.model.operation.Progress;

import com.fasterxml.jackson.databind.JsonNode;

/** An import exported again is the same JSON with the same image bytes, from every engine, into a folder or a zip. */
class JsonlExportTest {

    @TempDir
    Path temp;

    /** The OpenCUA CoT example, kept once in the dataset tests beside this fragment. */
    static Path fixture() {
        return Path.of("../org.trajectory.dataset.tests/testdata/opencua-cot-example").toAbsolutePath().normalize();
    }

    private static List<JsonNode> records(Path jsonl) throws Exception {
        return StoredJson.records(jsonl);
    }

    @ParameterizedTest
    @MethodSource(Engines.ALL)
    void theOpenCuaExampleRoundTripsExactly(Engines engine) throws Exception {
        Path input = fixture().resolve("raw_example.jsonl");
        try (Dataset dataset = Dataset.openOrCreate(engine.newDataset(temp, "ds"))) {
            new ImportOperation(dataset, input, fixture().resolve("images")).run(Progress.NONE); // exact: the dataset tests say so
            ExportReport exported = new JsonlExport(dataset, temp.resolve("out/data.jsonl"), temp.resolve("out/images"), false).run(Progress.NONE);
            assertEquals(1, exported.tasks());
            assertEquals(15, exported.images());
            assertTrue(exported.problems().isEmpty(), exported.problems().toString());
        }
        assertEquals(records(input), records(temp.resolve("out/data.jsonl")));
        try (Stream<Path> files = Files.list(fixture().resolve("images"))) {
            for (Path image : files.toList()) {
                assertArrayEquals(Files.readAllBytes(image), Files.readAllBytes(temp.resolve("out/images").resolve(image.getFileName())),
                        image.getFileName().toString());
            }
        }
    }

    @Test
    void exportToZipAndImportFromZipKeepsTheBytes() throws Exception {
        Path input = fixture().resolve("raw_example.jsonl");
        Path zip = temp.resolve("export/images.zip");
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("a")); ImageSource images = ImageSource.open(fixture().resolve("images"))) {
            new ImportOperation(dataset, input, images).run(Progress.NONE);
            new JsonlExport(dataset, temp.resolve("export/data.jsonl"), zip, false).run(Progress.NONE);
        }
        try (ZipFile file = new ZipFile(zip.toFile())) {
            assertEquals(15, file.size());
        }
        try (Dataset copy = Dataset.openOrCreate(temp.resolve("b")); ImageSource images = ImageSource.open(zip)) {
            ImportReport report = new ImportOperation(copy, temp.resolve("export/data.jsonl"), images).run(Progress.NONE);
            assertEquals(0, report.problemCount(), report.problems().toString());
            new JsonlExport(copy, temp.resolve("again/data.jsonl"), temp.resolve("again/images"), false).run(Progress.NONE);
        }
        assertEquals(records(input), records(temp.resolve("again/data.jsonl")));
        assertArrayEquals(Files.readAllBytes(fixture().resolve("images/3.png")), Files.readAllBytes(temp.resolve("again/images/3.png")));
    }

    /** Two recordings each call their first screenshot 0.png: each record names its own image in the export, never the other's. */
    @Test
    void differentImagesUnderOneNameAreExportedUnderNamesOfTheirOwn() throws Exception {
        byte[] first = Files.readAllBytes(fixture().resolve("images/1.png"));
        byte[] second = Files.readAllBytes(fixture().resolve("images/2.png"));
        Path out = temp.resolve("export");
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("a"))) {
            for (String id : List.of("first", "second")) {
                Task task = Task.parse("{\"task_id\":\"" + id
                        + "\",\"instruction\":\"do\",\"traj\":[{\"index\":0,\"image\":\"0.png\",\"value\":{\"code\":\"pyautogui.press('a')\"}}]}");
                dataset.put(task, List.of(id.equals("first") ? first : second), "test");
            }
            ExportReport report = new JsonlExport(dataset, out.resolve("data.jsonl"), out.resolve("images"), false).run(Progress.NONE);
            assertEquals(List.of(), report.problems(), "nothing refused");
        }
        for (String line : Files.readAllLines(out.resolve("data.jsonl"))) {
            JsonNode record = Json.MAPPER.readTree(line);
            String image = record.path("traj").get(0).path("image").asText();
            byte[] expected = record.path("task_id").asText().equals("first") ? first : second;
            assertArrayEquals(expected, Files.readAllBytes(out.resolve("images").resolve(image)), record.path("task_id") + " names " + image);
        }
    }

}
