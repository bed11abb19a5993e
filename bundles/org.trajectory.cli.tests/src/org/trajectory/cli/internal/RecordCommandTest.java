package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.cli.Command;
import org.trajectory.model.Json;
import org.trajectory.recorder.RecorderPreferences;
import org.trajectory.recorder.RecordingFolder;
import org.trajectory.recorder.kit.Recordings;
import org.trajectory.recorder.kit.VideoFrames;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code record} reads the recorder's preferences, the ones Window > Preferences > Recorder writes (under Xvfb). */
class RecordCommandTest {

    @TempDir
    Path temp;

    @AfterEach
    void forget() throws Exception {
        RecorderPreferences.node().remove(RecorderPreferences.EXCLUSIONS);
        RecorderPreferences.node().flush();
    }

    @Test
    void recordFromTheCommandLineKeepsTheWindowsExcludedInThePreferencesPrivate() throws Exception {
        RecorderPreferences.node().put(RecorderPreferences.EXCLUSIONS, "# a team's own vault\n(?i)orchid vault\n");
        RecorderPreferences.node().flush();
        Path folder = temp.resolve("recording");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        // the vault is in front before the recording starts: every wait below is on a condition, none on a busy machine's pace
        Process vault = new ProcessBuilder("xterm", "-T", "Orchid Vault", "-geometry", "60x20+40+40").start();
        try {
            new ProcessBuilder("xdotool", "search", "--sync", "--name", "Orchid Vault", "windowactivate", "--sync").start()
                    .waitFor(20, TimeUnit.SECONDS);
            CompletableFuture<Integer> recording = CompletableFuture.supplyAsync(() -> HeadlessApplication.createCommandLine("test", t -> { })
                    .run(List.of("record", "--task", "Type a secret", "--out", folder.toString(), "--duration", "8", "--fps", "10"),
                            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
            long noticed = System.currentTimeMillis() + 20_000;
            while (!Recordings.lastWindow(folder).contains("<redacted>") && !recording.isDone() && System.currentTimeMillis() < noticed) {
                Thread.sleep(50);
            }
            assertTrue(Recordings.lastWindow(folder).contains("<redacted>"), () -> "the recorder saw the vault in front: " + err.toString(StandardCharsets.UTF_8));
            new ProcessBuilder("xdotool", "type", "--delay", "40", "tulip42").start().waitFor();
            assertEquals(Command.OK, recording.get(30, TimeUnit.SECONDS), err.toString(StandardCharsets.UTF_8));
        } finally {
            vault.destroy();
        }
        String events = Files.readString(folder.resolve(RecordingFolder.EVENTS));
        assertTrue(events.contains("\"press\""), "keys were recorded, as redacted presses");
        assertFalse(events.contains("tulip") || events.contains("\"t\"") || events.contains("\"4\""), "no typed character is stored");
        assertTrue(Files.readString(folder.resolve(RecordingFolder.WINDOWS)).contains("<redacted>"), "nor the vault's title");
        JsonNode metadata = Json.MAPPER.readTree(Files.readString(folder.resolve(RecordingFolder.METADATA)));
        assertEquals(1, metadata.path("redacted_spans").size(), metadata.toString());
        assertEquals(0, VideoFrames.brightestPixelOfLastFrame(folder.resolve(RecordingFolder.VIDEO)), 8, "the frames with the vault in front are blanked");
    }

}
