package org.trajectory.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.model.Json;
import org.trajectory.recorder.kit.XServer;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The element at every press and focus change, on a desktop of its own: an X server, a D-Bus session with the
 * accessibility bus (at-spi2-core), and real GTK dialogs (zenity) clicked and typed into by xdotool while a recorder
 * runs in a process of its own. Without a bus the recorder says so and records all the same.
 */
class ElementCaptureTest {

    @TempDir
    Path temp;
    private final List<Process> started = new ArrayList<>();
    private final Map<String, String> desktop = new HashMap<>();
    private XServer xserver;

    @BeforeEach
    void startDesktop() throws Exception {
        xserver = XServer.start(temp.resolve("xvfb.log"), "Xvfb", "-screen", "0", "1280x800x24", "-nolisten", "tcp");
        desktop.put("DISPLAY", xserver.display());
        Process bus = start(new ProcessBuilder("dbus-daemon", "--session", "--nofork", "--print-address=1"));
        String address = new BufferedReader(new InputStreamReader(bus.getInputStream(), StandardCharsets.UTF_8)).readLine();
        assertTrue(address != null && address.startsWith("unix:"), "a session bus: " + address);
        desktop.put("DBUS_SESSION_BUS_ADDRESS", address);
        start(new ProcessBuilder("/usr/libexec/at-spi-bus-launcher", "--launch-immediately"));
        untilTheAccessibilityBusAnswers();
    }

