package org.trajectory.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.Dataset;
import org.trajectory.model.Step;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.ScreenSize;
import org.trajectory.recorder.kit.Recordings;
import org.trajectory.recorder.internal.RecordingWriter;

/**
 * A person who changes the screen during a recording: a peer recording (which states its screen once) shows it by its
 * events beyond that screen, which are built against the screen as it then was and said once; our own recording says
 * it in a screen line, which the builder follows.
 */
class ScreenChangeBuildTest {

    @Test
    void aPeerRecordingsEventsBeyondItsScreenAreAChangeSaidOnceAndBuiltAgainstTheScreenOfThen(@TempDir Path temp) throws Exception {
        Path recording = PeerRecordings.write(temp.resolve("alice@example.com_recording"));
        List<String> lines = new ArrayList<>(List.of(
                event(1.20, "\"action\": \"move\", \"x\": 160, \"y\": 120"),
                event(1.25, "\"action\": \"click\", \"x\": 160, \"y\": 120, \"button\": \"Button.left\", \"pressed\": true"),
                event(1.30, "\"action\": \"click\", \"x\": 160, \"y\": 120, \"button\": \"Button.left\", \"pressed\": false")));
        for (int i = 0; i < 40; i++) { // the pointer on the larger screen, to the click at (480, 360)
            lines.add(event(2.0 + i * 0.01, "\"action\": \"move\", \"x\": " + (330 + i * 3) + ", \"y\": " + (250 + i * 2)));
        }
        lines.add(event(2.50, "\"action\": \"click\", \"x\": 480, \"y\": 360, \"button\": \"Button.left\", \"pressed\": true"));
        lines.add(event(2.55, "\"action\": \"click\", \"x\": 480, \"y\": 360, \"button\": \"Button.left\", \"pressed\": false"));
        lines.add(event(3.00, "\"action\": \"click\", \"x\": 100, \"y\": 100, \"button\": \"Button.left\", \"pressed\": true"));
        lines.add(event(3.05, "\"action\": \"click\", \"x\": 100, \"y\": 100, \"button\": \"Button.left\", \"pressed\": false"));
        Files.writeString(recording.resolve("events.jsonl"), String.join("\n", lines) + "\n");
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            TrajectoryBuilder.Result result = new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE);
            List<String> said = result.warnings().stream().filter(w -> !w.startsWith("step ")).toList();
            assertEquals(1, said.size(), "one line for 42 events beyond the screen: " + result.warnings());
            assertTrue(said.get(0).startsWith("events.jsonl:4: 42 events from 5002.000 s to 5002.550 s went beyond the 320x240 screen the"
                    + " recording states (as far as (480, 360))") && said.get(0).contains("built against 640x480"), said.get(0));
            assertEquals(1, result.doubtfulLines());
            List<String> codes = dataset.read(result.task().taskId()).steps().stream().map(Step::code).toList();
            assertEquals(List.of("pyautogui.click(x=0.5000, y=0.5000)", "pyautogui.click(x=0.7500, y=0.7500)",
                    "pyautogui.click(x=0.3125, y=0.4167)", "computer.terminate(status='success')"), codes,
                    "the click at (480, 360) against 640x480; the stated screen after the last event beyond it");
        }
    }

    /**
     * OpenCUA's published AgentNetTool episode, in small: the pointer pushed past the edge twice early on (an overshoot,
     * no change), the resolution changed much later, and a click left of the screen's origin. The change spans only the
     * later run; no click or scroll is dropped: the one left of the origin is kept at the edge, its step doubted.
     */
    @Test
    void earlyOvershootsDoNotStretchALaterChangeAndNoClickIsDropped(@TempDir Path temp) throws Exception {
        Path recording = PeerRecordings.write(temp.resolve("rec"));
        List<String> lines = new ArrayList<>(List.of(
                event(0.50, "\"action\": \"move\", \"x\": 325, \"y\": 100"),
                event(0.60, "\"action\": \"move\", \"x\": 330, \"y\": 10"),
                event(1.25, "\"action\": \"click\", \"x\": 160, \"y\": 120, \"button\": \"Button.left\", \"pressed\": true"),
                event(1.30, "\"action\": \"click\", \"x\": 160, \"y\": 120, \"button\": \"Button.left\", \"pressed\": false")));
        for (int i = 0; i < 20; i++) {
            lines.add(event(40.0 + i * 0.01, "\"action\": \"move\", \"x\": " + (400 + i * 4) + ", \"y\": " + (300 + i * 3)));
        }
        lines.addAll(List.of(
                event(40.50, "\"action\": \"click\", \"x\": 480, \"y\": 360, \"button\": \"Button.left\", \"pressed\": true"),
                event(40.55, "\"action\": \"click\", \"x\": 480, \"y\": 360, \"button\": \"Button.left\", \"pressed\": false"),
                event(41.00, "\"action\": \"click\", \"x\": -20, \"y\": 100, \"button\": \"Button.left\", \"pressed\": true"),
                event(41.05, "\"action\": \"click\", \"x\": -20, \"y\": 100, \"button\": \"Button.left\", \"pressed\": false"),
                event(42.00, "\"action\": \"scroll\", \"x\": 500, \"y\": 400, \"dx\": 0, \"dy\": -2")));
        Files.writeString(recording.resolve("events.jsonl"), String.join("\n", lines) + "\n");
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            TrajectoryBuilder.Result result = new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE);
            assertTrue(result.warnings().stream().anyMatch(w -> w.contains("events from 5040.000 s to 5042.000 s went beyond the 320x240 screen")
                    && w.contains("built against 640x480")), result.warnings().toString());
            assertTrue(result.warnings().stream().anyMatch(w -> w.startsWith("events.jsonl:27: the point (-20, 100) is outside the 640x480"
                    + " screen in force; kept, at the screen's edge")), result.warnings().toString());
            List<String> codes = dataset.read(result.task().taskId()).steps().stream().map(Step::code).toList();
            assertEquals(List.of("pyautogui.click(x=0.5000, y=0.5000)", "pyautogui.click(x=0.7500, y=0.7500)",
                    "pyautogui.click(x=0.0000, y=0.2083)", "pyautogui.moveTo(x=0.7813, y=0.8333)\npyautogui.scroll(-2)",
                    "computer.terminate(status='success')"), codes,
                    "the first click on the stated screen (the overshoots before it are no change), every later one kept");
        }
    }

    /** A few points beyond the screen, or beyond any screen there is, are damaged lines: each is left out and named. */
    @Test
    void aFewPointsBeyondTheScreenOrBeyondEveryScreenAreLeftOutOneByOne(@TempDir Path temp) throws Exception {
        for (String far : new String[] { "400, \"y\": 100", "100000, \"y\": 100" }) {
            Path recording = PeerRecordings.write(temp.resolve("rec" + far.length()));
            List<String> lines = new ArrayList<>(List.of(
                    event(1.25, "\"action\": \"click\", \"x\": 160, \"y\": 120, \"button\": \"Button.left\", \"pressed\": true"),
                    event(1.30, "\"action\": \"click\", \"x\": 160, \"y\": 120, \"button\": \"Button.left\", \"pressed\": false")));
            int beyond = far.startsWith("400") ? 2 : 5;
            for (int i = 0; i < beyond; i++) {
                lines.add(event(2.0 + i * 0.01, "\"action\": \"move\", \"x\": " + far));
            }
            Files.writeString(recording.resolve("events.jsonl"), String.join("\n", lines) + "\n");
            try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset" + far.length()))) {
                TrajectoryBuilder.Result result = new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE);
                assertEquals(beyond, result.warnings().stream().filter(w -> !w.startsWith("step ") && w.contains("is outside the 320x240 screen in force; the event was"
                        + " left out")).count(), result.warnings().toString());
                assertEquals(beyond, result.doubtfulLines());
            }
        }
    }

    /** Our recorder writes a line when the screen changes: points after it are normalized by the new size. */
    @Test
    void ourRecordingsScreenLinesAreFollowed(@TempDir Path temp) throws Exception {
        Path recording = temp.resolve("ours");
        try (RecordingWriter writer = Recordings.twoClicks(recording, "Click twice", 100)) {
            writer.screen(new ScreenSize(103, 1600, 1200));
            writer.input(org.trajectory.recorder.InputEvent.click(104, 1200, 900, "left", true, List.of()));
            writer.input(org.trajectory.recorder.InputEvent.click(104.1, 1200, 900, "left", false, List.of()));
        }
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            TrajectoryBuilder.Result result = new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE);
            List<String> codes = dataset.read(result.task().taskId()).steps().stream().map(Step::code).toList();
            assertEquals(List.of("pyautogui.click(x=0.1250, y=0.1667)", "pyautogui.click(x=0.5000, y=0.5000)",
                    "pyautogui.click(x=0.7500, y=0.7500)", "computer.terminate(status='success')"), codes);
            assertTrue(result.warnings().stream().noneMatch(w -> w.contains("outside")), result.warnings().toString());
        }
    }

    private static String event(double at, String fields) {
        return String.format(Locale.ROOT, "{\"time_stamp\": %.3f, %s}", PeerRecordings.START + at, fields);
    }
}
