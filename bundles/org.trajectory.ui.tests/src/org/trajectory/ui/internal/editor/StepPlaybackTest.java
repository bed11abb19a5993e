package org.trajectory.ui.internal.editor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.swt.SWT;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.trajectory.builder.ReductionSettings;
import org.trajectory.builder.StepClip;
import org.trajectory.builder.TrajectoryBuilder;
import org.trajectory.dataset.Dataset;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.InputEvent;
import org.trajectory.recorder.RecordOperation;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.Screenshots;
import org.trajectory.ui.internal.TaskEditorInput;
import org.trajectory.ui.internal.WorkbenchTest;

/**
 * A step played from its recording: a real recording of this test display (two clicks injected with xdotool), built
 * into a dataset, opened in the editor; F9 decodes the step's stretch of the video and plays it with its events.
 */
class StepPlaybackTest extends WorkbenchTest {

    @AfterEach
    void closeAll() {
        page.closeAllEditors(false);
        settle();
    }

    @Test
    void aRecordedStepPlaysFromItsRecordingWithTheRawEventsOverIt() throws Exception {
        Path recording = temp.resolve("recording");
        Process terminal = otherWindow(500, 300); // the workbench's own windows are not recorded: the clicks go to it
        try (RecordOperation session = RecordOperation.start(new RecordOperation.Options(recording, "Click twice", 10, true, List.of(), false))) {
            // the screen stays still but for the pointer: frames come as it moves, and one a second
            waitFor(() -> session.counters().frames() >= 1, "the video started");
            Thread.sleep(1200);
            xdotool("mousemove", "600", "400", "click", "1");
            waitFor(() -> session.counters().events() >= 3, "the first click recorded");
            Thread.sleep(1300); // more than a second after it
            xdotool("mousemove", "900", "500", "click", "1");
            waitFor(() -> session.counters().events() >= 6, "the second click recorded");
            Thread.sleep(1300);
            session.stop();
        } finally {
            terminal.destroy();
        }
        Path folder = temp.resolve("dataset");
        String taskId;
        try (Dataset dataset = Dataset.openOrCreate(folder)) {
            taskId = new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE).task().taskId();
        }

        TrajectoryEditor editor = (TrajectoryEditor) page.openEditor(new TaskEditorInput(folder, taskId), Parts.TRAJECTORY_EDITOR);
        waitFor(() -> editor.canvas().hasImage(), "the first screenshot is shown");
        focus(editor);
        keys(SWT.F9);
        waitFor(() -> editor.playback().player() != null && editor.playback().player().getShell() != null, "the step player opens");
        StepPlayer player = editor.playback().player();
        StepClip clip = player.clip();
        InputEvent press = clip.events().stream().filter(e -> Boolean.TRUE.equals(e.pressed())).findFirst().orElseThrow();
        List<Double> times = clip.frames().stream().map(StepClip.Frame::time).toList();
        // from the frame showing the screen a second before the step; each frame holds until the next (a still screen)
        assertTrue(times.get(0) <= press.time() - 0.9 && times.get(times.size() - 1) >= press.time(),
                "frames from before the step to after its press: " + times + " around " + press.time());
        for (int i = 1; i < times.size(); i++) {
            assertTrue(times.get(i) - times.get(i - 1) < 1.2, "a frame at least every second, the screen being still: " + times);
        }
        assertEquals(List.of(600, 400), List.of(press.x(), press.y()), "the step's own press, where it was");
        assertTrue(clip.events().stream().noneMatch(e -> e.x() != null && e.x() == 900), "not the next step's events, over a second later");
        waitFor(() -> player.frameShown() >= 2, "it plays by itself, in the recording's own rhythm");

        focus(player.canvas());
        keys(' ');
        assertFalse(player.isPlaying(), "Space pauses");
        keys(SWT.HOME);
        assertEquals(0, player.frameShown());
        assertTrue(player.caption().contains("before the step") && player.caption().contains("No press"), player.caption());
        int pressFrame = 0;
        while (clip.frames().get(pressFrame).time() < press.time()) {
            pressFrame++;
        }
        for (int i = 0; i < pressFrame; i++) {
            keys(SWT.ARROW_RIGHT);
        }
        assertEquals(pressFrame, player.frameShown(), "the arrows go a frame at a time");
        assertTrue(player.caption().contains("left press at 600,400"), player.caption());
        Screenshots.take(display, "step-player.png");
        player.close();
    }
}