    /** A dialog started before the launcher owns its name would ask the session bus to start a second one, and wait. */
    private void untilTheAccessibilityBusAnswers() throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        ProcessBuilder ask = new ProcessBuilder("dbus-send", "--session", "--print-reply", "--reply-timeout=2000",
                "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", "string:org.a11y.Bus");
        ask.environment().putAll(desktop);
        ask.redirectErrorStream(true);
        String answer = "";
        while (!answer.contains("boolean true")) {
            assertTrue(System.nanoTime() < deadline, "the accessibility bus never came up in 30 s: " + answer);
            Thread.sleep(100);
            answer = new String(ask.start().getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @AfterEach
    void stopDesktop() throws InterruptedException {
        for (Process process : started.reversed()) {
            process.destroy();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
        if (xserver != null) {
            xserver.close();
        }
    }

    @Test
    void aPressAndAFocusChangeNameTheirElementsWithBoxesHoldingThem() throws Exception {
        dialog("--entry", "--title", "Element test", "--text", "Name:");
        Path folder = temp.resolve("recording");
        Process recorder = RecorderProcessTest.recorder(folder, desktop.get("DISPLAY"), desktop, temp.resolve("child.log"), "for", "5");
        xdotool("mousemove", "600", "385", "click", "1"); // the entry, in the middle of the screen
        JsonNode entry = waitFor(folder, e -> e.path("cause").asText().equals("press"));
        assertEquals("text", entry.path("role").asText(), entry.toString());
        assertEquals("Name:", entry.path("name").asText(), "an entry is named by its label, as a screen reader names it: " + entry);
        assertTrue(contains(entry.path("bbox"), 600, 385), "the box holds the click: " + entry);
        assertEquals("zenity", entry.path("application").asText());
        assertEquals("dialog", entry.path("path").path(0).asText(), "the path starts at the window: " + entry);

        xdotool("key", "Tab");
        JsonNode button = waitFor(folder, e -> e.path("cause").asText().equals("focus"));
        assertEquals("push button", button.path("role").asText(), button.toString());
        assertTrue(button.path("states").toString().contains("focused"), button.toString());
        int x = button.path("bbox").path("x").asInt() + button.path("bbox").path("width").asInt() / 2;
        int y = button.path("bbox").path("y").asInt() + button.path("bbox").path("height").asInt() / 2;
        xdotool("mousemove", Integer.toString(x), Integer.toString(y), "mousedown", "1"); // released later: a click closes the dialog
        JsonNode pressed = waitFor(folder, e -> e.path("cause").asText().equals("press") && e.path("x").asInt() == x);
        xdotool("mouseup", "1");
        assertEquals(button.path("name").asText(), pressed.path("name").asText(), "the button focused is the one clicked: " + pressed);
        assertTrue(Files.readString(folder.resolve(RecordingFolder.EVENTS)).contains("\"x\":" + x), "the click itself is an event");
        JsonNode click = lines(folder.resolve(RecordingFolder.EVENTS)).stream().filter(e -> e.path("x").asInt() == x && e.path("pressed").asBoolean())
                .findFirst().orElseThrow();
        assertEquals(click.path("time_stamp").asDouble(), pressed.path("time_stamp").asDouble(), 1e-6, "the element has its press's time");
        assertTrue(recorder.waitFor(20, TimeUnit.SECONDS));
        assertEquals("captured (AT-SPI)", metadata(folder).path("elements").asText());
        assertEquals(1, lines(folder.resolve(RecordingFolder.ELEMENTS)).stream().filter(e -> e.path("cause").asText().equals("focus")).count(),
                "one focus change, told once");
    }

    @Test
    void aPasswordFieldKeepsNoNameAndWhatIsTypedIntoItIsRedacted() throws Exception {
        Path folder = temp.resolve("recording");
        Process recorder = recordingAPasswordDialog(folder);
        JsonNode focused = passwordFieldFocused(folder);
        assertTrue(focused.path("name").isNull(), "no name: " + focused);
        int[] field = inside(focused);
        xdotool("mousemove", Integer.toString(field[0]), Integer.toString(field[1]), "click", "1");
        JsonNode pressed = waitFor(folder, e -> e.path("cause").asText().equals("press"));
        assertEquals(ElementEvent.PASSWORD_ROLE, pressed.path("role").asText(), pressed.toString());
        assertTrue(pressed.path("name").isNull(), "no name: " + pressed);
        Thread.sleep(200);
        xdotool("type", "--delay", "40", "hunter2");
        String events = eventsKeepingNothingTyped(recorder, folder);
        assertTrue(events.contains(PrivacyFilter.REDACTED), "the keys are there, redacted");
        assertFalse(Files.readString(folder.resolve(RecordingFolder.ELEMENTS)).contains("hunter"));
    }

    /** A password field that had the focus before the recording started: what is typed into it is redacted all the same. */
    @Test
    void typingIntoAPasswordFieldFocusedBeforeTheRecordingIsRedacted() throws Exception {
        Path folder = temp.resolve("recording");
        Process recorder = recordingAPasswordDialog(folder);
        Thread.sleep(1000);
        xdotool("type", "--delay", "40", "hunter2");
        eventsKeepingNothingTyped(recorder, folder);
    }

    /** A click into a password field and typing at once, before the desktop has said what was clicked. */
    @Test
    void typingAtOnceAfterAClickIntoAPasswordFieldIsRedacted() throws Exception {
        Path folder = temp.resolve("recording");
        Process recorder = recordingAPasswordDialog(folder);
        int[] field = inside(passwordFieldFocused(folder));
        xdotool("key", "Tab"); // the focus away from it again: only the click brings it back
        Thread.sleep(500);
        xdotool("mousemove", Integer.toString(field[0]), Integer.toString(field[1]), "click", "1", "type", "--delay", "5", "hunter2");
        eventsKeepingNothingTyped(recorder, folder);
    }

    /** A password dialog, a recorder started on it, and the pointer in it (without a window manager the keyboard follows the pointer). */
    private Process recordingAPasswordDialog(Path folder) throws Exception {
        dialog("--password", "--title", "Vault test");
        Process recorder = RecorderProcessTest.recorder(folder, desktop.get("DISPLAY"), desktop, temp.resolve("child.log"), "for", "4");
        int[] middle = middle("Vault test");
        xdotool("mousemove", Integer.toString(middle[0]), Integer.toString(middle[1]));
        return recorder;
    }

    /** The focus away from the password field and back (a focus change), and the element the recorder wrote for it. */
    private JsonNode passwordFieldFocused(Path folder) throws Exception {
        xdotool("key", "Tab", "shift+Tab");
        return waitFor(folder, e -> e.path("cause").asText().equals("focus") && e.path("role").asText().equals(ElementEvent.PASSWORD_ROLE));
    }

    private static int[] inside(JsonNode element) {
        JsonNode box = element.path("bbox");
        return new int[] { box.path("x").asInt() + 10, box.path("y").asInt() + box.path("height").asInt() / 2 };
    }

    /** The recording's events once it ended, having asserted that nothing typed into the password field is in them. */
    private static String eventsKeepingNothingTyped(Process recorder, Path folder) throws Exception {
        assertTrue(recorder.waitFor(20, TimeUnit.SECONDS));
        String events = Files.readString(folder.resolve(RecordingFolder.EVENTS));
        assertFalse(events.contains("\"char\":\"h\"") || events.contains("hunter"), "nothing typed into it is kept: " + events);
        return events;
    }

    @Test
    void anApplicationThatDoesNotAnswerDelaysNoEvent() throws Exception {
        Process dialog = dialog("--entry", "--title", "Hang test", "--text", "Name:");
        Path folder = temp.resolve("recording");
        Process recorder = RecorderProcessTest.recorder(folder, desktop.get("DISPLAY"), desktop, temp.resolve("child.log"), "for", "5");
        new ProcessBuilder("kill", "-STOP", Long.toString(dialog.pid())).start().waitFor();
        try {
            for (int i = 0; i < 5; i++) {
                xdotool("mousemove", Integer.toString(580 + 10 * i), "385", "click", "1");
            }
            assertTrue(recorder.waitFor(20, TimeUnit.SECONDS), "the recording ends on time");
        } finally {
            new ProcessBuilder("kill", "-CONT", Long.toString(dialog.pid())).start().waitFor();
        }
        long presses = lines(folder.resolve(RecordingFolder.EVENTS)).stream().filter(e -> e.path("pressed").asBoolean()).count();
        assertEquals(5, presses, "every press is an event");
        JsonNode latency = metadata(folder).path("event_latency_ms");
        // an event that waited for the stopped application would wait out a call's timeout (200 ms) at least; how fast
        // events are written otherwise is the recorder benchmark's figure, not this test's (it runs on busy machines too)
        assertTrue(latency.path("p99").asDouble() < 200, "no event waited for the application: " + latency);
    }

    @Test
    void withoutAnAccessibilityBusTheRecordingSaysSoAndRecordsAllTheSame() throws Exception {
        Map<String, String> noBus = new HashMap<>(desktop);
        noBus.put("DBUS_SESSION_BUS_ADDRESS", null); // not even the one this test runs with
        Path folder = temp.resolve("recording");
        Process recorder = RecorderProcessTest.recorder(folder, desktop.get("DISPLAY"), noBus, temp.resolve("child.log"), "for", "2");
        xdotool("mousemove", "100", "100", "click", "1");
        assertTrue(recorder.waitFor(20, TimeUnit.SECONDS));
        assertTrue(metadata(folder).path("elements").asText().startsWith("unavailable: no D-Bus session bus"), metadata(folder).toString());
        assertEquals(2, lines(folder.resolve(RecordingFolder.EVENTS)).stream().filter(e -> e.path("action").asText().equals("click")).count());
        assertEquals(0, lines(folder.resolve(RecordingFolder.ELEMENTS)).size());
    }

    private Process dialog(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("zenity"));
        command.addAll(List.of(arguments));
        Path log = temp.resolve("dialog.log");
        Process dialog = start(new ProcessBuilder(command).redirectError(log.toFile()));
        String title = arguments[List.of(arguments).indexOf("--title") + 1];
        ProcessBuilder search = new ProcessBuilder("xdotool", "search", "--sync", "--name", title);
        search.environment().putAll(desktop);
        Process searching = search.start();
        // how soon a dialog shows is not what these tests assert (on CI's fresh machine one took over 10 s)
        if (!searching.waitFor(60, TimeUnit.SECONDS)) {
            searching.destroyForcibly();
            String state = dialog.isAlive() ? "running" : "exited " + dialog.exitValue();
            throw new AssertionError("the dialog " + title + " did not show in 60 s (" + state + "): "
                    + new String(Files.readAllBytes(log), StandardCharsets.UTF_8));
        }
        Thread.sleep(500);
        return dialog;
    }

    /** The middle of the window with that title, in root pixels. */
    private int[] middle(String title) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("xdotool", "search", "--onlyvisible", "--name", title, "getwindowgeometry", "--shell");
        builder.environment().putAll(desktop);
        Map<String, Integer> geometry = new HashMap<>();
        for (String line : new String(builder.start().getInputStream().readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
            String[] pair = line.split("=");
            if (pair.length == 2 && pair[1].matches("\\d+")) {
                geometry.put(pair[0], Integer.parseInt(pair[1]));
            }
        }
        return new int[] { geometry.get("X") + geometry.get("WIDTH") / 2, geometry.get("Y") + geometry.get("HEIGHT") / 2 };
    }

    private Process start(ProcessBuilder builder) throws Exception {
        builder.environment().putAll(desktop);
        if (builder.redirectError() == ProcessBuilder.Redirect.PIPE) {
            builder.redirectError(ProcessBuilder.Redirect.DISCARD);
        }
        Process process = builder.start();
        started.add(process);
        return process;
    }

    private void xdotool(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("xdotool"));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(desktop);
        assertEquals(0, builder.start().waitFor());
    }

    /** The first element line that matches, waiting for the recorder to write it (lines reach the file within 0.5 s). */
    private static JsonNode waitFor(Path folder, Predicate<JsonNode> wanted) throws Exception {
        long end = System.currentTimeMillis() + 10_000;
        while (System.currentTimeMillis() < end) {
            for (JsonNode element : lines(folder.resolve(RecordingFolder.ELEMENTS))) {
                if (wanted.test(element)) {
                    return element;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no such element in " + lines(folder.resolve(RecordingFolder.ELEMENTS)));
    }

    private static List<JsonNode> lines(Path file) throws Exception {
        List<JsonNode> lines = new ArrayList<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file)) {
                if (line.endsWith("}")) {
                    lines.add(Json.MAPPER.readTree(line));
                }
            }
        }
        return lines;
    }

    private static JsonNode metadata(Path folder) throws Exception {
        return Json.MAPPER.readTree(Files.readString(folder.resolve(RecordingFolder.METADATA)));
    }

    private static boolean contains(JsonNode box, int x, int y) {
        return x >= box.path("x").asInt() && y >= box.path("y").asInt() && x < box.path("x").asInt() + box.path("width").asInt()
                && y < box.path("y").asInt() + box.path("height").asInt();
    }
}
