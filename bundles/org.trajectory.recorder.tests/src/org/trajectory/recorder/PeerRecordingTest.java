package org.trajectory.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.recorder.internal.RecordingWriter;

/** Recordings written in AgentNetTool's and DuckTrack's formats read into the same model as ours. */
class PeerRecordingTest {

    @TempDir
    Path temp;

    @Test
    void anAgentNetToolRecordingFromWindowsWithNaturalScrollingKeepsItsWheelAsWritten() throws Exception {
        Path folder = Files.createDirectories(temp.resolve("user@example.com_task1"));
        Files.writeString(folder.resolve("metadata.json"), """
                {"system": "Windows", "release": "10", "version": "10.0.19045", "machine": "AMD64", "processor": "x86",
                 "screen_width": 1920, "screen_height": 1080, "model": "", "scroll_direction": -1,
                 "start_time": 100.0, "stop_time": 160.0, "video_start_timestamp": 100.45,
                 "obs_record_state_timings": {"OBS_WEBSOCKET_OUTPUT_STARTING": [100.0], "OBS_WEBSOCKET_OUTPUT_STARTED": [100.45]}}""");
        Files.writeString(folder.resolve("task_name.json"), "{\"task_name\": \"Open Notepad\", \"description\": \"\"}");
        Files.write(folder.resolve("events.jsonl"), List.of(
                "{\"time_stamp\": 101.0, \"action\": \"move\", \"x\": 10, \"y\": 20, \"event_idx\": 0}",
                "{\"time_stamp\": 101.5, \"action\": \"click\", \"x\": 10, \"y\": 20, \"button\": \"left\", \"pressed\": true, \"event_idx\": 1}",
                "{\"time_stamp\": 102.0, \"action\": \"scroll\", \"x\": 10, \"y\": 20, \"dx\": 0, \"dy\": 2, \"event_idx\": 2}",
                "{\"time_stamp\": 103.0, \"action\": \"press\", \"name\": \"ctrl_l\", \"pynput_key\": \"Key.ctrl_l\", \"event_idx\": 3}",
                "{\"time_stamp\": 103.1, \"action\": \"press\", \"name\": \"T\", \"pynput_key\": \"'T'\", \"event_idx\": 4}",
                "{\"time_stamp\": 103.2, \"action\": \"rel",
                "{\"time_stamp\": 103.3, \"action\": \"release\", \"name\": \"T\", \"pynput_key\": \"'T'\", \"event_idx\": 6}"));
        Files.write(folder.resolve("top_window.jsonl"), List.of("{\"time_stamp\": 100.5, \"top_window_name\": \"Untitled - Notepad\"}"));

        Recording recording = Recording.read(folder);
        assertEquals("agentnet_tool", recording.source());
        assertEquals("windows", recording.os());
        assertEquals("Open Notepad", recording.task());
        assertEquals(1920, recording.screenWidth());
        assertEquals(100.45, recording.videoStart());
        assertEquals(6, recording.events().size());
        assertEquals(1, recording.skippedLines(), "the torn line is skipped, the rest kept");
        assertEquals(2, recording.events().get(2).dy(), "the way the page moved, as AgentNetTool's reducer reads it (-1 is for its playback)");
        assertEquals("ctrl_l", recording.events().get(3).name());
        assertEquals("T", recording.events().get(4).character());
        assertEquals("Untitled - Notepad", recording.windows().get(0).title());
    }

    @Test
    void aDuckTrackRecordingLosesItsMacAddressAndPynputPrefixes() throws Exception {
        Path folder = Files.createDirectories(temp.resolve("ducktrack"));
        Files.writeString(folder.resolve("metadata.json"), """
                {"id": "aa:bb:cc:dd:ee:ff", "system": "Darwin", "release": "23.1.0", "screen_width": 1512,
                 "screen_height": 982, "start_time": 5.0}""");
        Files.write(folder.resolve("events.jsonl"), List.of(
                "{\"time_stamp\": 6.0, \"action\": \"click\", \"x\": 1, \"y\": 2, \"button\": \"Button.right\", \"pressed\": false}",
                "{\"time_stamp\": 6.5, \"action\": \"press\", \"name\": \"Key.cmd\"}"));
        Recording recording = Recording.read(folder);
        assertEquals("ducktrack", recording.source());
        assertEquals("macos", recording.os());
        assertEquals("right", recording.events().get(0).button());
        assertEquals("command", recording.events().get(1).name(), "a Mac's Cmd, as PyAutoGUI names it there");
        assertNull(recording.events().get(1).character());
        assertNull(recording.task());
    }

    @Test
    void ourOwnRecordingReadsBack() throws Exception {
        Path folder = temp.resolve("ours");
        try (RecordingWriter writer = new RecordingWriter(folder, "Save the file", "test")) {
            writer.input(InputEvent.key(1, true, "s", 's', "s", List.of("ctrl")));
            writer.input(InputEvent.scroll(2, 5, 6, 0, 3, List.of()));
        }
        Recording recording = Recording.read(folder);
        assertEquals("trajectory_workbench", recording.source());
        assertEquals("Save the file", recording.task());
        assertEquals(List.of("ctrl"), recording.events().get(0).modifiers());
        assertEquals(3, recording.events().get(1).dy(), "our own scrolls are never flipped");
    }
}
