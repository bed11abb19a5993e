package org.trajectory.builder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.builder.annotate.AnnotateOperation;
import org.trajectory.builder.annotate.OfflineAnnotator;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.TaskDraft;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.RecordingFolder;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A recording in AgentNetTool's layout (pynput names, an .mp4 whose frame 0 is at video_start_timestamp) becomes a
 * trajectory: the steps, and each step's image exactly the video frame just before its action.
 */
class PeerRecordingBuildTest {

    @Test
    void buildsStepsWithTheExactFrameBeforeEachAction(@TempDir Path temp) throws Exception {
        Path recording = PeerRecordings.write(temp.resolve("alice@example.com_recording"));
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            TrajectoryBuilder.Result result = new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE);
            assertEquals(List.of("events.jsonl:8: not a JSON object (a torn or broken line); left out"), result.warnings());
            assertEquals(1, result.doubtfulLines());
            assertEquals(0, result.doubtfulSteps(), "a line without a time belongs to no step");
            Task task = dataset.read(result.task().taskId());
            assertEquals("Save the note", task.instruction());
            assertEquals("windows", task.text(Task.OS));
            assertFalse(task.taskId().contains("alice"), "no e-mail address from the folder name");
            List<String> codes = task.steps().stream().map(Step::code).toList();
            assertEquals(List.of("pyautogui.click(x=0.5000, y=0.5000)", "pyautogui.write(message='ok')", "pyautogui.hotkey('ctrl', 's')",
                    "computer.terminate(status='success')"), codes);
            List<Integer> frames = task.steps().stream().map(s -> s.json().path(TrajectoryBuilder.FRAME).asInt()).toList();
            assertEquals(List.of(11, 19, 30, 39), frames,
                    "the frames shown before the pointer set out for the click (1.17 s), 2.00 s and 3.05 s (the S of Ctrl+S), then the last");
            assertEquals("note.txt - Notepad", task.steps().get(0).json().path(TrajectoryBuilder.WINDOW).asText());
            assertEquals(PeerRecordings.START + 1.25, task.steps().get(0).json().path(TrajectoryBuilder.START_TIME).asDouble(), 1e-6);
            assertEquals("[2,3]", task.steps().get(0).json().path(TrajectoryBuilder.EVENT_RANGE).toString(), "the click's lines of events.jsonl");
            assertEquals("[10,10]", task.steps().get(2).json().path(TrajectoryBuilder.EVENT_RANGE).toString(),
                    "the S of Ctrl+S on its own line 10, counted past the torn line 8 that was left out (its place among the kept: 9)");

            TaskDraft draft = dataset.draft(task.taskId());
            for (int i = 0; i < frames.size(); i++) {
                Path png = temp.resolve("step" + i + ".png");
                Files.write(png, dataset.images().read(draft.image(i)));
                assertArrayEquals(Videos.rgbOfFrame(recording.resolve("recording.mp4"), frames.get(i)), Videos.rgbOfPng(png),
                        "step " + i + " shows exactly frame " + frames.get(i));
            }

