package org.trajectory.recorder.kit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.trajectory.recorder.InputEvent;
import org.trajectory.recorder.RecordingFolder;
import org.trajectory.recorder.ScreenSize;
import org.trajectory.recorder.internal.RecordingWriter;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Small recordings written by our own writer, for tests of what reads recordings (the builder, the Recorder view).
 *
 * @since 0.1
 */
public final class Recordings {

    private Recordings() {
    }

    /**
     * A recording of two left clicks, at (100, 100) from {@code t} and at (400, 300) two seconds later, on an 800x600
     * screen, without video. The writer is still open: close it to finish the recording.
     */
    public static RecordingWriter twoClicks(Path folder, String task, double t) throws IOException {
        RecordingWriter writer = new RecordingWriter(folder, task, "test");
        writer.screen(new ScreenSize(t, 800, 600));
        writer.input(InputEvent.click(t, 100, 100, "left", true, List.of()));
        writer.input(InputEvent.click(t + 0.1, 100, 100, "left", false, List.of()));
        writer.input(InputEvent.click(t + 2, 400, 300, "left", true, List.of()));
        writer.input(InputEvent.click(t + 2.1, 400, 300, "left", false, List.of()));
        return writer;
    }

    /**
     * A recording in AgentNetTool's layout on a 1000x500 Linux screen, without video: a click in a search box at
     * (500, 100), then "cat" typed and Enter.
     */
    public static Path searchForCats(Path folder) throws IOException {
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("metadata.json"), "{\"system\": \"Linux\", \"screen_width\": 1000, \"screen_height\": 500}");
        Files.writeString(folder.resolve("task_name.json"), "{\"task_name\": \"Search for cats\"}");
        Files.writeString(folder.resolve("events.jsonl"), """
                {"time_stamp": 1.0, "action": "click", "x": 500, "y": 100, "button": "left", "pressed": true}
                {"time_stamp": 1.1, "action": "click", "x": 500, "y": 100, "button": "left", "pressed": false}
                {"time_stamp": 2.0, "action": "press", "name": "c"}
                {"time_stamp": 2.1, "action": "press", "name": "a"}
                {"time_stamp": 2.2, "action": "press", "name": "t"}
                {"time_stamp": 2.3, "action": "press", "name": "Key.enter"}
                """);
        return folder;
    }

    /**
     * The last line of the window stream of a recording in progress ("" while it holds none): the window its recorder
     * last saw come to the front. Tests wait on it before typing, as a busy machine's recorder hears of a window late.
     */
    public static String lastWindow(Path folder) {
        Path windows = folder.resolve(RecordingFolder.WINDOWS);
        try {
            List<String> lines = Files.exists(windows) ? Files.readAllLines(windows) : List.of();
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        } catch (IOException e) {
            return ""; // being written
        }
    }

    /** Makes a closed recording what a killed recorder leaves: everything but the stop time, which is written last. */
    public static void unfinish(Path folder) throws IOException {
        Path file = folder.resolve(RecordingFolder.METADATA);
        ObjectMapper json = new ObjectMapper();
        ObjectNode metadata = (ObjectNode) json.readTree(Files.readString(file));
        metadata.remove("stop_time");
        Files.writeString(file, json.writeValueAsString(metadata));
    }
}
