package org.trajectory.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.Dataset;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.recorder.Recording;
import org.trajectory.recorder.internal.OpenAdaptCapture;
import org.trajectory.model.Json;
import org.trajectory.model.operation.Progress;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Peers' recordings built as their own code reduces them: each recording under {@code releng/testdata/peers} is built,
 * and {@code releng/peers/agreement.py} compares its steps with what AgentNetTool's reducer, run unchanged, made of the
 * same events ({@code peer-actions.json}). Every difference is one docs/building.md explains; a new one fails here.
 */
class PeerConformanceTest {

    private static final Path PEERS = Path.of("../../releng/testdata/peers").toAbsolutePath().normalize();
    private static final Path AGREEMENT = Path.of("../../releng/peers/agreement.py").toAbsolutePath().normalize();

    /**
     * DuckTrack's public example, a Retina Mac: every peer action is found, in the same place to a pixel. Differences:
     * a double click followed by a drag (a word-wise selection) is ours a click and a drag, theirs a double click that
     * drops the drag; two wheel runs are ours split where the pointer moved on to another place (4 and 2 steps); a
     * typing ended by Enter is ours a write and a press.
     */
    @Test
    void duckTracksPublicExample(@TempDir Path temp) throws Exception {
        Path recording = copy("ducktrack-example", temp);
        Videos.testPattern(recording.resolve("recording.mp4"), 3024, 1964, 1, 36);
        JsonNode figures = agreement(recording, temp, "1512x982");
        assertEquals(31, figures.path("peer_actions").asInt());
        assertEquals(31, figures.path("matched").asInt(), "every action the peer finds");
        assertEquals(30, figures.path("kind_agrees").asInt(), "all but the double click that a drag followed");
        assertEquals(figures.path("points").asInt(), figures.path("within_1px").asInt(), "every point within a pixel");
        assertEquals(10, figures.path("wheel_agrees").asInt(), "every wheel turn of all 10 scrolls");
        assertEquals(2, figures.path("text_agrees").asInt(), "both typings, letter for letter");
        assertEquals(28, figures.path("one_step").asInt(), "two wheel runs split where the pointer moved, a typing ended by Enter");
        assertEquals(1, figures.path("extra_steps").asInt(), "the drag after the double click");
    }

    /**
     * AgentNetTool's layout, the display changed halfway (a bigger screen, a monitor on the left): every action of the
     * reducer but its own stop shortcut is a step of the same kind at the same point, on the screen in force then; the
     * one click on the monitor the video does not show is kept at the screen's edge (40 px from where it was).
     */
    @Test
    void anAgentNetToolRecordingWhoseScreenChanged(@TempDir Path temp) throws Exception {
        Path recording = copy("agentnettool-screen-change", temp);
        Videos.testPattern(recording.resolve("recording.mp4"), 1280, 720, 2, 31);
        JsonNode figures = agreement(recording, temp, "1280x720");
        assertEquals(14, figures.path("peer_actions").asInt());
        assertEquals(13, figures.path("matched").asInt(), "all but Ctrl+Alt+T, AgentNetTool's stop shortcut");
        assertEquals(13, figures.path("kind_agrees").asInt(), "clicks, double and right clicks, drags, scrolls, typing, a hotkey");
        assertEquals(figures.path("points").asInt() - 1, figures.path("within_1px").asInt(), "all but the click left of the screen");
        assertEquals(40.0, figures.path("max_pixels").asDouble(), 0.5, "that click, kept at the edge");
        assertEquals(2, figures.path("text_agrees").asInt());
        assertEquals(0, figures.path("extra_steps").asInt());
    }

