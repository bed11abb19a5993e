package org.trajectory.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.kit.Engines;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;

/** Every kind of bad input gives one error naming its place, and every good record is kept. */
class BadInputTest {

    @TempDir
    Path temp;
    private Path images;
    private byte[] png;

    @BeforeEach
    void images() throws Exception {
        images = Files.createDirectories(temp.resolve("images"));
        png = Files.readAllBytes(TestData.path("opencua-cot-example/images/0.png"));
        Files.write(images.resolve("good.png"), png);
        Files.writeString(images.resolve("fake.png"), "<html>not an image</html>");
        Files.write(temp.resolve("secret.png"), png);
    }

    private static String record(String id, String image, String code) {
        return "{\"task_id\":\"" + id + "\",\"instruction\":\"do " + id + "\",\"traj\":[{\"index\":0,"
                + (image == null ? "" : "\"image\":\"" + image + "\",") + "\"value\":{\"code\":\"" + code + "\"}}]}";
    }

    private static final String CLICK = "pyautogui.click(x=0.5, y=0.5)";

    private ImportReport importLines(byte[] content, ImageSource source) throws Exception {
        Path jsonl = temp.resolve("in.jsonl");
        Files.write(jsonl, content);
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds"))) {
            return new ImportOperation(dataset, jsonl, source).maxLineBytes(64 << 20).run(Progress.NONE);
        }
    }

    private static String problems(ImportReport report) {
        return report.problems().stream().map(Problem::toString).collect(Collectors.joining("\n"));
    }

    @Test
    void eachBadLineHasItsOwnErrorAndTheGoodLinesAreAllKept() throws Exception {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        List<String> lines = List.of(
                record("ok1", "good.png", CLICK),                                   // 1
                "{\"task_id\":\"trunc\",\"instruction\":\"x\",\"traj\":[{\"ind",   // 2 truncated
                "{\"task_id\":\"types\",\"instruction\":42,\"traj\":[]}",           // 3 wrong type
                record("unknown", "good.png", "pyautogui.explode(1)"),              // 4 unknown action: kept
                record("range", "good.png", "pyautogui.click(x=1.7, y=0.2)"),       // 5 out of range: kept
                record("escape", "../secret.png", CLICK),                           // 6 path traversal: kept, no image
                record("absolute", temp.resolve("secret.png").toString(), CLICK),   // 7 absolute path
                record("missing", "nowhere.png", CLICK),                            // 8 missing image
                record("fake", "fake.png", CLICK),                                  // 9 not a PNG
                record("ok1", "good.png", CLICK),                                   // 10 duplicate id
                record("ok2", null, CLICK));                                        // 11
        for (int i = 0; i < lines.size(); i++) {
            file.write(lines.get(i).getBytes(StandardCharsets.UTF_8));
            file.write('\n');
        }
        file.write("{\"task_id\":\"utf\",\"instruction\":\"caf".getBytes(StandardCharsets.UTF_8));
        file.write(new byte[] { (byte) 0xc3, (byte) 0x28 });
        file.write("\",\"traj\":[]}\n".getBytes(StandardCharsets.UTF_8));   // 12 invalid UTF-8

        ImportReport report = importLines(file.toByteArray(), ImageSource.open(images));
        String problems = problems(report);

        assertEquals(8, report.imported(), problems); // ok1 unknown range escape absolute missing fake ok2
        assertEquals(4, report.skipped(), problems);  // trunc types duplicate utf
        assertTrue(problems.contains("in.jsonl:2: not valid JSON"), problems);
        assertTrue(problems.contains("in.jsonl:3: instruction must be a string"), problems);
        assertTrue(problems.contains("in.jsonl:4: step 0: code 1:1: unknown action 'pyautogui.explode'"), problems);
        assertTrue(problems.contains("in.jsonl:5: step 0: code 1:17: coordinate 1.7 is outside [0,1]"), problems);
        assertTrue(problems.contains("in.jsonl:6: step 0: image name '../secret.png' leaves the images folder"), problems);
        assertTrue(problems.contains("in.jsonl:7: step 0: image name '" + temp.resolve("secret.png") + "' is an absolute path"), problems);
        assertTrue(problems.contains("in.jsonl:8: step 0: image 'nowhere.png' is missing"), problems);
        assertTrue(problems.contains("in.jsonl:9: step 0: image 'fake.png' is not a PNG, JPEG or WebP image"), problems);
        assertTrue(problems.contains("in.jsonl:10: task_id 'ok1' appears again (first on line 1); skipped"), problems);
        assertTrue(problems.contains("in.jsonl:12: invalid UTF-8 at byte 36 of the line"), problems);
        assertEquals(report.problemCount(), report.problems().size());

        try (Dataset dataset = Dataset.open(temp.resolve("ds"))) {
            assertEquals(8, dataset.count(TaskQuery.ALL));
            assertEquals(1, dataset.stats().images(), "only good.png was stored");
            assertEquals(6, new ValidateOperation(dataset).run(Progress.NONE).problemCount(),
                    "validate finds the two code errors and the four missing images again");
        }
    }

    /** A PNG of 20000x20000 pixels is a few hundred kilobytes and gigabytes once decoded: refused by its header. */
    @Test
    void aPictureLargerThanAnyScreenIsRefusedByItsHeader() throws Exception {
        java.nio.ByteBuffer header = java.nio.ByteBuffer.allocate(33);
        header.put(new byte[] { (byte) 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a }).putInt(13).put("IHDR".getBytes(StandardCharsets.US_ASCII))
                .putInt(20000).putInt(20000).put(new byte[] { 8, 2, 0, 0, 0 });
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(header.array(), 12, 17);
        header.putInt((int) crc.getValue());
        Files.write(images.resolve("huge.png"), header.array());
        ImportReport report = importLines((record("huge", "huge.png", CLICK) + "\n").getBytes(StandardCharsets.UTF_8), ImageSource.open(images));
        assertTrue(problems(report).contains("in.jsonl:1: step 0: image 'huge.png' is a PNG of 20000x20000 pixels, larger than any screen"),
                problems(report));
    }

    /** A number beyond a double's range would come back as the string "Infinity"; a key given twice keeps one silently. */
    @Test
    void aNumberTooLargeAndAKeyGivenTwiceAreErrorsOfTheirLines() throws Exception {
        String lines = String.join("\n", record("ok1", null, CLICK),
                "{\"task_id\":\"huge\",\"instruction\":\"x\",\"score\":1e309,\"traj\":[]}",
                "{\"task_id\":\"twice\",\"task_id\":\"other\",\"instruction\":\"x\",\"traj\":[]}",
                "{\"task_id\":\"deep\",\"instruction\":\"x\",\"traj\":[{\"index\":0,\"value\":{\"code\":\"" + CLICK
                        + "\",\"code\":\"pyautogui.press('enter')\"}}]}",
                "{\"task_id\":\"neg\",\"instruction\":\"x\",\"traj\":[{\"index\":0,\"value\":{\"code\":\"" + CLICK
                        + "\",\"confidence\":-2e400}}]}",
                record("ok2", null, CLICK)) + "\n";
        ImportReport report = importLines(lines.getBytes(StandardCharsets.UTF_8), ImageSource.none());
        String problems = problems(report);
        assertEquals(2, report.imported(), problems);
        assertTrue(problems.contains("in.jsonl:2: not valid JSON: the number at /score is too large to be held"), problems);
        assertTrue(problems.contains("in.jsonl:3: not valid JSON: the key 'task_id' is given twice in one object"), problems);
        assertTrue(problems.contains("in.jsonl:4: not valid JSON: the key 'code' is given twice in one object"), problems);
        assertTrue(problems.contains("in.jsonl:5: not valid JSON: the number at /traj/0/value/confidence is too large"), problems);
    }

    @Test
    void aHugeLineIsReadAndAnOverlongOneSkipped() throws Exception {
        String big = "x".repeat(50 << 20);
        String huge = "{\"task_id\":\"big\",\"instruction\":\"" + big + "\",\"traj\":[]}";
        ImportReport report = importLines((huge + "\n" + record("after", null, CLICK) + "\n").getBytes(StandardCharsets.UTF_8),
                ImageSource.none());
        assertEquals(2, report.imported(), problems(report));

        Path jsonl = temp.resolve("long.jsonl");
        Files.writeString(jsonl, huge + "\n" + record("after2", null, CLICK) + "\n");
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds2"))) {
            ImportReport limited = new ImportOperation(dataset, jsonl, ImageSource.none()).maxLineBytes(1 << 20).run(Progress.NONE);
            assertEquals(1, limited.imported());
            assertEquals("long.jsonl:1: line is longer than 1 MB; skipped", limited.problems().get(0).toString());
        }
    }

    @Test
    void zipEntriesOutsideTheArchiveAreRefused() throws Exception {
        Path zip = temp.resolve("images.zip");
        try (OutputStream out = Files.newOutputStream(zip); ZipOutputStream entries = new ZipOutputStream(out)) {
            for (String name : List.of("images/good.png", "../evil.png", "/abs.png")) {
                entries.putNextEntry(new ZipEntry(name));
                entries.write(png);
                entries.closeEntry();
            }
        }
        try (ImageSource source = ImageSource.open(zip)) {
            ImportReport report = importLines((record("a", "good.png", CLICK) + "\n" + record("b", "evil.png", CLICK) + "\n"
                    + record("c", "../evil.png", CLICK) + "\n").getBytes(StandardCharsets.UTF_8), source);
            String problems = problems(report);
            assertEquals(3, report.imported(), problems);
            assertTrue(problems.contains("images.zip: zip entry '../evil.png' points outside the archive; ignored"), problems);
            assertTrue(problems.contains("images.zip: zip entry '/abs.png' points outside the archive; ignored"), problems);
            assertTrue(problems.contains("in.jsonl:2: step 0: image 'evil.png' is missing"), problems);
            assertTrue(problems.contains("in.jsonl:3: step 0: image name '../evil.png' leaves the images folder"), problems);
        }
    }

    /** What a server cannot keep (a NUL in a text, an id past its column) is refused the same way on both engines, by line. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource(Engines.BOTH)
    void aRecordNoEngineCanKeepIsNamedAndTheOthersAreKept(Engines engine) throws Exception {
        String step = ",\"traj\":[{\"index\":0,\"value\":{\"code\":\"pyautogui.press('a')\"}}]}";
        Path jsonl = Files.write(temp.resolve("nul.jsonl"), List.of("{\"task_id\":\"good1\",\"instruction\":\"do it\"" + step,
                "{\"task_id\":\"nul\",\"instruction\":\"a \\u0000 b\"" + step,
                "{\"task_id\":\"" + "x".repeat(300) + "\",\"instruction\":\"long id\"" + step,
                "{\"task_id\":\"good2\",\"instruction\":\"do it too\"" + step));
        try (Dataset dataset = Dataset.openOrCreate(engine.newDataset(temp, "ds"))) {
            ImportReport report = new ImportOperation(dataset, jsonl, ImageSource.none()).run(Progress.NONE);
            assertEquals(2, report.imported(), report.toString());
            assertEquals(List.of("good1", "good2"), dataset.taskIds());
            assertTrue(report.problems().get(0).toString().contains("nul.jsonl:2: the instruction holds a NUL character (U+0000)"), report.problems().toString());
            assertTrue(report.problems().get(1).toString().contains("nul.jsonl:3: the task_id is 300 characters long; a dataset keeps at most 255"),
                    report.problems().toString());
        }
    }

    /** Steps removed outside the workbench (the owner's psql, a damaged file): validate says so, task by task. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource(Engines.BOTH)
    void validateFindsATaskWhoseStepsAreGoneBehindItsBack(Engines engine) throws Exception {
        Path jsonl = Files.write(temp.resolve("two.jsonl"), List.of("{\"task_id\":\"t\",\"instruction\":\"do it\",\"traj\":["
                + "{\"index\":0,\"value\":{\"code\":\"pyautogui.press('a')\"}},{\"index\":1,\"value\":{\"code\":\"pyautogui.press('b')\"}}]}"));
        try (Dataset dataset = Dataset.openOrCreate(engine.newDataset(temp, "ds"))) {
            new ImportOperation(dataset, jsonl, ImageSource.none()).run(Progress.NONE);
            try (java.sql.Statement statement = dataset.connection().createStatement()) {
                statement.executeUpdate("DELETE FROM steps");
            }
            List<Problem> problems = new ValidateOperation(dataset).run(Progress.NONE).problems();
            assertEquals(1, problems.size(), problems.toString());
            assertEquals("t", problems.get(0).source());
            assertTrue(problems.get(0).message().startsWith("its record says 2 steps and the dataset holds 0"), problems.toString());
        }
    }

    /** Step indexes jumping from 13 to 15 (OpenCUA issue 40), or one index twice: validate names the step. */
    @Test
    void validateFindsAStepIndexSkippedOrRepeated() throws Exception {
        String step = "{\"index\":%d,\"value\":{\"code\":\"pyautogui.press('a')\"}}";
        Path jsonl = Files.write(temp.resolve("gaps.jsonl"), List.of(
                "{\"task_id\":\"gap\",\"instruction\":\"do it\",\"traj\":[" + String.format(step, 13) + "," + String.format(step, 15) + "]}",
                "{\"task_id\":\"twice\",\"instruction\":\"do it\",\"traj\":[" + String.format(step, 0) + "," + String.format(step, 0) + "]}",
                "{\"task_id\":\"sound\",\"instruction\":\"do it\",\"traj\":[" + String.format(step, 1) + "," + String.format(step, 2) + "]}"));
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds"))) {
            new ImportOperation(dataset, jsonl, ImageSource.none()).run(Progress.NONE);
            List<String> problems = new ValidateOperation(dataset).run(Progress.NONE).problems().stream().map(Problem::toString).toList();
            assertEquals(List.of("gap: step 1: its index is 15 after 13: a step was lost or repeated before the data came here",
                    "twice: step 1: its index is 0 after 0: a step was lost or repeated before the data came here"), problems);
        }
    }

    /** A review on a full disk says so, not "database in auto-commit mode"; the dataset stays as it was. */
    @Test
    void aChangeOnAFullDiskSaysTheDiskIsFullAndLeavesTheDatasetAsItWas() throws Exception {
        Path disk = Files.createDirectories(temp.resolve("disk"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", disk.toString()).redirectErrorStream(true).start();
        String said = new String(mount.getInputStream().readAllBytes());
        org.junit.jupiter.api.Assumptions.assumeTrue(mount.waitFor() == 0, "a tmpfs could not be mounted here (not root?): " + said);
        try {
            Path jsonl = Files.write(temp.resolve("one.jsonl"), List.of("{\"task_id\":\"t\",\"instruction\":\"do it\",\"traj\":["
                    + "{\"index\":0,\"value\":{\"code\":\"pyautogui.press('a')\"}}]}"));
            try (Dataset dataset = Dataset.openOrCreate(disk.resolve("ds"))) {
                new ImportOperation(dataset, jsonl, ImageSource.none()).run(Progress.NONE);
                try (OutputStream filler = Files.newOutputStream(disk.resolve("filler"))) {
                    byte[] block = new byte[64 * 1024];
                    while (true) {
                        filler.write(block);
                    }
                } catch (java.io.IOException full) {
                    // the disk is full now
                }
                java.sql.SQLException e = org.junit.jupiter.api.Assertions.assertThrows(java.sql.SQLException.class,
                        () -> dataset.reviews().set("t", ReviewState.APPROVED, "qa", "x".repeat(200_000)));
                assertTrue(e.getMessage().startsWith("the disk holding the dataset is full: nothing of this change was kept"), e.getMessage());
                Files.delete(disk.resolve("filler"));
                assertEquals(ReviewState.NEW, dataset.reviews().of("t").state(), "nothing half written");
                dataset.reviews().set("t", ReviewState.APPROVED, "qa", "fine");
                assertEquals(ReviewState.APPROVED, dataset.reviews().of("t").state(), "space freed: it works again");
            }
        } finally {
            new ProcessBuilder("umount", disk.toString()).inheritIO().start().waitFor();
        }
    }
}
