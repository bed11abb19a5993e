package org.trajectory.builder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A recording in AgentNetTool's layout: the pointer sets out at 1.17 s and clicks at 1.25 s, "ok" typed, Ctrl+S, in a 4 s video at 10 frames a second.
 *
 * @since 0.1
 */
public final class PeerRecordings {

    public static final double START = 5000.0;

    private PeerRecordings() {
    }

    public static Path write(Path folder) throws Exception {
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("metadata.json"), String.format(Locale.ROOT, """
                {"system": "Windows", "release": "10", "machine": "AMD64", "screen_width": 320, "screen_height": 240,
                 "scroll_direction": "normal", "start_time": %.3f, "video_start_timestamp": %.3f,
                 "obs_record_state_timings": {"OBS_WEBSOCKET_OUTPUT_STARTED": [%.3f]}}""", START, START, START));
        Files.writeString(folder.resolve("task_name.json"), "{\"task_name\": \"Save the note\", \"description\": \"Save the note\"}");
        String events = String.join("\n",
                event(1.17, "\"action\": \"move\", \"x\": 160, \"y\": 120"),
                event(1.25, "\"action\": \"click\", \"x\": 160, \"y\": 120, \"button\": \"Button.left\", \"pressed\": true"),
                event(1.30, "\"action\": \"click\", \"x\": 160, \"y\": 120, \"button\": \"Button.left\", \"pressed\": false"),
                event(2.00, "\"action\": \"press\", \"name\": \"'o'\""),
                event(2.05, "\"action\": \"release\", \"name\": \"'o'\""),
                event(2.10, "\"action\": \"press\", \"name\": \"'k'\""),
                event(2.15, "\"action\": \"release\", \"name\": \"'k'\""),
                "this line is torn by a crash",
                event(3.00, "\"action\": \"press\", \"name\": \"Key.ctrl_l\""),
                event(3.05, "\"action\": \"press\", \"name\": \"'\\\\x13'\""),
                event(3.10, "\"action\": \"release\", \"name\": \"'\\\\x13'\""),
                event(3.15, "\"action\": \"release\", \"name\": \"Key.ctrl_l\""));
        Files.writeString(folder.resolve("events.jsonl"), events + "\n");
        Files.writeString(folder.resolve("top_window.jsonl"),
                String.format(Locale.ROOT, "{\"time_stamp\": %.3f, \"top_window_name\": \"note.txt - Notepad\"}%n", START + 0.1));
        Videos.testPattern(folder.resolve("recording.mp4"), 320, 240, 10, 4);
        return folder;
    }

    private static String event(double at, String fields) {
        return String.format(Locale.ROOT, "{\"time_stamp\": %.3f, %s}", START + at, fields);
    }

}
