package org.trajectory.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

import org.trajectory.model.Json;
import org.trajectory.recorder.FrameTable;
import org.trajectory.recorder.internal.WritingLock;
import org.trajectory.recorder.kit.XServer;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A recorder in a process of its own, as a user runs it: killed with SIGKILL it loses at most half a second of events,
 * leaves a playable video and is finished later (private frames blanked); its X server going away ends it cleanly;
 * without RECORD (or told so) it reads XInput2 raw events.
 */
class RecorderProcessTest {

    @TempDir
    Path temp;

    @Test
    void aKilledRecordingKeepsItsEventsAndVideoAndIsFinalizedLater() throws Exception {
        Path folder = temp.resolve("recording");
        Process recorder = recorder(folder, System.getenv("DISPLAY"), java.util.Map.of(), temp.resolve("child.log"), "until-killed");
        Thread.sleep(500);
        for (int i = 0; i < 20; i++) {
            new ProcessBuilder("xdotool", "mousemove", Integer.toString(100 + i * 10), "300").start().waitFor();
            Thread.sleep(50);
        }
        new ProcessBuilder("xdotool", "click", "1").start().waitFor();
        double clicked = Clock.now();
        // A password manager comes to the front and the recorder is killed while it is there: its frames must still go.
        Process vault = new ProcessBuilder("xterm", "-T", "KeePassXC - vault", "-geometry", "60x20+50+50").start();
        try {
            long shown = System.currentTimeMillis() + 10_000;
            while (!Files.readString(folder.resolve(RecordingFolder.WINDOWS)).contains(PrivacyFilter.REDACTED)
                    && System.currentTimeMillis() < shown) {
                Thread.sleep(50);
            }
            new ProcessBuilder("xdotool", "type", "--delay", "30", "hunter2").start().waitFor();
            Thread.sleep(1000); // more than the half second the recorder may lose
            assertEquals(RecordingFolder.State.RECORDING, RecordingFolder.state(folder), "the recorder's process holds the folder");
            assertFalse(RecordingRecovery.finishInterrupted(folder), "a recording still going on is left alone");
            recorder.destroyForcibly(); // SIGKILL
            assertTrue(recorder.waitFor(10, TimeUnit.SECONDS));
        } finally {
            vault.destroy();
        }

        List<String> events = Files.readAllLines(folder.resolve(RecordingFolder.EVENTS));
        JsonNode last = Json.MAPPER.readTree(events.stream().filter(l -> l.contains("\"click\"")).reduce((a, b) -> b).orElseThrow());
        assertEquals("click", last.path("action").asText());
        assertTrue(Math.abs(last.path("time_stamp").asDouble() - clicked) < 0.5, "the click made it to disk");
        assertTrue(events.size() >= 20, "the moves made it too: " + events.size());

        Process probe = new ProcessBuilder("ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                "stream=nb_read_frames", "-of", "csv=p=0", folder.resolve(RecordingFolder.VIDEO).toString()).start();
        String frames = new String(probe.getInputStream().readAllBytes()).strip();
        assertEquals(0, probe.waitFor());
        assertTrue(Integer.parseInt(frames.split(",")[0]) > 5, "the video plays: " + frames + " frames");

        Thread.sleep(1500); // the watchdog notices within 0.2 s; ffmpeg then closes the file
        assertFalse(ProcessHandle.allProcesses().anyMatch(p -> p.info().commandLine().orElse("").contains(folder.toString())
                && p.info().command().orElse("").endsWith("ffmpeg")), "ffmpeg did not outlive the killed recorder");
        assertFalse(Json.MAPPER.readTree(Files.readString(folder.resolve(RecordingFolder.METADATA))).has("stop_time"));
        assertFalse(String.join("\n", events).contains("hunter"), "typed into the vault: no characters stored");
        assertEquals(RecordingFolder.State.INTERRUPTED, RecordingFolder.state(folder), "the lock went with the killed process");
        assertTrue(RecordingRecovery.finishInterrupted(folder));
        assertFalse(Files.exists(folder.resolve(WritingLock.FILE)), "the lock file it left is removed");
        JsonNode metadata = Json.MAPPER.readTree(Files.readString(folder.resolve(RecordingFolder.METADATA)));
        assertTrue(metadata.path("interrupted").asBoolean());
        assertEquals(1, metadata.path("redacted_spans").size(), metadata.toString());
        assertEquals(0, org.trajectory.recorder.kit.VideoFrames.brightestPixelOfLastFrame(folder.resolve(RecordingFolder.VIDEO)), 8,
                "the last frame, with the vault in front, is blanked");
        assertTrue(metadata.path("frames").asInt() > 5);
        assertTrue(Files.isRegularFile(folder.resolve(RecordingFolder.FRAMES)));
        assertFalse(RecordingRecovery.finishInterrupted(folder), "finalized once");
    }

    @Test
    void whenTheXServerGoesAwayTheRecordingIsClosedCleanlyAndTheProcessLives() throws Exception {
        XServer xvfb = XServer.start(temp.resolve("xvfb.log"), "Xvfb", "-screen", "0", "640x480x24", "-nolisten", "tcp");
        String display = xvfb.display();
        Path folder = temp.resolve("recording");
        try {
            Process recorder = recorder(folder, display, java.util.Map.of(), temp.resolve("child.log"), "until-server-gone");
            Thread.sleep(1000);
            xvfb.process().destroyForcibly(); // the X server dies under the recorder
            assertTrue(recorder.waitFor(20, TimeUnit.SECONDS), "the recorder ends by itself: " + Files.readString(temp.resolve("child.log")));
            String log = Files.readString(temp.resolve("child.log"));
            assertEquals(0, recorder.exitValue(), log);
            assertTrue(log.contains("closed cleanly: The X server " + display + " went away"), log);
        } finally {
            xvfb.close();
            // Killed, it could not remove its lock and socket: this test owns them.
            Files.deleteIfExists(Path.of("/tmp/.X" + display.substring(1) + "-lock"));
            Files.deleteIfExists(Path.of("/tmp/.X11-unix/X" + display.substring(1)));
        }
        JsonNode metadata = Json.MAPPER.readTree(Files.readString(folder.resolve(RecordingFolder.METADATA)));
        assertTrue(metadata.has("stop_time"), "closed, not interrupted: " + metadata);
        // a still screen for a second: its first frame and the one a second that keeps the video going
        assertTrue(metadata.path("frames").asInt() >= 2, "the video and its frame table: " + metadata);
        assertFalse(RecordingRecovery.finishInterrupted(folder), "nothing left to finish");
    }

    /** Starts {@link RecorderChild} for {@code seconds} on {@code display}, with extra environment, and waits until it records. */
    private Process recordFor(Path folder, int seconds, String display, java.util.Map<String, String> environment, Path log) throws Exception {
        return recorder(folder, display, environment, log, "for", Integer.toString(seconds));
    }

    /** Starts {@link RecorderChild} on {@code display} with extra environment, its output in {@code log}, and waits until it records. */
    static Process recorder(Path folder, String display, java.util.Map<String, String> environment, Path log, String... ending) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classPath(),
                RecorderChild.class.getName(), folder.toString()));
        command.addAll(List.of(ending));
        ProcessBuilder child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        child.environment().put("DISPLAY", display);
        environment.forEach((name, value) -> {
            if (value == null) {
                child.environment().remove(name); // a null value: not inherited either
            } else {
                child.environment().put(name, value);
            }
        });
        Process recorder = child.start();
        long deadline = System.currentTimeMillis() + 20_000;
        while (!Files.readString(log).contains("recording") && System.currentTimeMillis() < deadline) {
            assertTrue(recorder.isAlive(), "the recorder runs: " + Files.readString(log));
            Thread.sleep(50);
        }
        return recorder;
    }

    @Test
    void theXInput2FallbackCapturesWhatRecordWould() throws Exception {
        Path folder = temp.resolve("xinput2");
        Process recorder = recordFor(folder, 4, System.getenv("DISPLAY"), java.util.Map.of("TW_X11_INPUT", "xinput2"), temp.resolve("xi.log"));
        Thread.sleep(500);
        xdotool("mousemove", "120", "210", "click", "1", "click", "3", "click", "4", "click", "5");
        xdotool("type", "--delay", "30", "Hi there");
        xdotool("key", "ctrl+s");
        assertTrue(recorder.waitFor(20, TimeUnit.SECONDS));
        assertEquals(0, recorder.exitValue(), Files.readString(temp.resolve("xi.log")));
        List<JsonNode> events = new ArrayList<>();
        for (String line : Files.readAllLines(folder.resolve(RecordingFolder.EVENTS))) {
            events.add(Json.MAPPER.readTree(line));
        }
        List<String> clicks = events.stream().filter(e -> e.path("action").asText().equals("click"))
                .map(e -> e.path("button").asText() + (e.path("pressed").asBoolean() ? "+" : "-") + "@" + e.path("x").asInt() + "," + e.path("y").asInt())
                .toList();
        assertEquals(List.of("left+@120,210", "left-@120,210", "right+@120,210", "right-@120,210"), clicks);
        assertEquals(List.of("0,1", "0,-1"), events.stream().filter(e -> e.path("action").asText().equals("scroll"))
                .map(e -> e.path("dx").asInt() + "," + e.path("dy").asInt()).toList());
        String typed = events.stream().filter(e -> e.path("action").asText().equals("press") && e.has("char")
                && !e.path("modifiers").toString().contains("ctrl")).map(e -> e.path("char").asText()).reduce("", String::concat);
        assertEquals("Hi there", typed);
        assertTrue(events.stream().anyMatch(e -> e.path("action").asText().equals("press") && e.path("name").asText().equals("s")
                && e.path("modifiers").toString().contains("ctrl")), "ctrl+s with its modifier");
        assertEquals(events.stream().filter(e -> e.path("action").asText().equals("press")).count(),
                events.stream().filter(e -> e.path("action").asText().equals("release")).count(), "one release a press");
    }

    @Test
    void anXServerWithoutRecordIsRecordedThroughXInput2() throws Exception {
        // Xephyr with RECORD disabled (it then lacks XTEST too, so nothing can be injected: the start is what is checked).
        XServer xephyr = XServer.start(temp.resolve("xephyr.log"), "Xephyr", "-extension", "RECORD", "-screen", "640x480", "-ac");
        String display = xephyr.display();
        try {
            Process info = new ProcessBuilder("xdpyinfo", "-display", display).start();
            String extensions = new String(info.getInputStream().readAllBytes());
            info.waitFor();
            assertFalse(extensions.contains("RECORD"), "the server has no RECORD");
            Process recorder = recordFor(temp.resolve("norecord"), 1, display, java.util.Map.of(), temp.resolve("norecord.log"));
            assertTrue(recorder.waitFor(20, TimeUnit.SECONDS));
            assertEquals(0, recorder.exitValue(), Files.readString(temp.resolve("norecord.log")));
            assertTrue(Files.readString(temp.resolve("norecord.log")).contains("closed"));
        } finally {
            xephyr.close();
        }
    }

    private static void xdotool(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("xdotool"));
        command.addAll(List.of(arguments));
        assertEquals(0, new ProcessBuilder(command).start().waitFor());
    }

    /** The jars and class folders of the bundles a recording needs, read from where OSGi installed them. */
    static String classPath() {
        Set<String> wanted = Set.of("org.trajectory.model", "org.trajectory.recorder", "org.trajectory.recorder.linux",
                "org.trajectory.recorder.tests", "com.fasterxml.jackson.core.jackson-core",
                "com.fasterxml.jackson.core.jackson-databind", "com.fasterxml.jackson.core.jackson-annotations", "com.sun.jna");
        Set<String> entries = new LinkedHashSet<>();
        List<String> found = new ArrayList<>();
        for (Bundle bundle : FrameworkUtil.getBundle(RecorderProcessTest.class).getBundleContext().getBundles()) {
            if (wanted.contains(bundle.getSymbolicName())) {
                found.add(bundle.getSymbolicName());
                String location = bundle.getLocation();
                String path = location.substring(location.indexOf("reference:file:") + "reference:file:".length());
                File file = new File(path).isAbsolute() ? new File(path)
                        : new File(System.getProperty("osgi.install.area").replaceFirst("^file:", ""), path).toPath().normalize().toFile();
                if (file.isDirectory()) {
                    entries.add(new File(file, "target/classes").getAbsolutePath());
                    entries.add(new File(file, "target/test-classes").getAbsolutePath());
                } else {
                    entries.add(file.getAbsolutePath());
                }
            }
        }
        assertEquals(wanted.size(), found.size(), "bundles found: " + found);
        return String.join(File.pathSeparator, entries);
    }
}
