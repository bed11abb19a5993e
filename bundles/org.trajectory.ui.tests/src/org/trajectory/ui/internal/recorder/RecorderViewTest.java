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

import org.junit.jupiter.api.Test;

import org.trajectory.dataset.TaskQuery;
import org.trajectory.recorder.Clock;
import org.trajectory.recorder.Preview;
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

    @Test
    void recordATaskWatchItsPreviewAndSeeItListed() throws Exception {
        RecorderView view = (RecorderView) page.showView(Parts.RECORDER_VIEW);
        view.folder().setText(temp.toString());
        view.task().setText("Click the desktop");
        view.start();
        waitFor(view::isRecording, "the recording started: " + view.status().getText());
        waitFor(() -> view.shownPreview() != null, "a preview of the screen is shown");
        Preview preview = view.shownPreview();
        assertEquals(Preview.WIDTH, preview.width());
        assertEquals(Preview.WIDTH * display.getBounds().height / display.getBounds().width, preview.height(), "the screen's proportions");
        boolean anyLight = false;
        for (byte b : preview.rgb()) {
            anyLight |= (b & 0xff) > 64;
        }
        assertTrue(anyLight, "the preview shows the window, not black");

        xdotool("mousemove", "700", "500", "click", "1");
        waitFor(() -> events(view) >= 3, "the move and the click's press and release are counted: " + view.status().getText());
        assertTrue(view.status().getText().startsWith("Recording,"), view.status().getText());
        Screenshots.take(display, "recorder.png");

        int listings = view.listings();
        view.stop();
        assertFalse(view.isRecording());
        waitFor(() -> !view.isBusy() && view.listings() > listings, "the recording is finished and listed");
        assertEquals(null, view.shownPreview(), "the thumbnail no longer shows the last frame, as if still recording");
        List<String[]> listed = rows(view);
        assertEquals(1, listed.size());
        int events = Integer.parseInt(listed.get(0)[2]);
        assertTrue(events >= 3, "the move and the click's press and release: " + events);
        try (var folders = Files.list(temp)) {
            Path recording = folders.findFirst().orElseThrow();
            assertTrue(Files.size(recording.resolve("video.mkv")) > 0);
            assertTrue(Files.readString(recording.resolve("events.jsonl")).contains("\"x\":700"));
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
        assertTrue(said.get(0).contains("killed: the recorder stopped without closing this recording"), said.get(0));
        assertEquals(1, session().count(TaskQuery.ALL));
        assertEquals(List.of("going|finished", "killed|finished", "whole|finished"), nameAndState(view), "finished by the build");
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
