package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.cli.Command;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.model.Json;
import org.trajectory.model.Step;
import org.trajectory.model.Task;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The careless and the unlucky user: exports aimed at a dataset or over existing files, damaged recordings, broken
 * images, parser-speak. Each case asserts the exact line the user reads, the exit code, and that nothing was lost.
 */
class NothingLostTest extends CommandTestBase {

    @TempDir
    Path temp;


    static byte[] png(Path folder, String name) throws Exception {
        Path file = folder.resolve(name);
        ffmpeg("-f", "lavfi", "-i", "testsrc=size=64x48", "-frames:v", "1", file.toString());
        return Files.readAllBytes(file);
    }

    static void ffmpeg(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("ffmpeg", "-nostdin", "-v", "error", "-y"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            throw new IOException("ffmpeg failed: " + output);
        }
    }

    private static String record(String id, String image) {
        return "{\"task_id\":\"" + id + "\",\"instruction\":\"do " + id + "\",\"traj\":[{\"index\":0,\"image\":\"" + image
                + "\",\"value\":{\"code\":\"pyautogui.click(x=0.5, y=0.5)\"}}]}";
    }

    /** A dataset of two tasks with one image each, imported the ordinary way. */
    private Path dataset() throws Exception {
        Path images = Files.createDirectories(temp.resolve("in/images"));
        png(images, "a.png");
        png(images, "b.png");
        Files.write(temp.resolve("in/data.jsonl"), List.of(record("a", "a.png"), record("b", "b.png")));
        Path dataset = temp.resolve("ds");
        assertEquals(Command.OK, run("import", temp.resolve("in/data.jsonl").toString(), "--dataset", dataset.toString(),
                "--images", images.toString()), err());
        return dataset;
    }

