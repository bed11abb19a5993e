package org.trajectory.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.model.Json;
import org.trajectory.recorder.internal.RecordingWriter;
import org.trajectory.recorder.internal.WritingLock;

import com.fasterxml.jackson.databind.JsonNode;

class RecordingWriterTest {

    @TempDir
    Path temp;

    @Test
    void linesReachTheFileWithinAQuarterSecondWithoutClosing() throws Exception {
        Path folder = temp.resolve("rec");
        try (RecordingWriter writer = new RecordingWriter(folder, "Open the settings", "test")) {
            writer.input(InputEvent.click(1.5, 10, 20, "left", true, List.of("ctrl")));
            writer.input(InputEvent.key(1.6, true, "a", 0x61, "a", List.of()));
            writer.window(new WindowEvent(1.4, "Settings", "Gnome-control-center", 42L, 0, 0, 800, 600));
            Thread.sleep(RecordingWriter.FLUSH_MS + 100);
            List<String> events = Files.readAllLines(folder.resolve(RecordingFolder.EVENTS));
            assertEquals(2, events.size(), "flushed while still recording");
            JsonNode click = Json.MAPPER.readTree(events.get(0));
            assertEquals("click", click.path("action").asText());
            assertEquals(10, click.path("x").asInt());
            assertTrue(click.path("pressed").asBoolean());
            assertEquals("left", click.path("button").asText());
            assertEquals(0, click.path("event_idx").asInt());
            JsonNode key = Json.MAPPER.readTree(events.get(1));
            assertEquals("press", key.path("action").asText());
            assertEquals("a", key.path("char").asText());
            JsonNode window = Json.MAPPER.readTree(Files.readAllLines(folder.resolve(RecordingFolder.WINDOWS)).get(0));
            assertEquals("Settings", window.path("top_window_name").asText());
            assertEquals(800, window.path("geometry").path("width").asInt());
        }
        JsonNode task = Json.MAPPER.readTree(Files.readString(folder.resolve(RecordingFolder.TASK)));
        assertEquals("Open the settings", task.path("task_name").asText());
    }

    @Test
    void metadataCarriesNoMachineIdentifiers() throws Exception {
        Path folder = temp.resolve("rec");
        new RecordingWriter(folder, "t", "test").close();
        String metadata = Files.readString(folder.resolve(RecordingFolder.METADATA));
        String host = InetAddress.getLocalHost().getHostName();
        assertFalse(metadata.contains(host), "no host name");
        assertFalse(metadata.contains("\"" + System.getProperty("user.name") + "\""), "no user name");
        JsonNode node = Json.MAPPER.readTree(metadata);
        assertFalse(node.has("id") || node.has("mac") || node.has("hostname"), metadata);
        assertTrue(node.path("stop_time").asDouble() >= node.path("start_time").asDouble());
    }

    @Test
    void aRecordingBeingWrittenIsLeftAloneUntilItIsClosed() throws Exception {
        Path folder = temp.resolve("rec");
        try (RecordingWriter writer = new RecordingWriter(folder, "t", "test")) {
            assertEquals(RecordingFolder.State.RECORDING, RecordingFolder.state(folder));
            IOException second = assertThrows(IOException.class, () -> new RecordingWriter(folder, "t", "test"));
            assertTrue(second.getMessage().contains("is being recorded already"), second.getMessage());
            assertFalse(RecordingRecovery.finishInterrupted(folder), "a recording still going on is not finished by anyone else");
            assertFalse(Json.MAPPER.readTree(Files.readString(folder.resolve(RecordingFolder.METADATA))).has("stop_time"));
        }
        assertEquals(RecordingFolder.State.FINISHED, RecordingFolder.state(folder));
        assertFalse(Files.exists(folder.resolve(WritingLock.FILE)), "the lock file goes with the recorder");
        assertTrue(Json.MAPPER.readTree(Files.readString(folder.resolve(RecordingFolder.METADATA))).has("stop_time"));
    }

    @Test
    void aPeerRecordersFolderIsNeverFinishedByUs() throws Exception {
        Path folder = Files.createDirectories(temp.resolve("agentnet"));
        String metadata = "{\"video_start_timestamp\": 1.0, \"screen_width\": 800, \"screen_height\": 600}";
        Files.writeString(folder.resolve(RecordingFolder.METADATA), metadata);
        Files.writeString(folder.resolve(RecordingFolder.EVENTS), "{\"action\": \"click\", \"time_stamp\": 2.0}\n");
        assertEquals(RecordingFolder.State.FINISHED, RecordingFolder.state(folder), "whole as far as we are concerned");
        assertFalse(RecordingRecovery.finishInterrupted(folder));
        assertEquals(metadata, Files.readString(folder.resolve(RecordingFolder.METADATA)), "untouched");
    }

    @Test
    void redactionKeepsTheKeyButNotTheCharacter() {
        InputEvent typed = InputEvent.key(1, true, "p", 0x70, "p", List.of());
        assertEquals("<redacted>", typed.redacted().character());
        assertEquals("<redacted>", typed.redacted().name());
        assertEquals(null, typed.redacted().keysym());
        InputEvent enter = InputEvent.key(1, true, "enter", 0xff0d, null, List.of());
        assertEquals("enter", enter.redacted().name());
    }
}
