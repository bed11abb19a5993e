package org.trajectory.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Recording from the workbench: start, capture real input injected with xdotool, stop, see it listed. */
class RecorderViewTest extends WorkbenchTest {

    @Test
    void recordATaskAndSeeItListed() throws Exception {
        RecorderView view = (RecorderView) page.showView(RecorderView.ID);
        view.folder().setText(temp.toString());
        view.task().setText("Click the desktop");
        view.start();
        assertTrue(view.isRecording(), view.status().getText());
        spin(500);
        new ProcessBuilder("xdotool", "mousemove", "700", "500", "click", "1").start().waitFor();
        spin(800);
        assertTrue(view.status().getText().startsWith("Recording,"), view.status().getText());
        Screenshots.take(display, "recorder.png");
        view.stop();
        assertFalse(view.isRecording());
        List<String> listed = view.recordingNames();
        assertEquals(1, listed.size(), listed.toString());
        int events = Integer.parseInt(listed.get(0).substring(listed.get(0).lastIndexOf(' ') + 1));
        assertTrue(events >= 3, "the move and the click's press and release: " + listed);
        try (var folders = Files.list(temp)) {
            Path recording = folders.findFirst().orElseThrow();
            assertTrue(Files.size(recording.resolve("video.mkv")) > 0);
            assertTrue(Files.readString(recording.resolve("events.jsonl")).contains("\"x\":700"));
        }
        page.showView(DatasetView.ID);
    }

}
