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
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.TaskDraft;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.model.Progress;
import org.trajectory.model.Step;
import org.trajectory.model.Task;

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
            assertEquals(List.of(12, 19, 30, 39), frames, "the frames shown before 1.25 s, 2.00 s and 3.05 s (the S of Ctrl+S), then the last");
            assertEquals("note.txt - Notepad", task.steps().get(0).json().path(TrajectoryBuilder.WINDOW).asText());
            assertEquals(PeerRecordings.START + 1.25, task.steps().get(0).json().path(TrajectoryBuilder.START_TIME).asDouble(), 1e-6);
            assertEquals("[1,2]", task.steps().get(0).json().path(TrajectoryBuilder.EVENT_RANGE).toString());

            TaskDraft draft = dataset.draft(task.taskId());
            for (int i = 0; i < frames.size(); i++) {
                Path png = temp.resolve("step" + i + ".png");
                Files.write(png, dataset.images().read(draft.image(i)));
                assertArrayEquals(Videos.rgbOfFrame(recording.resolve("recording.mp4"), frames.get(i)), Videos.rgbOfPng(png),
                        "step " + i + " shows exactly frame " + frames.get(i));
            }

            new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE);
            assertEquals(1, dataset.count(TaskQuery.ALL), "building again replaces the trajectory");
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
}