    private static long files(Path folder) throws IOException {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(Files::isRegularFile).count();
        }
    }

    private static void assertHolds(Path dataset, long tasks) throws Exception {
        try (Dataset opened = Dataset.open(dataset)) {
            assertEquals(tasks, opened.count(TaskQuery.ALL), "the dataset still opens and holds its tasks");
            assertEquals(tasks, opened.stats().steps());
        }
    }

    // 1 and 5
    @Test
    void anExportNeverWritesIntoADatasetNorOverAFileUnlessForcedAndItsFilesAreReadableLikeAnyOther() throws Exception {
        Path dataset = dataset();
        long imagesBefore = files(dataset.resolve(Dataset.IMAGES));
        for (String inside : List.of("dataset.db", "data.jsonl", "images/export.jsonl")) {
            Path target = dataset.resolve(inside);
            assertEquals(Command.FAILED, run("export", "--review", "any", "--set", "personal_data=keep", "--dataset", dataset.toString(), "--out", target.toString()));
            assertEquals(List.of("workbench export: " + target + " is inside the dataset folder " + dataset
                    + "; export outside it (an export there could overwrite the dataset's own files)"), errLines());
        }
        assertHolds(dataset, 2);
        assertEquals(imagesBefore, files(dataset.resolve(Dataset.IMAGES)), "no exported image went into the dataset's store");

        Path jsonl = temp.resolve("out/data.jsonl");
        assertEquals(Command.OK, run("export", "--review", "any", "--set", "personal_data=keep", "--dataset", dataset.toString(), "--out", jsonl.toString()), err());
        Files.writeString(jsonl.resolveSibling("images/stale.png"), "from an earlier export");
        assertEquals(Command.FAILED, run("export", "--review", "any", "--set", "personal_data=keep", "--dataset", dataset.toString(), "--out", jsonl.toString()));
        assertEquals(List.of("workbench export: " + jsonl + " exists already; choose another name, or give --force to replace it"),
                errLines());
        assertEquals(2, Files.readAllLines(jsonl).size(), "the refused export left the file as it was");

        // A killed export's leftover (its process is gone) is removed by the next export to the same target.
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path leftover = Files.writeString(jsonl.resolveSibling(".data.jsonl." + gone.pid() + ".export-partial"), "half");
        assertEquals(Command.OK, run("export", "--review", "any", "--set", "personal_data=keep", "--dataset", dataset.toString(), "--out", jsonl.toString(), "--force"), err());
        assertFalse(Files.exists(leftover));
        assertFalse(Files.exists(jsonl.resolveSibling("images/stale.png")), "the images folder was replaced whole");
        assertTrue(Files.isRegularFile(jsonl.resolveSibling("images/a.png")));
        try (Stream<Path> names = Files.list(jsonl.getParent())) {
            assertEquals(List.of("data.jsonl", "images"), names.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no temporary file is left beside the export");
        }

        // The files are made the way any file of the user's is (the umask decides), not owner-only.
        Set<PosixFilePermission> usual = Files.getPosixFilePermissions(Files.writeString(temp.resolve("usual.txt"), "x"));
        assertEquals(usual, Files.getPosixFilePermissions(jsonl));
        assertEquals(usual, Files.getPosixFilePermissions(jsonl.resolveSibling("images/a.png")));
        Path zip = temp.resolve("zipped/images.zip");
        assertEquals(Command.OK, run("export", "--review", "any", "--set", "personal_data=keep", "--dataset", dataset.toString(), "--out", temp.resolve("zipped/data.jsonl").toString(),
                "--images", zip.toString()), err());
        assertEquals(usual, Files.getPosixFilePermissions(zip));
    }

    private static Path recording(Path folder, String... events) throws IOException {
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("metadata.json"), "{\"system\": \"Linux\", \"screen_width\": 1280, \"screen_height\": 800}");
        Files.writeString(folder.resolve("task_name.json"), "{\"task_name\": \"Open the settings\"}");
        Files.write(folder.resolve("events.jsonl"), List.of(events));
        return folder;
    }

    private static String click(double time, String x, String y, boolean pressed) {
        return "{\"time_stamp\": " + time + ", \"action\": \"click\", \"x\": " + x + ", \"y\": " + y
                + ", \"button\": \"left\", \"pressed\": " + pressed + "}";
    }

    private List<String> codes(Path dataset, String taskId) throws Exception {
        try (Dataset opened = Dataset.open(dataset)) {
            return opened.read(taskId).steps().stream().map(Step::code).toList();
        }
    }

    // 2
    @Test
    void outOfRangeCoordinatesAreLeftOutAndTheirStepsMarkedNeverMadeIntoWrongClicks() throws Exception {
        Path rec = recording(temp.resolve("rec"),
                click(1.0, "4294967936", "100", true), click(1.1, "4294967936", "100", false),
                click(2.0, "1e15", "-1e15", true), click(2.5, "900", "700", false),
                click(3.0, "640", "400", true), click(3.1, "640", "400", false),
                click(4.0, "20000", "10", true));
        Path dataset = temp.resolve("ds");
        assertEquals(Command.FAILED, run("build", rec.toString(), "--dataset", dataset.toString(), "--json"));
        JsonNode report = Json.MAPPER.readTree(out()).path("built").get(0);
        assertEquals(4, report.path("doubtful_lines").asInt());
        assertEquals(2, report.path("doubtful_steps").asInt());
        assertEquals(List.of("pyautogui.click(x=0.5000, y=0.5000)", "computer.terminate(status='success')"),
                codes(dataset, report.path("task_id").asText()), "no click was made of the bad points, and no drag became a click");
        List<String> lines = errLines();
        assertTrue(lines.contains("workbench build: " + rec + ": events.jsonl:1: x=4294967936 is not a pixel coordinate on any screen;"
                + " the event was left out"), lines.toString());
        assertTrue(lines.contains("workbench build: " + rec + ": events.jsonl:3: x=1.0E15 is not a pixel coordinate on any screen;"
                + " the event was left out"), lines.toString());
        assertTrue(lines.contains("workbench build: " + rec + ": events.jsonl:7: the point (20000, 10) is outside the 1280x800 screen"
                + " in force; the event was left out"), lines.toString());

        assertEquals(Command.FAILED, run("validate", "--dataset", dataset.toString()));
        assertTrue(out().contains(report.path("task_id").asText() + ": step 0: events.jsonl:1: x=4294967936 is not a pixel coordinate"),
                out());
        assertTrue(out().contains("\n4 problems in 1 task, in "), out());
    }

    // 3
    @Test
    void aRecordingWithoutReadableEventsFailsWithOneLineAndBuildsNothing() throws Exception {
        Path dataset = temp.resolve("ds");
        Path missing = recording(temp.resolve("missing"));
        Files.delete(missing.resolve("events.jsonl"));
        assertEquals(Command.FAILED, run("build", missing.toString(), "--dataset", dataset.toString()));
        assertEquals(List.of("workbench build: " + missing
                + ": the recording has no events.jsonl (its input events), so no steps can be built from it"), errLines());

        Path empty = recording(temp.resolve("empty"));
        Files.writeString(empty.resolve("events.jsonl"), "");
        assertEquals(Command.FAILED, run("build", empty.toString(), "--dataset", dataset.toString()));
        assertEquals(List.of("workbench build: " + empty + ": events.jsonl holds no input events, so no steps can be built from it"),
                errLines());

        Path loop = recording(temp.resolve("loop"));
        Files.delete(loop.resolve("events.jsonl"));
        Files.createSymbolicLink(loop.resolve("events.jsonl"), loop.resolve("events.jsonl"));
        assertEquals(Command.FAILED, run("build", loop.toString(), "--dataset", dataset.toString()));
        assertEquals(List.of("workbench build: " + loop.resolve("events.jsonl") + " cannot be read: it is a loop of symbolic links"),
                errLines());
        try (Dataset opened = Dataset.open(dataset)) {
            assertEquals(0, opened.count(TaskQuery.ALL), "no terminate-only trajectory was made");
        }
    }

    // 3
    @Test
    void stepsACutVideoOrAShortFrameTableDoesNotCoverGetNoScreenshotAndAreMarked() throws Exception {
        Path rec = recording(temp.resolve("rec"),
                click(0.5, "100", "100", true), click(0.6, "100", "100", false),
                click(3.0, "200", "200", true), click(3.1, "200", "200", false),
                "{\"time_stamp\": 2.0, \"action\": \"press\", \"name\": \"a\"}");
        Path video = rec.resolve("screen.mkv");
        ffmpeg("-f", "lavfi", "-i", "testsrc=size=640x400:rate=10", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast", "-g", "10",
                "-pix_fmt", "yuv420p", video.toString());
        byte[] whole = Files.readAllBytes(video);
        Files.write(video, Arrays.copyOf(whole, whole.length / 3));
        Path dataset = temp.resolve("ds");
        assertEquals(Command.FAILED, run("build", rec.toString(), "--dataset", dataset.toString(), "--json"));
        JsonNode report = Json.MAPPER.readTree(out()).path("built").get(0);
        List<String> lines = errLines();
        assertTrue(lines.contains("workbench build: " + rec + ": events.jsonl:5: its time 2.000 is 1.100 s before that of line 4;"
                + " its step's screenshot may be out of order"), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches(".*: step 1 is doubtful: no screenshot: the action at 3\\.000 s lies outside"
                + " the video's frames \\(0\\.000 to 0\\.900 s\\)")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches(".*: step 2 is doubtful: events.jsonl:5: its time 2\\.000 .*")), lines.toString());
        try (Dataset opened = Dataset.open(dataset)) {
            Task task = opened.read(report.path("task_id").asText());
            assertEquals("pyautogui.click(x=0.0781, y=0.1250)", task.steps().get(0).code());
            assertEquals(4, task.steps().get(0).json().path("frame").asInt(), "the frame before 0.5 s, which the cut video still holds");
            assertTrue(task.steps().get(1).image() == null, "no frame is made up for a step the video does not cover");
            assertFalse(task.steps().get(1).json().has("frame"));
            assertTrue(task.steps().get(1).json().path("build_problems").get(0).asText().startsWith("no screenshot"));
        }
        assertEquals(Command.FAILED, run("validate", "--dataset", dataset.toString()));
        assertTrue(out().contains(": step 1: no screenshot: the action at 3.000 s"), out());

        // The whole video, but a frame table cut short: the steps after its end get no screenshot either.
        Path table = recording(temp.resolve("table"), click(0.5, "100", "100", true), click(0.6, "100", "100", false),
                click(3.0, "200", "200", true), click(3.1, "200", "200", false));
        Files.write(table.resolve("screen.mkv"), whole);
        StringBuilder frames = new StringBuilder("frame,time_stamp\n");
        for (int frame = 0; frame < 10; frame++) {
            frames.append(frame).append(',').append(String.format(java.util.Locale.ROOT, "%.6f", frame / 10.0)).append('\n');
        }
        Files.writeString(table.resolve("frames.csv"), frames);
        assertEquals(Command.FAILED, run("build", table.toString(), "--dataset", dataset.toString()));
        assertTrue(errLines().contains("workbench build: " + table + ": frames.csv lists 10 frames and the video holds 40: the"
                + " frame table ends early"), errLines().toString());
        assertTrue(errLines().stream().anyMatch(l -> l.matches(".*: step 1 is doubtful: no screenshot: the action at 3\\.000 s .*")),
                errLines().toString());
    }

    // 3
    @Test
    void rebuildingKeepsTheAnnotationsOfTheStepsThatDidNotChange() throws Exception {
        Path rec = recording(temp.resolve("rec"), click(1.0, "100", "100", true), click(1.1, "100", "100", false),
                "{\"time_stamp\": 2.0, \"action\": \"press\", \"name\": \"a\"}");
        Path dataset = temp.resolve("ds");
        assertEquals(Command.OK, run("build", rec.toString(), "--dataset", dataset.toString(), "--json"), err());
        String taskId = Json.MAPPER.readTree(out()).path("built").get(0).path("task_id").asText();
        assertEquals(Command.OK, run("annotate", "--dataset", dataset.toString(), "--provider", "offline"), err());
        String thought;
        try (Dataset opened = Dataset.open(dataset)) {
            thought = opened.read(taskId).steps().get(0).text(Step.THOUGHT);
        }
        assertFalse(thought == null || thought.isBlank());

        assertEquals(Command.OK, run("build", rec.toString(), "--dataset", dataset.toString(), "--terminate", "failure"), err());
        assertTrue(errLines().contains("workbench build: " + rec + ": kept the annotations of 2 steps that did not change; dropped those"
                + " of 1 whose action or frame changed, and the task's summary"), err());
        try (Dataset opened = Dataset.open(dataset)) {
            Task task = opened.read(taskId);
            assertEquals(thought, task.steps().get(0).text(Step.THOUGHT));
            assertEquals("computer.terminate(status='failure')", task.steps().get(2).code());
            assertTrue(task.steps().get(2).text(Step.THOUGHT) == null, "the changed step's old words are not kept");
        }
    }

    // 6
    @Test
    void aCutOrTinyImageIsReportedOnImportWithItsLineAndByValidateTheSameWay() throws Exception {
        Path images = Files.createDirectories(temp.resolve("in/images"));
        byte[] png = png(images, "whole.png");
        Files.write(images.resolve("cut.png"), Arrays.copyOf(png, png.length - 40));
        Files.write(images.resolve("tiny.png"), Arrays.copyOf(png, 8));
        Files.write(temp.resolve("in/data.jsonl"), List.of(record("whole", "whole.png"), record("cut", "cut.png"), record("tiny", "tiny.png")));
        Path dataset = temp.resolve("ds");
        assertEquals(Command.FAILED, run("import", temp.resolve("in/data.jsonl").toString(), "--dataset", dataset.toString(),
                "--images", images.toString()));
        List<String> lines = errLines();
        assertTrue(lines.stream().anyMatch(l -> l.matches("data\\.jsonl:2: step 0: image 'cut\\.png' is a truncated PNG"
                + " \\(its I[A-Z]+ chunk at byte [0-9]+ runs past the end of the file\\)")), lines.toString());
        assertTrue(lines.contains("data.jsonl:3: step 0: image 'tiny.png' is a truncated PNG (no IHDR header)"),
                lines.toString());
        assertHolds(dataset, 3);

        assertEquals(Command.FAILED, run("validate", "--dataset", dataset.toString()));
        assertTrue(out().contains("tiny: step 0: image 'tiny.png' is a truncated PNG (no IHDR header) (found on import from"
                + " data.jsonl:3)"), out());
        assertTrue(out().contains("cut: step 0: image 'cut.png' is a truncated PNG"), out());
        assertFalse(out().contains("missing"), out());
        assertTrue(out().contains("\n2 problems in 2 tasks, 3 warnings, in "), "the records have no terminate: " + out());

        // An image damaged in the store after import is found by validate too.
        try (Stream<Path> walk = Files.walk(dataset.resolve(Dataset.IMAGES))) {
            Path stored = walk.filter(Files::isRegularFile).findFirst().orElseThrow();
            byte[] bytes = Files.readAllBytes(stored);
            bytes[bytes.length / 2] ^= 0x55;
            Files.write(stored, bytes);
        }
        assertEquals(Command.FAILED, run("validate", "--dataset", dataset.toString()));
        assertTrue(out().contains("whole: step 0: image 'whole.png' is damaged in the dataset's images folder"), out());
    }

    // 7
    @Test
    void badJsonAndBadVideosAreToldInTheUsersWords() throws Exception {
        String nested = "[".repeat(1500) + "]".repeat(1500);
        Files.write(temp.resolve("in.jsonl"), List.of(record("a", "a.png"),
                "{\"task_id\": \"b\", \"instruction\": \"x\", \"alignment_score\": NaN, \"traj\": []}",
                "{\"task_id\": \"c\", \"instruction\": \"x\", \"deep\": " + nested + ", \"traj\": []}"));
        Path dataset = temp.resolve("ds");
        assertEquals(Command.FAILED, run("import", temp.resolve("in.jsonl").toString(), "--dataset", dataset.toString()));
        List<String> lines = errLines();
        assertTrue(lines.stream().anyMatch(l -> l.matches("in\\.jsonl:2: not valid JSON: NaN is not a number JSON allows"
                + " \\(Python's json\\.dumps writes it for float\\('nan'\\) or float\\('inf'\\) unless allow_nan=False\\); write null"
                + " instead at column [0-9]+")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches("in\\.jsonl:3: not valid JSON: nested deeper than [0-9]+ levels,"
                + " which no trajectory record is( at column [0-9]+)?")), lines.toString());
        assertFalse(err().contains("StreamReadConstraints") || err().contains("JsonReadFeature") || err().contains("column ?"), err());
        assertHolds(dataset, 1);

        Path rec = recording(temp.resolve("rec"), click(1.0, "10", "10", true), click(1.1, "10", "10", false));
        Files.write(rec.resolve("screen.mkv"), new byte[1000]);
        assertEquals(Command.FAILED, run("build", rec.toString(), "--dataset", dataset.toString()));
        assertEquals(List.of("workbench build: " + rec.resolve("screen.mkv") + " cannot be read as a video: invalid data found when"
                + " processing input"), errLines());
    }
}