    /**
     * openadapt-capture's own database code wrote this capture (releng/peers/openadapt_capture_write.py): a Mac session in
     * points on a screen of pixel ratio 2. Its own processing needs pydantic 2, which Debian 12 does not package, so the
     * steps are checked against what the script did: each action at its point in the video's pixels, the row ids named.
     */
    @Test
    void anOpenAdaptCaptureBuildsFromItsDatabase(@TempDir Path temp) throws Exception {
        Path capture = Files.createDirectories(temp.resolve("capture"));
        Files.copy(PEERS.resolve("openadapt-capture").resolve(OpenAdaptCapture.DATABASE), capture.resolve(OpenAdaptCapture.DATABASE));
        Videos.testPattern(capture.resolve("oa_recording-1764300000.mp4"), 2560, 1600, 1, 13);
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            TrajectoryBuilder.Result result = new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(capture, dataset, Progress.NONE);
            Task task = result.task();
            assertEquals(List.of("pyautogui.click(x=0.1566, y=0.1881)", "pyautogui.write(message='draft two')",
                    "pyautogui.hotkey('command', 's')", "pyautogui.doubleClick(x=0.7035, y=0.5006)",
                    "pyautogui.moveTo(x=0.5004, y=0.6256)\npyautogui.scroll(-5)", "pyautogui.rightClick(x=0.7816, y=0.3756)",
                    "pyautogui.moveTo(x=0.0785, y=0.7506)\npyautogui.dragTo(x=0.5473, y=0.8131, button='left')",
                    "pyautogui.click(x=0.9996, y=0.9994)", "computer.terminate(status='success')"),
                    task.steps().stream().map(Step::code).toList(), "points x2 in the video's pixels; a Mac's Cmd is PyAutoGUI's command");
            assertEquals("[9,10]", task.steps().get(0).json().path(TrajectoryBuilder.EVENT_RANGE).toString(), "the click's action_event rows");
            assertEquals(List.of(), result.warnings(), "nothing doubted");
            assertEquals("Rename the draft and file it", task.instruction());
            assertEquals("macos", task.text(Task.OS));
        }
        Files.writeString(capture.resolve(OpenAdaptCapture.DATABASE), "not a database");
        IOException refused = assertThrows(IOException.class, () -> Recording.read(capture));
        assertTrue(refused.getMessage().contains("is not a database of openadapt-capture that can be read"), refused.getMessage());
    }

    private static Path copy(String name, Path temp) throws Exception {
        Path recording = Files.createDirectories(temp.resolve(name));
        Path source = PEERS.resolve(name);
        Files.copy(source.resolve("metadata.json"), recording.resolve("metadata.json"));
        if (Files.exists(source.resolve("events.jsonl.gz"))) {
            try (InputStream in = new GZIPInputStream(Files.newInputStream(source.resolve("events.jsonl.gz")))) {
                Files.copy(in, recording.resolve("events.jsonl"));
            }
        } else {
            Files.copy(source.resolve("events.jsonl"), recording.resolve("events.jsonl"));
        }
        return recording;
    }

    /** Builds the recording and returns agreement.py's figures for it, printing its table for the log. */
    private static JsonNode agreement(Path recording, Path temp, String points) throws Exception {
        Path ours = temp.resolve("ours.jsonl");
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            TrajectoryBuilder.Result result = new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE);
            Files.writeString(ours, Json.MAPPER.writeValueAsString(result.task().json()) + "\n");
        }
        String name = recording.getFileName().toString();
        Process python = new ProcessBuilder("python3", AGREEMENT.toString(), PEERS.resolve(name).resolve("peer-actions.json").toString(),
                ours.toString(), "--points", points, "--name", name, "--json").redirectError(ProcessBuilder.Redirect.INHERIT).start();
        byte[] out = python.getInputStream().readAllBytes();
        assertTrue(python.waitFor(2, TimeUnit.MINUTES), "agreement.py ended");
        assertEquals(0, python.exitValue(), "agreement.py ran");
        JsonNode report = Json.MAPPER.readTree(out);
        System.out.println(name + ": " + report.path("figures") + "\n  extra: " + report.path("extra"));
        List.of(report.path("rows")).forEach(rows -> rows.forEach(row -> {
            if (!row.path("kind_agrees").asBoolean(false) || row.path("pixels").asDouble(0) > 1 || row.path("ours").size() != 1) {
                System.out.println("  differs: " + row);
            }
        }));
        return report.path("figures");
    }
}
