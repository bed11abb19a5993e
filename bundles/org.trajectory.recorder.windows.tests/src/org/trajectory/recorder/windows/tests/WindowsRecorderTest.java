package org.trajectory.recorder.windows.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import org.trajectory.builder.ReductionSettings;
import org.trajectory.builder.TrajectoryBuilder;
import org.trajectory.dataset.Dataset;
import org.trajectory.model.Json;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.InputEvent;
import org.trajectory.recorder.Recording;
import org.trajectory.recorder.RecordingFolder;
import org.trajectory.recorder.kit.VideoFrames;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The Windows product, built on Linux, recording for real as a Windows process: {@code workbench.cmd record} under
 * Wine on a virtual desktop of 1280x800 under Xvfb, while xdotool clicks, scrolls and types into Wine's notepad.
 * One desktop for all the tests here (a Wine prefix takes a while to make); they run in order, the second building
 * the recording the first made.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WindowsRecorderTest {

    private Path work;
    private WineDesktop desktop;
    private Path recording;

    @BeforeAll
    void startDesktop() throws Exception {
        work = Files.createTempDirectory("wine-recorder");
        desktop = WineDesktop.start(work, 1280, 800);
        desktop.wine(work.resolve("notepad.log"), "notepad");
        Thread.sleep(3000); // notepad comes up in front: the recording's first window
    }

    @AfterAll
    void stopDesktop() throws Exception {
        if (desktop != null) {
            desktop.close();
        }
        if (work != null) { // the Wine prefix is 700 MB: not left in the temporary folder after every run
            try (java.util.stream.Stream<Path> files = Files.walk(work)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
            }
        }
    }

    @Test
    @Order(1)
    void recordsEveryEventWithExactCoordinatesAndCharactersAndTheWindowAndTheScreen() throws Exception {
        recording = work.resolve("recordings/greeting");
        Path log = work.resolve("record-greeting.log");
        Process recorder = desktop.workbench(log, "recording with Windows", 90, "record", "--task", "Type a greeting into Notepad",
                "--out", WineDesktop.windows(recording), "--duration", "16");
        // The window stream is readable while recording: the first line is the window in front.
        Path windows = recording.resolve(RecordingFolder.WINDOWS);
        for (long end = System.nanoTime() + 30_000_000_000L; !Files.exists(windows) || !Files.readString(windows).contains("\n"); Thread.sleep(100)) {
            assertTrue(System.nanoTime() < end, "no window in front in the window stream 30 s after the recording started");
        }
        JsonNode notepad = Json.MAPPER.readTree(Files.readAllLines(windows).get(0));
        assertTrue(notepad.path("top_window_name").asText().contains("Notepad"), "notepad in front when recording starts: " + notepad);
        assertEquals("notepad.exe", notepad.path("process").asText());
        desktop.xdotool("mousemove", "1279", "799", "click", "3");
        Thread.sleep(600);
        desktop.xdotool("key", "Escape");
        desktop.xdotool("mousemove", "1200", "700", "click", "--delay", "80", "5", "click", "--delay", "80", "5", "click", "5");
        Thread.sleep(1500);
        desktop.xdotool("mousemove", "1100", "650", "click", "4"); // apart in time and place: a step of its own
        Thread.sleep(1500);
        JsonNode geometry = notepad.path("geometry");
        int x = geometry.path("x").asInt() + geometry.path("width").asInt() / 2;
        int y = geometry.path("y").asInt() + geometry.path("height").asInt() / 2;
        desktop.xdotool("mousemove", Integer.toString(x), Integer.toString(y), "click", "1");
        Thread.sleep(600);
        desktop.xdotool("type", "--delay", "60", "Hello, World!");
        desktop.xdotool("key", "Return");
        Thread.sleep(500);
        desktop.xdotool("key", "ctrl+f"); // notepad's Find dialog comes to the front, and goes: the window stream follows
        Thread.sleep(1500);
        desktop.xdotool("key", "Escape");
        assertTrue(recorder.waitFor(60, TimeUnit.SECONDS), "the recording ends after its duration");
        assertEquals(0, recorder.exitValue(), Files.readString(log));
        assertTrue(Files.readString(log).contains("recorded "), Files.readString(log));

        Recording read = Recording.read(recording);
        assertTrue(read.doubts().isEmpty(), read.doubts().toString());
        List<InputEvent> clicks = read.events().stream().filter(e -> e.action().equals("click")).toList();
        assertEquals(List.of("right 1279,799 down", "right 1279,799 up", "left " + x + "," + y + " down", "left " + x + "," + y + " up"),
                clicks.stream().map(c -> c.button() + " " + c.x() + "," + c.y() + (c.pressed() ? " down" : " up")).toList());
        List<InputEvent> scrolls = read.events().stream().filter(e -> e.action().equals("scroll")).toList();
        assertEquals(List.of("1200,700 0,-1", "1200,700 0,-1", "1200,700 0,-1", "1100,650 0,1"),
                scrolls.stream().map(s -> s.x() + "," + s.y() + " " + s.dx() + "," + s.dy()).toList());
        String typed = read.events().stream().filter(e -> e.action().equals("press") && e.character() != null && !e.modifiers().contains("ctrl"))
                .map(InputEvent::character).collect(Collectors.joining());
        assertEquals("Hello, World!\r", typed);
        InputEvent capitalH = read.events().stream().filter(e -> "H".equals(e.character())).findFirst().orElseThrow();
        assertEquals(List.of("shift"), capitalH.modifiers());
        assertEquals("esc", read.events().stream().filter(e -> e.action().equals("press")).findFirst().orElseThrow().name());
        JsonNode f = Files.readAllLines(recording.resolve(RecordingFolder.EVENTS)).stream().map(WindowsRecorderTest::json)
                .filter(e -> e.path("action").asText().equals("press") && e.path("name").asText().equals("f")).findFirst().orElseThrow();
        assertEquals("[\"ctrl\"]", f.path("modifiers").toString(), "Ctrl+F names its key: " + f);
        assertFalse(f.has("char"), "and types nothing: " + f);
        assertEquals(List.of("Untitled - Notepad", "Find", "Untitled - Notepad"), read.windows().stream().map(w -> w.title()).toList(),
                "the foreground changes: " + read.windows());
        for (int i = 1; i < read.events().size(); i++) {
            assertTrue(read.events().get(i).time() >= read.events().get(i - 1).time(), "events in time order at " + i);
        }

        JsonNode metadata = Json.MAPPER.readTree(recording.resolve(RecordingFolder.METADATA).toFile());
        assertEquals("windows", metadata.path("backend").asText());
        assertEquals(1280, metadata.path("screen_width").asInt());
        assertEquals(800, metadata.path("screen_height").asInt());
        assertEquals(1280, metadata.path("monitors").path(0).path("width").asInt(), metadata.toString());
        assertTrue(metadata.path("elements").asText().startsWith("unavailable: "), metadata.toString());
        // a frame when the screen changed, and at least one a second
        List<Double> times = Files.readAllLines(recording.resolve("frames.csv")).stream().skip(1)
                .map(line -> Double.parseDouble(line.split(",")[1])).toList();
        assertTrue(times.size() >= 16, "a frame a second at least, for 16 s: " + times.size());
        for (int i = 1; i < times.size(); i++) {
            assertTrue(times.get(i) - times.get(i - 1) < 1.5, "no second without a frame, at frame " + i + ": " + times);
        }
        assertTrue(VideoFrames.brightestPixelOfLastFrame(recording.resolve(RecordingFolder.VIDEO)) > 200,
                "the video shows the desktop (notepad's white page on Wine's blue)");
        // where the pointer rests, on notepad's white page: its outline is drawn in (under Wine, as the system's arrow)
        assertTrue(VideoFrames.darkestPixelOfLastFrame(recording.resolve(RecordingFolder.VIDEO), x, y, 12, 20) < 80,
                "the video shows the pointer where it rests, at " + x + "," + y);

        String everything = text(recording);
        String host = InetAddress.getLocalHost().getHostName();
        assertFalse(everything.toLowerCase(Locale.ROOT).contains(host.toLowerCase(Locale.ROOT)), "no host name (" + host + ") in the recording");
        assertFalse(everything.toLowerCase(Locale.ROOT).contains("\\\\users\\\\"), "no user folder in the recording");
    }

    @Test
    @Order(2)
    void aBuiltTrajectoryHasTheExpectedSteps() throws Exception {
        Recording read = Recording.read(recording);
        InputEvent leftClick = read.events().stream().filter(e -> "left".equals(e.button())).findFirst().orElseThrow();
        try (Dataset dataset = Dataset.openOrCreate(work.resolve("dataset"))) {
            Task task = new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE).task();
            assertEquals(List.of(
                    "pyautogui.rightClick(" + point(1279, 799) + ")",
                    "pyautogui.press('esc')",
                    "pyautogui.moveTo(" + point(1200, 700) + ")\npyautogui.scroll(-3)",
                    "pyautogui.moveTo(" + point(1100, 650) + ")\npyautogui.scroll(1)",
                    "pyautogui.click(" + point(leftClick.x(), leftClick.y()) + ")",
                    "pyautogui.write(message='Hello, World!')",
                    "pyautogui.press('enter')",
                    "pyautogui.hotkey('ctrl', 'f')",
                    "pyautogui.press('esc')",
                    "computer.terminate(status='success')"), task.steps().stream().map(Step::code).toList());
            for (int i = 0; i < task.steps().size(); i++) {
                assertTrue(dataset.draft(task.taskId()).image(i) != null, "step " + i + " has its screenshot");
            }
        }
    }

    @Test
    @Order(3)
    void aRecorderKilledWithSigkillIsFinishedByTheNextStart() throws Exception {
        Path killed = work.resolve("recordings/killed");
        Path log = work.resolve("record-killed.log");
        desktop.workbench(log, "recording with Windows", 90, "record", "--task", "Killed", "--out", WineDesktop.windows(killed),
                "--duration", "120");
        desktop.xdotool("mousemove", "300", "300", "click", "1");
        Thread.sleep(2000);
        Process kill = new ProcessBuilder("pkill", "-KILL", "-f", "java.exe.*killed").start();
        assertEquals(0, kill.waitFor(), "the Windows java process was found and killed");
        Thread.sleep(2000); // ffmpeg sees its pipe close and finishes the file
        assertFalse(Json.MAPPER.readTree(killed.resolve(RecordingFolder.METADATA).toFile()).has("stop_time"), "killed, not stopped");

        Path next = work.resolve("recordings/next");
        Path nextLog = work.resolve("record-next.log");
        Process recorder = desktop.workbench(nextLog, "record", "--task", "Next", "--out", WineDesktop.windows(next), "--duration", "1");
        assertTrue(recorder.waitFor(90, TimeUnit.SECONDS));
        assertEquals(0, recorder.exitValue(), Files.readString(nextLog));
        JsonNode metadata = Json.MAPPER.readTree(killed.resolve(RecordingFolder.METADATA).toFile());
        assertTrue(metadata.path("interrupted").asBoolean(), "finished by the next start: " + metadata);
        assertTrue(metadata.path("frames").asLong() >= 2, "its frames are counted (one a second at least): " + metadata);
        Recording read = Recording.read(killed);
        assertTrue(read.events().stream().anyMatch(e -> "left".equals(e.button()) && e.x() == 300 && e.y() == 300), "the click before the kill");
    }

    @Test
    @Order(4)
    void theBackendsPassTheCaptureAndReplayContractsInsideWindowsJava() throws Exception {
        Path plugins = WineDesktop.PRODUCT.resolve("plugins");
        List<String> classPath = new ArrayList<>();
        for (String bundle : List.of("org.trajectory.recorder_", "org.trajectory.recorder.windows_", "org.trajectory.model_", "com.sun.jna_",
                "com.sun.jna.platform_")) {
            try (var found = Files.list(plugins)) {
                classPath.add(WineDesktop.windows(found.filter(p -> p.getFileName().toString().startsWith(bundle)).findFirst().orElseThrow()));
            }
        }
        try (var found = Files.list(Path.of(System.getProperty("windows.kit")))) {
            classPath.add(WineDesktop.windows(found.filter(p -> p.getFileName().toString().endsWith(".jar")).findFirst().orElseThrow()));
        }
        classPath.add(WineDesktop.windows(Path.of(System.getProperty("windows.classes"))));
        Path materials = Path.of(System.getProperty("windows.materials"));
        // The contract clicks near the corner; notepad, left open by the first test, may have its system menu there
        // (its menu would grab the pointer): the contract gets an empty desktop.
        desktop.endWindowsPrograms();
        Path log = work.resolve("contract.log");
        Process junit = desktop.wine(log, WineDesktop.windows(WineDesktop.jre(materials).resolve("bin/java.exe")),
                "-Djava.security.properties=" + WineDesktop.windows(work.resolve("wine.security")), "-XX:-PrintWarnings", "-jar",
                WineDesktop.windows(materials.resolve("junit-platform-console-standalone.jar")), "execute", "--disable-banner",
                "--class-path", String.join(";", classPath), "--select-class", WindowsBackendContract.class.getName(), "--select-class",
                WindowsReplayContract.class.getName());
        assertTrue(junit.waitFor(180, TimeUnit.SECONDS), "the contract ran to its end");
        String output = Files.readString(log);
        assertEquals(0, junit.exitValue(), output);
        assertTrue(output.contains("10 tests successful"), output);
    }

    @Test
    @Order(5)
    void theWindowsScriptSaysInOneLineWhatIsMissing() throws Exception {
        Path log = work.resolve("no-java.log");
        Process script = desktop.wine(log, java.util.Map.of("JAVA_HOME", "C:\\no-such-java"), "cmd", "/c",
                WineDesktop.windows(WineDesktop.ROOT.resolve("workbench.cmd")), "version");
        assertTrue(script.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, script.exitValue());
        List<String> lines = Files.readAllLines(log).stream().filter(l -> l.startsWith("trajectory-workbench:")).toList();
        assertEquals(1, lines.size(), Files.readString(log));
        assertTrue(lines.get(0).contains("no Java 21 or newer found"), lines.get(0));
    }

    private static JsonNode json(String line) {
        try {
            return Json.MAPPER.readTree(line);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private String point(int x, int y) {
        return String.format(Locale.ROOT, "x=%.4f, y=%.4f", x / 1280.0, y / 800.0);
    }

    private static String text(Path folder) throws Exception {
        StringBuilder all = new StringBuilder();
        try (var files = Files.list(folder)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".json") || p.toString().endsWith(".jsonl")).toList()) {
                all.append(Files.readString(file));
            }
        }
        return all.toString();
    }
}
