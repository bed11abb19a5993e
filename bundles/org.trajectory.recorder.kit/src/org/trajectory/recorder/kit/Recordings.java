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

    /** Makes a closed recording what a killed recorder leaves: everything but the stop time, which is written last. */
    public static void unfinish(Path folder) throws IOException {
        Path file = folder.resolve(RecordingFolder.METADATA);
        ObjectMapper json = new ObjectMapper();
        ObjectNode metadata = (ObjectNode) json.readTree(Files.readString(file));
        metadata.remove("stop_time");
        Files.writeString(file, json.writeValueAsString(metadata));
    }
}
