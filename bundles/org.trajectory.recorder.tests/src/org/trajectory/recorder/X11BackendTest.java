package org.trajectory.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.model.Json;
import org.trajectory.recorder.FrameTable;
import org.trajectory.recorder.internal.RecordingWriter;
import org.trajectory.recorder.kit.CollectingSink;
import org.trajectory.recorder.kit.Recordings;

import com.fasterxml.jackson.databind.JsonNode;

/** The Linux X11 backend under Xvfb + openbox, with input injected by xdotool (XTEST), as a user's would arrive. */
class X11BackendTest extends org.trajectory.recorder.kit.CaptureBackendContract {

    @Override
    protected CaptureBackend backend() {
        try {
            return CaptureBackends.get().find("linux.x11").orElseThrow().backend();
        } catch (CaptureException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void isAvailableUnderTheTestDisplay() {
        CaptureBackend.Availability availability = backend().availability();
        assertTrue(availability.available(), availability.reason());
    }

    @Test
    void everyInjectedEventIsCapturedOnceInOrderWithExactCoordinates() throws Exception {
        CollectingSink sink = new CollectingSink();
        try (CaptureSession session = backend().start(CaptureSettings.inputOnly(), sink)) {
            untilCapturing(() -> !sink.inputs().isEmpty());
            xdotool("mousemove", "100", "200", "click", "1", "click", "3", "click", "2", "click", "--repeat", "2", "--delay", "60", "1",
                    "mousedown", "1", "mousemove", "300", "250", "mouseup", "1", "click", "4", "click", "5", "click", "6", "click", "7");
            xdotool("type", "--delay", "20", "Hello world");
            xdotool("key", "ctrl+s");
            Thread.sleep(400);
        }
        List<String> clicks = sink.inputs().stream().filter(e -> e.action().equals("click"))
                .map(e -> e.button() + (e.pressed() ? "+" : "-") + "@" + e.x() + "," + e.y()).toList();
        assertEquals(List.of("left+@100,200", "left-@100,200", "right+@100,200", "right-@100,200", "middle+@100,200",
                "middle-@100,200", "left+@100,200", "left-@100,200", "left+@100,200", "left-@100,200", "left+@100,200",
                "left-@300,250"), clicks);
        List<String> scrolls = sink.inputs().stream().filter(e -> e.action().equals("scroll"))
                .map(e -> e.dx() + "," + e.dy()).toList();
        assertEquals(List.of("0,1", "0,-1", "-1,0", "1,0"), scrolls);
        String typed = sink.inputs().stream().filter(e -> e.action().equals("press") && e.character() != null
                && (e.modifiers() == null || !e.modifiers().contains("ctrl"))).map(InputEvent::character).collect(Collectors.joining());
        assertEquals("Hello world", typed);
        InputEvent save = sink.inputs().stream().filter(e -> e.action().equals("press") && "s".equals(e.name())).findFirst().orElseThrow();
        assertTrue(save.modifiers().contains("ctrl"), "ctrl+s carries ctrl: " + save);
        long presses = sink.inputs().stream().filter(e -> e.action().equals("press")).count();
        long releases = sink.inputs().stream().filter(e -> e.action().equals("release")).count();
        assertEquals(presses, releases, "every key press has its release");
        List<Double> times = sink.inputs().stream().map(InputEvent::time).toList();
        List<Double> sorted = new ArrayList<>(times);
        sorted.sort(null);
        assertEquals(sorted, times, "events come in time order");
        assertTrue(Math.abs(times.get(times.size() - 1) - Clock.now()) < 5, "times are on the monotonic clock");
    }

    @Test
    void focusChangesBetweenTwoXtermsAppearInTheWindowStream() throws Exception {
        Process alpha = new ProcessBuilder("xterm", "-T", "alpha-window", "-geometry", "40x10+10+10").start();
        Process beta = new ProcessBuilder("xterm", "-T", "beta-window", "-geometry", "40x10+400+10").start();
        try {
            waitForWindow("alpha-window");
            waitForWindow("beta-window");
            CollectingSink sink = new CollectingSink();
            try (CaptureSession session = backend().start(CaptureSettings.inputOnly(), sink)) {
                Thread.sleep(300);
                xdotool("search", "--name", "alpha-window", "windowactivate", "--sync");
                Thread.sleep(300);
                xdotool("search", "--name", "beta-window", "windowactivate", "--sync");
                Thread.sleep(500);
            }
            List<String> titles = sink.windows().stream().map(WindowEvent::title).toList();
            int a = titles.lastIndexOf("alpha-window");
            int b = titles.lastIndexOf("beta-window");
            assertTrue(a >= 0 && b > a, "alpha then beta became active: " + titles);
            WindowEvent last = sink.windows().get(sink.windows().size() - 1);
            assertEquals("XTerm", last.windowClass());
            assertTrue(last.pid() != null && last.pid() > 0, "the process is known");
            assertTrue(last.width() > 100 && last.x() >= 400, "geometry " + last);
            assertTrue(sink.windowsHeard >= last.time(), "the backend says how far it heard the window stream: " + sink.windowsHeard);
        } finally {
            alpha.destroy();
            beta.destroy();
        }
    }

    @Test
    void theVideoHasAFrameAtTheRateWhileTheScreenChangesAndOneASecondWhileStillEachWithATimeOnTheEventClock(@TempDir Path temp)
            throws Exception {
        Path folder = temp.resolve("recording");
        double start;
        double moving;
        double movedUntil;
        double still;
        double launched;
        double drawing;
        double drawnUntil;
        double ending;
        try (RecordingWriter writer = new RecordingWriter(folder, "video test", "linux.x11")) {
            try (CaptureSession session = backend().start(new CaptureSettings(writer.video(), 30), writer)) {
                start = Clock.now();
                Thread.sleep(500);
                moving = Clock.now();
                int[] step = { 0 };
                movedUntil = untilFramesFollowChanges(folder, moving, "a moving pointer", () -> { // a frame every slot
                    xdotool("mousemove", Integer.toString(100 + step[0]++ % 200), "100");
                    Thread.sleep(10);
                });
                xdotool("mousemove", "50", "50");
                still = Clock.now() + 0.1;
                Thread.sleep(2500); // nothing changes: a frame a second
                launched = Clock.now();
                // a window drawing 20 times a second, the pointer still: the X server's damage reports bring each frame
                // (counted once the window is up: an xterm starting on a busy machine may take a second)
                Process clock = new ProcessBuilder("xterm", "-T", "drawing-clock", "-geometry", "30x3+300+300", "-e", "sh", "-c",
                        "while :; do date +%N; sleep 0.05; done").start();
                xdotool("search", "--sync", "--onlyvisible", "--name", "drawing-clock");
                drawing = Clock.now();
                drawnUntil = untilFramesFollowChanges(folder, drawing, "a window drawing 20 times a second", () -> Thread.sleep(100));
                clock.destroyForcibly();
                Thread.sleep(800); // still again before the end
                ending = Clock.now();
            }
        }
        List<String> rows = Files.readAllLines(folder.resolve(RecordingFolder.FRAMES));
        assertEquals("frame,time_stamp", rows.get(0));
        List<Double> times = frameTimes(folder);
        // Frames come with the changes (waited for above, however slow the machine) and never faster than the rate. How
        // close to the rate is the benchmark's figure (releng/benchmarks/recorder-benchmark.sh, 2 %).
        long whileMoving = between(times, moving, movedUntil);
        assertTrue(whileMoving <= (movedUntil - moving) * 30 + 2, whileMoving + " frames in " + (movedUntil - moving)
                + " s of a moving pointer at 30 fps");
        long whileDrawn = between(times, drawing, drawnUntil);
        assertTrue(whileDrawn <= (drawnUntil - drawing) * 30 + 2, whileDrawn + " frames in " + (drawnUntil - drawing)
                + " s of a window drawing, at 30 fps");
        double stillFrom = still;
        double stillTo = launched;
        List<Double> stillTimes = times.stream().filter(t -> t > stillFrom && t < stillTo).toList();
        assertTrue(stillTimes.size() >= 2 && stillTimes.size() <= 4, stillTimes.size() + " frames in 2.4 s of a still screen: one a second");
        for (int i = 1; i < stillTimes.size(); i++) {
            assertTrue(stillTimes.get(i) - stillTimes.get(i - 1) < 1.2, "a frame at least every second: " + stillTimes);
        }
        assertTrue(times.get(times.size() - 1) >= ending - 0.05, "the last frame is taken as the recording stops, not at the last change: "
                + times.get(times.size() - 1) + " < " + ending);
        double span = times.get(times.size() - 1) - times.get(1);
        assertEquals(times.size(), FrameTable.probe(folder.resolve(RecordingFolder.VIDEO)).length, "one row a frame of the video");
        // The pointer is drawn into the frames (a grab has none): the root is black, the pointer at 50,50 is not.
        Process crop = new ProcessBuilder("ffmpeg", "-nostdin", "-v", "error", "-i", folder.resolve(RecordingFolder.VIDEO).toString(),
                "-vf", "crop=40:40:30:30", "-f", "rawvideo", "-pix_fmt", "gray", "-").start();
        byte[] gray = crop.getInputStream().readAllBytes();
        assertEquals(0, crop.waitFor());
        int brightest = 0;
        for (int i = gray.length - 1600; i < gray.length; i++) {
            brightest = Math.max(brightest, gray[i] & 0xff);
        }
        assertTrue(brightest > 150, "the pointer is in the last frame: brightest " + brightest);
        assertTrue(span > 2.5, "about three seconds of video: " + span);
        assertTrue(Math.abs(times.get(0) - start) < 1.0, "the first frame is near the start on the same clock: "
                + times.get(0) + " vs " + start);
        JsonNode metadata = Json.MAPPER.readTree(
                Files.readString(folder.resolve(RecordingFolder.METADATA)));
        assertEquals(30, metadata.path("fps").asInt());
        assertEquals(times.size(), metadata.path("frames").asInt());
        assertTrue(metadata.path("frames_skipped").isNumber(), "skipped frames are counted: " + metadata);
        JsonNode monitor = metadata.path("monitors").path(0);
        assertEquals(metadata.path("screen_width").asInt(), monitor.path("width").asInt(), "every monitor's geometry: " + metadata);
        assertTrue(monitor.path("scale").asDouble() > 0 && monitor.has("name") && monitor.has("width_mm"), monitor.toString());
        assertTrue(metadata.path("screen_width").asInt() > 0);
    }

    @Test
    void typingInAnExcludedWindowStoresNoCharactersAndBlanksItsFrames(@TempDir Path temp) throws Exception {
        Process prompt = new ProcessBuilder("xterm", "-T", "Enter password", "-geometry", "40x10+10+10").start();
        Process other = new ProcessBuilder("xterm", "-T", "notes", "-geometry", "40x10+400+10").start();
        Path folder = temp.resolve("private");
        try {
            waitForWindow("Enter password");
            waitForWindow("notes");
            xdotool("search", "--name", "^notes$", "windowactivate", "--sync");
            try (RecordingWriter writer = new RecordingWriter(folder, "privacy test", "linux.x11")) {
                PrivacyFilter privacy = new PrivacyFilter(writer, PrivacyFilter.DEFAULT_EXCLUSIONS);
                try (CaptureSession session = backend().start(new CaptureSettings(writer.video(), 10), privacy)) {
                    Path events = folder.resolve(RecordingFolder.EVENTS);
                    untilCapturing(() -> Files.exists(events) && readQuietly(events).contains("\"move\""));
                    untilInFront(folder, "notes");
                    xdotool("type", "--delay", "20", "ok");
                    xdotool("search", "--name", "Enter password", "windowactivate", "--sync");
                    xdotool("type", "--delay", "20", "hunter2"); // at once: the keys may reach the filter before the window
                    Thread.sleep(200);
                    xdotool("search", "--name", "^notes$", "windowactivate", "--sync");
                    // a still screen is recorded a frame a second: waited for, not slept, as a busy machine captures late
                    untilFrames(folder, 6);
                }
                writer.redact(privacy.redactedSpans(Clock.now()));
            }
            String events = Files.readString(folder.resolve(RecordingFolder.EVENTS));
            assertTrue(events.contains("\"char\":\"o\""), "outside the prompt characters are kept");
            assertTrue(!events.contains("hunter") && !events.contains("\"char\":\"2\""), "no character typed in the prompt: " + events);
            assertTrue(events.contains("<redacted>"));
            JsonNode metadata = Json.MAPPER.readTree(Files.readString(folder.resolve(RecordingFolder.METADATA)));
            // one span for each stay of the prompt in front: a busy desktop may hand it the focus back after the test left it
            long stays = staysInFront(folder, PrivacyFilter.REDACTED);
            assertTrue(stays >= 1, "the prompt came to the front under its redacted title");
            assertEquals(stays, metadata.path("redacted_spans").size(), metadata.toString());
            assertTrue(metadata.path("frames").asInt() > 5, "the blanked video still plays");
        } finally {
            prompt.destroy();
            other.destroy();
        }
    }

    /** How many times the recording's window stream says a window titled {@code title} came to the front. */
    private static long staysInFront(Path folder, String title) throws IOException {
        String inFront = titled(title);
        List<String> windows = Files.readAllLines(folder.resolve(RecordingFolder.WINDOWS));
        long stays = 0;
        for (int i = 0; i < windows.size(); i++) {
            if (windows.get(i).contains(inFront) && (i == 0 || !windows.get(i - 1).contains(inFront))) {
                stays++;
            }
        }
        return stays;
    }

    /**
     * Moves the pointer (below the test's windows) until {@code sawMotion}: the recorder is listening from then on,
     * however long a busy machine took to start it.
     */
    private static void untilCapturing(java.util.function.BooleanSupplier sawMotion) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        for (int x = 5; !sawMotion.getAsBoolean(); x = x % 300 + 7) {
            assertTrue(System.nanoTime() < deadline, "the recorder saw no pointer motion in 30 s");
            xdotool("mousemove", String.valueOf(x), "700");
            Thread.sleep(100);
        }
    }

    /**
     * Brings the window titled {@code title} to the front until the recorder says it is there: on a busy machine its word
     * of it may come late, and a window mapped late may have taken the focus.
     */
    private static void untilInFront(Path folder, String title) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!Recordings.lastWindow(folder).contains(titled(title))) {
            assertTrue(System.nanoTime() < deadline, "the recorder never saw '" + title + "' in front in 30 s: " + Recordings.lastWindow(folder));
            xdotool("search", "--name", "^" + title + "$", "windowactivate", "--sync");
            Thread.sleep(200);
        }
    }

    /** What a line of the window stream holds for a window titled {@code title}, as the recorder writes it. */
    private static String titled(String title) {
        return "\"top_window_name\":\"" + title + "\"";
    }

    /**
     * Runs {@code change} until the frames written since {@code from} outnumber a still screen's (one a second) by three:
     * frames follow the changes. Read from the frame table as the recorder flushes it, for at most 60 s (a busy machine
     * slows both the changes and the grabs; only their order is asserted). The time it ended.
     */
    private static double untilFramesFollowChanges(Path folder, double from, String what, Step change) throws Exception {
        double deadline = from + 60;
        while (between(frameTimes(folder), from, Clock.now()) < (Clock.now() - from) / ScreenVideo.KEEP_ALIVE_S + 4) {
            assertTrue(Clock.now() < deadline, "no more frames than a still screen's in 60 s of " + what + ": " + frameTimes(folder));
            change.run();
        }
        return Clock.now();
    }

    private interface Step {
        void run() throws Exception;
    }

    private static long between(List<Double> times, double from, double to) {
        return times.stream().filter(t -> t > from && t < to).count();
    }

    /** The frames' times in the table so far: its whole rows (one still being written ends without a line break). */
    private static void untilFrames(Path folder, int count) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (frameTimes(folder).size() < count) {
            assertTrue(System.nanoTime() < deadline, "fewer than " + count + " frames recorded in 30 s");
            Thread.sleep(100);
        }
    }

    private static List<Double> frameTimes(Path folder) throws IOException {
        Path table = folder.resolve(RecordingFolder.FRAMES);
        String text = Files.exists(table) ? Files.readString(table) : "";
        return text.substring(0, text.lastIndexOf('\n') + 1).lines().skip(1) // the header
                .map(row -> Double.parseDouble(row.split(",")[1])).toList();
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }

    private static void waitForWindow(String title) throws Exception {
        for (int i = 0; i < 100; i++) {
            Process search = new ProcessBuilder("xdotool", "search", "--name", title).start();
            if (search.waitFor() == 0) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no window " + title);
    }

    private static void xdotool(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("xdotool"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertEquals(0, process.waitFor(), "xdotool " + String.join(" ", args) + ": " + output);
    }
}
