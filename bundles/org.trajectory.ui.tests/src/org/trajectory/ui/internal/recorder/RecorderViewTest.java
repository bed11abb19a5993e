package org.trajectory.ui.internal.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.trajectory.dataset.TaskQuery;
import org.trajectory.recorder.Clock;
import org.trajectory.recorder.FrameTable;
import org.trajectory.recorder.Preview;
import org.trajectory.recorder.RecordingFolder;
import org.trajectory.recorder.internal.RecordingWriter;
import org.trajectory.recorder.kit.Recordings;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.Screenshots;
import org.trajectory.ui.internal.WidgetFinder;
import org.trajectory.ui.internal.WorkbenchTest;

/**
 * Recording from the workbench: start, a live preview the backend made in its own thread, real input injected with
 * xdotool, stop (finished off the UI thread), see it listed.
 */
class RecorderViewTest extends WorkbenchTest {

    private static final Pattern EVENTS = Pattern.compile("(\\d+) input events");

    /** A recording a failed test left running is stopped and finished, so that the next test starts its own. */
    @AfterEach
    void stopWhatIsStillRecording() {
        RecorderView view = (RecorderView) page.findView(Parts.RECORDER_VIEW);
        if (view != null) {
            waitFor(() -> view.isRecording() || !view.isBusy(), "a recording left starting has started");
            view.stop();
            waitFor(() -> !view.isRecording() && !view.isBusy(), "a recording left running is finished");
        }
    }

    /**
     * Recording with the workbench in sight: a click into another program is recorded, the clicks on Start and Stop are
     * not (the workbench's own windows are left out of what is recorded), and its frames are blanked.
     */
    @Test
    void recordATaskWatchItsPreviewAndSeeItListedWithoutTheWorkbenchItself() throws Exception {
        RecorderView view = (RecorderView) page.showView(Parts.RECORDER_VIEW);
        view.folder().setText(temp.toString());
        view.task().setText("Click the terminal");
        view.hide().setSelection(false);
        settle();
        int x = display.map(view.stopButton(), null, 0, 0).x < 800 ? 900 : 100;
        Process terminal = otherWindow(x, 100);
        try {
            click(view.startButton()); // the workbench is in front as the recording starts: its frames are blanked
            waitFor(view::isRecording, "the recording started: " + view.status().getText());
            // the workbench came over the terminal with that click: the person brings it back with the keyboard
            xdotool("search", "--onlyvisible", "--classname", "twother", "windowactivate", "--sync", "%@");
            xdotool("mousemove", Integer.toString(x + 200), "200", "click", "1");
            waitFor(() -> events(view) >= 3, "the move and the click's press and release are counted");
            Preview preview = view.shownPreview();
            waitFor(() -> view.shownPreview() != null && view.shownPreview() != preview, "a preview of the screen with the terminal in front");
            assertEquals(Preview.WIDTH, view.shownPreview().width());
            assertEquals(Preview.WIDTH * display.getBounds().height / display.getBounds().width, view.shownPreview().height(),
                    "the screen's proportions");
            boolean anyLight = false;
            for (byte b : view.shownPreview().rgb()) {
                anyLight |= (b & 0xff) > 64;
            }
            assertTrue(anyLight, "the preview shows the screen, not black");
            assertTrue(view.status().getText().startsWith("Recording,"), view.status().getText());
            Screenshots.take(display, "recorder.png");

            int listings = view.listings();
            org.eclipse.swt.graphics.Point stop = click(view.stopButton());
            try {
                waitFor(() -> !view.isRecording() && !view.isBusy() && view.listings() > listings, "stopped by its button, finished and listed");
            } catch (AssertionError e) {
                throw new AssertionError(view.isRecording() + " " + view.isBusy() + " " + view.status().getText() + " at " + stop, e);
            }
            assertEquals(null, view.shownPreview(), "the thumbnail no longer shows the last frame, as if still recording");
            List<String[]> listed = rows(view);
            assertEquals(1, listed.size());
            try (var folders = Files.list(temp)) {
                Path recording = folders.findFirst().orElseThrow();
                assertTrue(Files.size(recording.resolve("video.mkv")) > 0);
                String events = Files.readString(recording.resolve("events.jsonl"));
                assertTrue(events.contains("\"x\":" + (x + 200)), "the click into the terminal");
                assertFalse(events.contains("\"x\":" + stop.x + ",\"y\":" + stop.y + ",\"button\""), "no press or release on Stop: " + events);
                com.fasterxml.jackson.databind.JsonNode spans = org.trajectory.model.Json.MAPPER.readTree(
                        Files.readString(recording.resolve(RecordingFolder.METADATA))).path("redacted_spans");
                assertEquals(2, spans.size(), "the workbench in front at the start and at the end, blanked: " + spans);
                try (org.trajectory.dataset.Dataset dataset = org.trajectory.dataset.Dataset.openOrCreate(temp.resolve("built"))) {
                    org.trajectory.model.Task task = new org.trajectory.builder.TrajectoryBuilder(org.trajectory.builder.ReductionSettings.DEFAULTS)
                            .build(recording, dataset, org.trajectory.model.operation.Progress.NONE).task();
                    int last = task.steps().get(task.steps().size() - 1).json().path(org.trajectory.builder.TrajectoryBuilder.FRAME).asInt();
                    double[] times = org.trajectory.recorder.FrameTable.times(org.trajectory.recorder.Recording.read(recording));
                    assertEquals(List.of("pyautogui.click", "computer.terminate"), task.steps().stream().map(st -> st.code().replaceAll("\\(.*", ""))
                            .toList(), "the click into the terminal, not the one on Stop");
                    assertTrue(times[last] < spans.get(1).get(0).asDouble() && last < times.length - 1,
                            "the final screenshot is the last one before the workbench came to the front, not a blanked one");
                }
            }
        } finally {
            terminal.destroy();
        }
        page.showView(Parts.DATASET_VIEW);
    }