            Task beforeAction = new TrajectoryBuilder(ReductionSettings.DEFAULTS.withScreenshot(ReductionSettings.Screenshot.BEFORE_ACTION))
                    .build(recording, dataset, Progress.NONE).task();
            assertEquals(1, dataset.count(TaskQuery.ALL), "building again replaces the trajectory");
            assertEquals(List.of(12, 19, 30, 39), beforeAction.steps().stream().map(s -> s.json().path(TrajectoryBuilder.FRAME).asInt()).toList(),
                    "just before the actions: 1.25 s, 2.00 s, 3.05 s");
        }
    }

    /**
     * DuckTrack on a Retina Mac writes points, fractional, on a screen of half the video's pixels, and names the space
     * key {@code space}: every click, the triple click, the drag and the scroll are kept, in the video's pixels, and a
     * typed phrase is one write. DuckTrack keeps no chord for itself, so Ctrl+Alt+T is the person's.
     */
    @Test
    void aDuckTrackRecordingFromARetinaMacKeepsEveryPointerActionInTheVideosPixels(@TempDir Path temp) throws Exception {
        Path folder = Files.createDirectories(temp.resolve("ducktrack"));
        Files.writeString(folder.resolve("metadata.json"), """
                {"system": "Darwin", "node": "lawn-1-2-3-4.example.edu", "id": 13939574105829, "screen_width": 160,
                 "screen_height": 100, "model": "Mac14,9", "scroll_direction": -1, "start_time": "2023-10-20 17:19:53",
                 "obs_record_state_timings": {"OBS_WEBSOCKET_OUTPUT_STARTED": [1000.0]}}""");
        List<String> events = new java.util.ArrayList<>(List.of(
                duck(1.02, "\"action\": \"move\", \"x\": 40.25, \"y\": 30.2"),
                duck(1.13, "\"action\": \"click\", \"x\": 40.25, \"y\": 30.2, \"button\": \"left\", \"pressed\": true"),
                duck(1.18, "\"action\": \"click\", \"x\": 40.25, \"y\": 30.2, \"button\": \"left\", \"pressed\": false")));
        for (double at : new double[] { 2.0, 2.2, 2.4 }) {
            events.add(duck(at, "\"action\": \"click\", \"x\": 100.0, \"y\": 50.0, \"button\": \"left\", \"pressed\": true"));
            events.add(duck(at + 0.05, "\"action\": \"click\", \"x\": 100.0, \"y\": 50.0, \"button\": \"left\", \"pressed\": false"));
        }
        events.addAll(List.of(
                duck(3.0, "\"action\": \"click\", \"x\": 20.5, \"y\": 80.5, \"button\": \"left\", \"pressed\": true"),
                duck(3.1, "\"action\": \"move\", \"x\": 40.5, \"y\": 80.5"),
                duck(3.3, "\"action\": \"click\", \"x\": 60.5, \"y\": 80.5, \"button\": \"left\", \"pressed\": false")));
        for (double at : new double[] { 4.0, 4.1, 4.2 }) {
            events.add(duck(at, "\"action\": \"scroll\", \"x\": 80.0, \"y\": 50.0, \"dx\": 0, \"dy\": -1"));
        }
        double at = 5.0;
        for (String key : List.of("h", "i", "space", "t", "h", "e", "r", "e")) {
            events.add(duck(at, "\"action\": \"press\", \"name\": \"" + key + "\""));
            events.add(duck(at + 0.02, "\"action\": \"release\", \"name\": \"" + key + "\""));
            at += 0.05;
        }
        events.addAll(List.of(duck(5.8, "\"action\": \"press\", \"name\": \"ctrl\""), duck(5.82, "\"action\": \"press\", \"name\": \"alt\""),
                duck(5.84, "\"action\": \"press\", \"name\": \"t\""), duck(5.86, "\"action\": \"release\", \"name\": \"t\""),
                duck(5.88, "\"action\": \"release\", \"name\": \"alt\""), duck(5.9, "\"action\": \"release\", \"name\": \"ctrl\"")));
        Files.write(folder.resolve("events.jsonl"), events);
        Videos.testPattern(folder.resolve("screen.mp4"), 320, 200, 10, 7);

        org.trajectory.recorder.Recording read = org.trajectory.recorder.Recording.read(folder);
        assertEquals("ducktrack", read.source());
        assertEquals(320, read.screenWidth(), "the screen in the video's pixels: 160 points at 2 pixels each");
        assertEquals(81, read.events().get(0).x(), "40.25 points are 80.5 pixels, rounded");
        assertEquals(1000.0, read.videoStart(), "frame 0 at OBS's start on the events' clock, not at the date start_time gives");
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            TrajectoryBuilder.Result result = new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(folder, dataset, Progress.NONE);
            assertEquals(0, result.doubtfulLines(), result.warnings().toString());
            assertEquals(List.of("pyautogui.click(x=0.2531, y=0.3000)", "pyautogui.tripleClick(x=0.6250, y=0.5000)",
                    "pyautogui.moveTo(x=0.1281, y=0.8050)\npyautogui.dragTo(x=0.3781, y=0.8050, button='left')",
                    "pyautogui.moveTo(x=0.5000, y=0.5000)\npyautogui.scroll(-3)", "pyautogui.write(message='hi there')",
                    "pyautogui.hotkey('ctrl', 'alt', 't')", "computer.terminate(status='success')"),
                    result.task().steps().stream().map(Step::code).toList(), "dy -1 is down, as DuckTrack's events say the page moved");
            assertEquals(10, result.task().steps().get(0).json().path(TrajectoryBuilder.FRAME).asInt(),
                    "the frame shown before the pointer set out at 1.02 s");
        }
    }

    private static String duck(double at, String fields) {
        return String.format(Locale.ROOT, "{\"time_stamp\": %.3f, %s}", 1000.0 + at, fields);
    }

    /** AgentNetTool stops a recording with its global shortcut, CommandOrControl+Alt+T: that chord is the tool's, not a step. */
    @Test
    void agentNetToolsOwnStopShortcutIsNoStep(@TempDir Path temp) throws Exception {
        Path recording = PeerRecordings.write(temp.resolve("rec"));
        Files.writeString(recording.resolve("events.jsonl"), String.join("\n",
                String.format(Locale.ROOT, "{\"time_stamp\": %.3f, \"action\": \"press\", \"name\": \"Key.ctrl_l\"}", PeerRecordings.START + 3.5),
                String.format(Locale.ROOT, "{\"time_stamp\": %.3f, \"action\": \"press\", \"name\": \"Key.alt_l\"}", PeerRecordings.START + 3.55),
                String.format(Locale.ROOT, "{\"time_stamp\": %.3f, \"action\": \"press\", \"name\": \"'\\\\x14'\"}", PeerRecordings.START + 3.6)) + "\n",
                java.nio.file.StandardOpenOption.APPEND);
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            Task task = new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE).task();
            assertEquals(List.of("pyautogui.click(x=0.5000, y=0.5000)", "pyautogui.write(message='ok')", "pyautogui.hotkey('ctrl', 's')",
                    "computer.terminate(status='success')"), task.steps().stream().map(Step::code).toList());
        }
    }

    @Test
    void theElementsOurRecorderCapturedAreOnTheStepsAndTheOfflineAnnotatorNamesThem(@TempDir Path temp) throws Exception {
        Path recording = PeerRecordings.write(temp.resolve("ours"));
        Files.writeString(recording.resolve(RecordingFolder.METADATA), String.format(Locale.ROOT, """
                {"recorder": "Trajectory Workbench", "os": "ubuntu", "screen_width": 320, "screen_height": 240, "start_time": %.3f,
                 "elements": "captured (AT-SPI)"}""", PeerRecordings.START));
        Files.writeString(recording.resolve(RecordingFolder.ELEMENTS), String.join("\n",
                String.format(Locale.ROOT, "{\"time_stamp\": %.3f, \"cause\": \"press\", \"x\": 160, \"y\": 120, \"role\": \"push button\","
                        + " \"name\": \"Save\", \"states\": [\"focusable\"], \"bbox\": {\"x\": 128, \"y\": 108, \"width\": 64, \"height\": 24},"
                        + " \"application\": \"notepad\", \"path\": [\"frame\", \"push button\"]}", PeerRecordings.START + 1.25),
                String.format(Locale.ROOT, "{\"time_stamp\": %.3f, \"cause\": \"focus\", \"role\": \"text\", \"name\": \"Search\","
                        + " \"states\": [\"focused\"], \"bbox\": {\"x\": 32, \"y\": 24, \"width\": 160, \"height\": 24}, \"path\": []}",
                        PeerRecordings.START + 1.6),
                "{\"cause\": \"press\"}") + "\n");
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            TrajectoryBuilder.Result result = new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE);
            assertTrue(result.warnings().stream().anyMatch(w -> w.startsWith("element.jsonl:3: an element without")), result.warnings().toString());
            Task task = dataset.read(result.task().taskId());
            JsonNode button = task.steps().get(0).json().path(Step.ELEMENT);
            assertEquals("push button", button.path("role").asText());
            assertEquals("Save", button.path("name").asText());
            assertEquals("[0.4,0.45,0.2,0.1]", button.path("bbox").toString(), "the box normalized to the screen");
            JsonNode field = task.steps().get(1).json().path(Step.ELEMENT);
            assertEquals("Search", field.path("name").asText(), "typing goes into the field that had the focus: " + field);
            assertEquals("focus", field.path("cause").asText());
            assertTrue(task.steps().get(task.steps().size() - 1).json().path(Step.ELEMENT).isMissingNode(), "terminate acts on nothing");

            new AnnotateOperation(dataset, new OfflineAnnotator(false), new AnnotateOperation.Options(1, null)).run(Progress.NONE);
            Task annotated = dataset.read(task.taskId());
            assertEquals("Click the \"Save\" button at (0.500, 0.500).", annotated.steps().get(0).text(Step.ACTION));
            assertEquals("Type \"ok\" into the \"Search\" field.", annotated.steps().get(1).text(Step.ACTION));
        }
    }

    @Test
    void aRecordingWithoutScreenSizeIsRefusedClearly(@TempDir Path temp) throws Exception {
        Path recording = PeerRecordings.write(temp.resolve("rec"));
        Files.writeString(recording.resolve("metadata.json"), "{\"system\": \"Linux\"}");
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                    () -> new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE));
            assertTrue(e.getMessage().contains("screen size"), e.getMessage());
            assertEquals(0, dataset.count(TaskQuery.ALL));
        }
    }

    /** A screen size its own video contradicts (a damaged line claiming 100000x100000 over 320x240) is refused, not used. */
    @Test
    void aScreenSizeTheVideoContradictsIsRefusedNotUsed(@TempDir Path temp) throws Exception {
        Path recording = PeerRecordings.write(temp.resolve("rec"));
        Files.writeString(recording.resolve("events.jsonl"), String.format(java.util.Locale.ROOT,
                "{\"time_stamp\": %.3f, \"action\": \"screen\", \"width\": 100000, \"height\": 100000}%n", PeerRecordings.START + 1),
                java.nio.file.StandardOpenOption.APPEND);
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                    () -> new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE));
            assertTrue(e.getMessage().contains("the recording says the screen is 100000x100000 from 5001.000 s")
                    && e.getMessage().contains("but its video is 320x240"), e.getMessage());
            assertEquals(0, dataset.count(TaskQuery.ALL));
        }
        PeerRecordings.write(recording); // as it was: a 640x480 screen recorded at half size keeps its shape and builds
        Files.writeString(recording.resolve("metadata.json"), Files.readString(recording.resolve("metadata.json"))
                .replace("\"screen_width\": 320, \"screen_height\": 240", "\"screen_width\": 640, \"screen_height\": 480"));
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            assertEquals(4, new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE).task().steps().size());
        }
    }

    /** A recording is read from its own files: a link out of its folder is refused (and what it points at is not shown). */
    @Test
    void aLinkOutOfTheRecordingIsRefusedAndAHugeTitleIsCut(@TempDir Path temp) throws Exception {
        Path recording = PeerRecordings.write(temp.resolve("rec"));
        Path outside = Files.writeString(temp.resolve("private.txt"), "hunter2 and other private words");
        Files.delete(recording.resolve("metadata.json"));
        Files.createSymbolicLink(recording.resolve("metadata.json"), outside);
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                    () -> new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE));
            assertTrue(e.getMessage().contains("metadata.json is a link to a file outside the recording") && !e.getMessage().contains("hunter2"),
                    e.getMessage());
        }
        Files.delete(recording.resolve("metadata.json")); // a file of its own again
        PeerRecordings.write(recording);
        Files.writeString(recording.resolve("top_window.jsonl"), String.format(java.util.Locale.ROOT,
                "{\"time_stamp\": %.3f, \"top_window_name\": \"%s\"}%n", PeerRecordings.START + 0.1, "A".repeat(1_000_000)));
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            Task task = new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE).task();
            String title = task.steps().get(0).json().path(TrajectoryBuilder.WINDOW).asText();
            assertTrue(title.length() < 1100 && title.endsWith("(cut from 1000000 characters)"), title.length() + " characters");
        }
    }
}
