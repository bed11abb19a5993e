package org.trajectory.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.Dataset;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.CaptureBackend;
import org.trajectory.recorder.CaptureBackends;
import org.trajectory.recorder.CaptureSession;
import org.trajectory.recorder.CaptureSettings;
import org.trajectory.recorder.FrameTable;
import org.trajectory.recorder.Recording;
import org.trajectory.recorder.ScreenSize;
import org.trajectory.recorder.internal.RecordingWriter;

/**
 * The whole way from a person's input to a trajectory: the X11 recorder under Xvfb records a known xdotool script
 * with its video, and the builder makes exactly the expected steps, with no pixel of error, each bound to a frame
 * shown before its action.
 */
class RecordedTrajectoryTest {

    @Test
    void aScriptedSessionBuildsExactlyTheExpectedSteps(@TempDir Path temp) throws Exception {
        Path folder = temp.resolve("recording");
        CaptureBackend backend = CaptureBackends.get().find("linux.x11").orElseThrow().backend();
        try (RecordingWriter writer = new RecordingWriter(folder, "Scripted session", "linux.x11")) {
            try (CaptureSession session = backend.start(new CaptureSettings(writer.video(), 10), writer)) {
                Thread.sleep(500);
                xdotool("mousemove", "100", "200", "click", "1");
                Thread.sleep(700);
                xdotool("mousemove", "300", "200", "click", "--repeat", "2", "--delay", "60", "1");
                Thread.sleep(700);
                xdotool("mousemove", "400", "300", "mousedown", "1", "mousemove", "500", "350", "mouseup", "1");
                Thread.sleep(300);
                xdotool("click", "--delay", "50", "5", "click", "--delay", "50", "5", "click", "5");
                Thread.sleep(1200);
                xdotool("type", "--delay", "30", "Hi there");
                xdotool("key", "BackSpace", "Return");
                Thread.sleep(300);
                xdotool("key", "ctrl+a");
                Thread.sleep(500);
            }
        }
        Recording recording = Recording.read(folder);
        ScreenSize screen = recording.screens().get(0);
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            Task task = new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(folder, dataset, Progress.NONE).task();
            List<String> codes = task.steps().stream().map(Step::code).toList();
            assertEquals(List.of(
                    "pyautogui.click(" + point(100, 200, screen) + ")",
                    "pyautogui.doubleClick(" + point(300, 200, screen) + ")",
                    "pyautogui.moveTo(" + point(400, 300, screen) + ")\npyautogui.dragTo(" + point(500, 350, screen) + ", button='left')",
                    "pyautogui.moveTo(" + point(500, 350, screen) + ")\npyautogui.scroll(-3)",
                    "pyautogui.write(message='Hi ther')",
                    "pyautogui.press('enter')",
                    "pyautogui.hotkey('ctrl', 'a')",
                    "computer.terminate(status='success')"), codes);

            double[] times = FrameTable.times(recording);
            List<Integer> frames = new ArrayList<>();
            for (int i = 0; i < task.steps().size(); i++) {
                Step step = task.steps().get(i);
                int frame = step.json().path(TrajectoryBuilder.FRAME).asInt();
                frames.add(frame);
                if (i < task.steps().size() - 1) {
                    assertTrue(times[frame] < step.json().path(TrajectoryBuilder.START_TIME).asDouble(), "frame before the action");
                    assertTrue(frame + 1 >= times.length || times[frame + 1] >= step.json().path(TrajectoryBuilder.START_TIME).asDouble(),
                            "and the last such frame");
                }
            }
            List<Integer> sorted = new ArrayList<>(frames);
            sorted.sort(null);
            assertEquals(sorted, frames, "frames in step order");
            assertEquals(times.length - 1, frames.get(frames.size() - 1), "the terminate step shows the last frame");
            for (int i = 0; i < task.steps().size(); i++) {
                org.junit.jupiter.api.Assertions.assertNotNull(dataset.draft(task.taskId()).image(i), "step " + i + " has its image");
            }

            // The task names its recording, so a step can be played from it: its video stretch and raw events.
            assertEquals(folder.toAbsolutePath(), Dataset.recordingFolder(dataset.source(task.taskId())));
            double[] span = StepClip.span(task.steps().get(1));
            StepClip clip = StepClip.read(folder, span[0], span[1], 320);
            assertEquals(screen.width(), clip.screenWidth());
            double period = (times[times.length - 1] - times[0]) / (times.length - 1);
            assertTrue(clip.frames().size() >= (span[1] - span[0] + 2 * StepClip.MARGIN) / period - 2,
                    "every frame of the stretch: " + clip.frames().size() + " at " + period + " s");
            double longestGap = 0; // the clip begins with the last frame at or before its margin: one gap before it at most
            for (int i = 1; i < times.length; i++) {
                longestGap = Math.max(longestGap, times[i] - times[i - 1]);
            }
            for (StepClip.Frame frame : clip.frames()) {
                assertEquals(320, frame.width());
                assertEquals(Math.round(320.0 * screen.height() / screen.width() / 2) * 2, frame.height(), 1);
                assertTrue(frame.time() >= span[0] - StepClip.MARGIN - longestGap && frame.time() <= span[1] + StepClip.MARGIN,
                        "a frame of the stretch: " + frame.time() + " for " + span[0] + "-" + span[1]);
            }
            assertTrue(clip.frames().stream().anyMatch(f -> f.time() < span[0]) && clip.frames().stream().anyMatch(f -> f.time() > span[1]),
                    "a second before and after the step");
            List<String> presses = clip.events().stream().filter(e -> Boolean.TRUE.equals(e.pressed()) && e.button() != null)
                    .map(e -> e.x() + "," + e.y()).toList();
            assertEquals(2, presses.stream().filter("300,200"::equals).count(), "the double click's two presses, where they were: " + presses);
            assertTrue(clip.events().stream().allMatch(e -> e.time() >= span[0] - StepClip.MARGIN && e.time() <= span[1] + StepClip.MARGIN));
        }
    }

    private static String point(int x, int y, ScreenSize screen) {
        return String.format(Locale.ROOT, "x=%.4f, y=%.4f", (double) x / screen.width(), (double) y / screen.height());
    }

    private static void xdotool(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("xdotool"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            throw new AssertionError("xdotool failed: " + output);
        }
    }
}