    /** Hidden while recording (the default), the workbench comes back when Ctrl+Alt+S stops the recording. */
    @Test
    void theWorkbenchHidesWhileRecordingAndTheStopHotkeyBringsItBack() throws Exception {
        RecorderView view = (RecorderView) page.showView(Parts.RECORDER_VIEW);
        view.folder().setText(temp.toString());
        view.task().setText("Type in the terminal");
        view.hide().setSelection(true);
        Process terminal = otherWindow(100, 100);
        try {
            int listings = view.listings();
            view.start();
            waitFor(view::isRecording, "the recording started: " + view.status().getText());
            waitFor(() -> !view.getSite().getShell().isVisible(), "the workbench is out of the way");
            xdotool("mousemove", "300", "200", "click", "1");
            waitFor(() -> events(view) >= 3, "the click in the terminal is counted: " + view.status().getText());
            xdotool("key", "ctrl+alt+s");
            waitFor(() -> !view.isRecording() && !view.isBusy() && view.listings() > listings, "stopped by the hotkey, finished and listed");
            assertTrue(view.getSite().getShell().isVisible(), "the workbench is back");
            try (var folders = Files.list(temp)) {
                String events = Files.readString(folders.findFirst().orElseThrow().resolve("events.jsonl"));
                assertTrue(events.contains("\"x\":300") && !events.contains("\"name\":\"s\""), "the click, not the hotkey's keys: " + events);
            }
        } finally {
            terminal.destroy();
        }
        page.showView(Parts.DATASET_VIEW);
    }

    @Test
    void eachRecordingSaysWhereItStandsAndEnterBuildsItIntoTheOpenDataset() throws Exception {
        session().open(temp.resolve("dataset"), true);
        Path recordings = temp.resolve("recordings");
        double t = Clock.now() + 1;
        Recordings.twoClicks(recordings.resolve("whole"), "Click twice", t).close();
        Recordings.twoClicks(recordings.resolve("killed"), "Click twice", t).close();
        Recordings.unfinish(recordings.resolve("killed"));
        RecorderView view = (RecorderView) page.showView(Parts.RECORDER_VIEW);
        try (RecordingWriter going = Recordings.twoClicks(recordings.resolve("going"), "Click twice", t)) {
            Thread.sleep(2 * 200); // its lines reach the file within 200 ms
            int listings = view.listings();
            view.folder().setText(recordings.toString());
            waitFor(() -> view.listings() > listings, "the recordings are listed");
        }
        assertEquals(List.of("going|recording", "killed|interrupted", "whole|finished"), nameAndState(view));

        // The Enter key's event on the interrupted one: it is finished (private frames blanked) and built.
        List<String> said = new java.util.ArrayList<>();
        Runnable answer = new Runnable() {
            @Override
            public void run() {
                for (Shell shell : display.getShells()) {
                    if (shell.getParent() != null && "Trajectory Workbench".equals(shell.getText()) && shell.isVisible()) {
                        WidgetFinder.find(shell, Label.class, l -> l.getText().startsWith("Built")).ifPresent(l -> said.add(l.getText()));
                        shell.close();
                    }
                }
                if (said.isEmpty()) {
                    display.timerExec(100, this);
                }
            }
        };
        display.timerExec(100, answer);
        int listings = view.listings();
        view.recordings().setSelection(1);
        view.recordings().notifyListeners(SWT.DefaultSelection, new Event());
        waitFor(() -> !said.isEmpty() && view.listings() > listings, "built, said so, and listed again");
        assertTrue(said.get(0).contains(": 3 steps from " + view.folder().getText() + "/killed."), "two clicks and the end: " + said.get(0));
        assertTrue(said.get(0).contains("\nthe recorder stopped without closing this recording"), "the recording named once: " + said.get(0));
        assertEquals(1, session().count(TaskQuery.ALL));
        assertEquals(List.of("going|finished", "killed|finished", "whole|finished"), nameAndState(view), "finished by the build");
    }

    /** A real click in the middle of the button, as a hand makes it; where it was. */
    private org.eclipse.swt.graphics.Point click(org.eclipse.swt.widgets.Button button) throws Exception {
        org.eclipse.swt.graphics.Point middle = display.map(button, null, button.getSize().x / 2, button.getSize().y / 2);
        xdotool("mousemove", Integer.toString(middle.x), Integer.toString(middle.y));
        settle(); // the button has seen the pointer come in
        xdotool("click", "1");
        return middle;
    }

    /** Each listed recording's cells: name, state, events, task, source. */
    private static List<String[]> rows(RecorderView view) {
        return java.util.Arrays.stream(view.recordings().getItems())
                .map(item -> java.util.stream.IntStream.range(0, 5).mapToObj(item::getText).toArray(String[]::new)).toList();
    }

    private static List<String> nameAndState(RecorderView view) {
        return rows(view).stream().map(cells -> cells[0] + "|" + cells[1]).toList();
    }

    private static int events(RecorderView view) {
        Matcher matcher = EVENTS.matcher(view.status().getText());
        return matcher.find() ? Integer.parseInt(matcher.group(1)) : 0;
    }
}
