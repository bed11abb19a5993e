package org.trajectory.recorder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.trajectory.model.Json;
import org.trajectory.recorder.FrameTable;
import org.trajectory.recorder.internal.OpenAdaptCapture;
import org.trajectory.recorder.internal.RecordingWriter;
import org.trajectory.recorder.internal.ScreenChanges;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A recording as the trajectory builder reads it, whoever made it: ours, AgentNetTool's, DuckTrack's or openadapt-capture's ({@link OpenAdaptCapture}). Peer
 * recordings are normalized on reading: pynput's {@code Key.}/{@code Button.} prefixes and quotes dropped, its
 * {@code space} read as the space it types, wheel turns read as the page moved (their natural-scrolling setting is for
 * their playback), macOS points (fractional, half a Retina screen's pixels) scaled to the video's pixels and rounded,
 * Windows and macOS names kept in {@code os}, and machine identifiers (DuckTrack's MAC address) not carried over.
 * {@code screens} holds the screen sizes in time order, the first (from metadata) applying from the start; {@code elements} the elements our
 * recorder captured ({@code element.jsonl}; none for peer recordings, whose files of that name are not read);
 * {@code hidden} the spans whose frames our recorder blanked (an excluded window, the workbench's own, in front);
 * {@code eventLines} the line of events.jsonl (from 1) each of {@code events} was read from, so that what is built names
 * the recording's own lines however many were left out before it.
 * <p>
 * This is the one place raw events are checked. What is wrong with a line is a {@link Doubt} with its file and line:
 * a malformed line or an event without a usable point is left out, an event whose time goes backwards is kept (in
 * file order) but doubted; the rest is kept. A recording without readable input events is refused.
 *
 * @since 0.1
 */
public record Recording(Path folder, String source, String task, String os, Integer screenWidth, Integer screenHeight,
        Double videoStart, List<InputEvent> events, List<Long> eventLines, List<WindowEvent> windows, List<ElementEvent> elements,
        List<ScreenSize> screens, List<PrivacyFilter.Span> hidden, List<Doubt> doubts) {

    public enum Source { TRAJECTORY_WORKBENCH, AGENTNET_TOOL, DUCKTRACK, OPENADAPT_CAPTURE }

    /**
     * Something wrong with one line of a recording: where ({@code file:line}), when on the events' clock (NaN when
     * the line has no readable time), what, the index of its event in {@link #events()} when it was kept (-1 when
     * left out), and whether it is what a killed recorder leaves (its last line cut off), which is no sign of damage.
     */
    public record Doubt(String file, long line, double time, String message, int event, boolean expected) {
        Doubt(String file, long line, double time, String message) {
            this(file, line, time, message, -1, false);
        }

        public boolean leftOut() {
            return event < 0;
        }

        @Override
        public String toString() {
            return file + ":" + line + ": " + message;
        }
    }

    /** Lines left out because they could not be read as events at all. */
    public long skippedLines() {
        return doubts.stream().filter(d -> d.leftOut() && Double.isNaN(d.time())).count();
    }

    public static Recording read(Path folder) throws IOException {
        OpenAdaptCapture.Capture capture = !Files.exists(folder.resolve(RecordingFolder.METADATA), java.nio.file.LinkOption.NOFOLLOW_LINKS)
                && OpenAdaptCapture.isOne(folder) ? OpenAdaptCapture.read(folder) : null;
        JsonNode metadata = capture != null ? capture.metadata() : RecordingFolder.readJson(folder.resolve(RecordingFolder.METADATA));
        Source source = capture != null ? Source.OPENADAPT_CAPTURE
                : metadata.path("recorder").asText().equals(RecordingFolder.RECORDER) ? Source.TRAJECTORY_WORKBENCH
                // both write OBS's timings; only AgentNetTool notes when its video started (and drops uname's node)
                : metadata.has("video_start_timestamp") ? Source.AGENTNET_TOOL : Source.DUCKTRACK;
        JsonNode task = capture != null ? metadata
                : Files.isRegularFile(folder.resolve(RecordingFolder.TASK)) ? RecordingFolder.readJson(folder.resolve(RecordingFolder.TASK)) : null;
        String taskField = capture != null ? "task" : "task_name";
        List<Doubt> doubts = new ArrayList<>();
        List<ScreenSize> screens = new ArrayList<>();
        Integer width = integer(metadata, "screen_width");
        Integer height = integer(metadata, "screen_height");
        Units units = units(folder, source, metadata, width);
        if (width != null && height != null) {
            width = (int) Math.round(width * units.scale());
            height = (int) Math.round(height * units.scale());
            screens.add(new ScreenSize(Double.NEGATIVE_INFINITY, width, height));
        }
        Path eventsFile = folder.resolve(RecordingFolder.EVENTS);
        if (capture == null && !Files.exists(eventsFile, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            throw new java.nio.file.NoSuchFileException(folder.toString(), null,
                    "the recording has no " + RecordingFolder.EVENTS + " (its input events), so no steps can be built from it");
        }
        String eventsName = capture != null ? OpenAdaptCapture.DATABASE : RecordingFolder.EVENTS;
        List<Long> eventLines = new ArrayList<>();
        List<InputEvent> events = inputEvents(capture != null ? rows(capture.events()) : lines(eventsFile, doubts), eventsName, units, screens,
                doubts, eventLines);
        if (events.isEmpty()) {
            throw new IOException(folder + ": " + eventsName + " holds no input events"
                    + (doubts.isEmpty() ? "" : " that can be read (" + doubts.size() + " lines left out, the first: " + doubts.get(0) + ")")
                    + ", so no steps can be built from it");
        }
        List<WindowEvent> windows = windows(capture != null ? rows(capture.windows()) : lines(folder.resolve(RecordingFolder.WINDOWS), doubts));
        List<ElementEvent> elements = new ArrayList<>();
        if (source == Source.TRAJECTORY_WORKBENCH && Files.isRegularFile(folder.resolve(RecordingFolder.ELEMENTS))) {
            for (Line line : lines(folder.resolve(RecordingFolder.ELEMENTS), doubts)) {
                ElementEvent element = element(line.node());
                if (element == null) {
                    doubts.add(new Doubt(RecordingFolder.ELEMENTS, line.number(), time(line.node()), "an element without a time, cause or role; left out"));
                } else {
                    elements.add(element);
                }
            }
        }
        JsonNode obsStarted = metadata.path("obs_record_state_timings").path("OBS_WEBSOCKET_OUTPUT_STARTED").path(0);
        // DuckTrack's start_time is a date; OBS's start, on the events' clock (perf_counter), is when its frame 0 was
        Double videoStart = metadata.path("video_start_timestamp").isNumber() ? Double.valueOf(metadata.path("video_start_timestamp").asDouble())
                : source == Source.DUCKTRACK && obsStarted.isNumber() ? Double.valueOf(obsStarted.asDouble())
                : metadata.path("start_time").isNumber() ? Double.valueOf(metadata.path("start_time").asDouble()) : null;
        List<PrivacyFilter.Span> hidden = new ArrayList<>();
        metadata.path("redacted_spans").forEach(span -> hidden.add(new PrivacyFilter.Span(span.path(0).asDouble(), span.path(1).asDouble())));
        return new Recording(folder, source.name().toLowerCase(Locale.ROOT), task == null ? null : text(task, taskField),
                os(metadata), width, height, videoStart, events, List.copyOf(eventLines), windows, elements, screens, List.copyOf(hidden),
                List.copyOf(doubts));
    }

    /**
     * How a recorder's events.jsonl is to be read. A peer's points may be fractional: macOS gives them in points (a
     * Retina screen has twice as many pixels), which {@code scale} turns into the video's pixels; on a Mac ({@code mac}) the Cmd
     * key is PyAutoGUI's {@code command}. A peer's wheel
     * {@code dy} is read as written, positive up: pynput gives the way the page moved, and AgentNetTool's own reducer
     * names +1 "Up". Its {@code scroll_direction} (-1 under natural scrolling) is only the factor its playback multiplies
     * by, because the system turns synthetic wheel events round too.
     */
    private record Units(boolean peer, double scale, boolean mac) {
    }

    private static Units units(Path folder, Source source, JsonNode metadata, Integer screenWidth) {
        if (source == Source.TRAJECTORY_WORKBENCH) {
            return new Units(false, 1, false);
        }
        double scale = 1;
        // macOS writes points; openadapt-capture's points are the monitor's, or the space its capture states, on any system
        if (("macos".equals(os(metadata)) || source == Source.OPENADAPT_CAPTURE) && screenWidth != null && screenWidth > 0) {
            try {
                Path video = video(folder);
                if (video != null) {
                    scale = (double) FrameTable.size(video)[0] / screenWidth;
                }
            } catch (IOException unreadable) {
                // points stay points; the builder refuses the video itself, saying why
            }
        }
        return new Units(true, scale, "macos".equals(os(metadata)));
    }

    /**
     * The input events of events.jsonl in their order, the line of each to {@code eventLines}; screen sizes it records
     * go to {@code screens}, and each line left out (unusable, off the screen in force) or out of time order is a doubt.
     * A peer recording states one screen: a change the events show is {@link ScreenChanges found} and said once, not as
     * a doubt for each event beyond it.
     */
    private static List<InputEvent> inputEvents(List<Line> lines, String file, Units units, List<ScreenSize> screens, List<Doubt> doubts,
            List<Long> eventLines) throws IOException {
        List<InputEvent> read = new ArrayList<>();
        List<Long> numbers = new ArrayList<>();
        for (Line line : lines) {
            JsonNode node = line.node();
            if (node.path("action").asText().equals("screen")) {
                if (node.path("width").canConvertToInt() && node.path("height").canConvertToInt() && node.path("width").asInt() > 0
                        && node.path("height").asInt() > 0) {
                    screens.add(new ScreenSize(node.path("time_stamp").asDouble(), (int) Math.round(node.path("width").asInt() * units.scale()),
                            (int) Math.round(node.path("height").asInt() * units.scale())));
                } else {
                    doubts.add(new Doubt(file, line.number(), Double.NaN, "a screen size that is not one; left out"));
                }
                continue;
            }
            String why = unusable(node, units.peer());
            if (why != null) {
                doubts.add(new Doubt(file, line.number(), time(node), why + "; the event was left out"));
                continue;
            }
            read.add(event(node, units));
            numbers.add(line.number());
        }
        ScreenChanges.Change change = units.peer() && screens.size() == 1 ? ScreenChanges.find(read, screens.get(0)) : null;
        if (change != null) {
            List<ScreenSize> changed = ScreenChanges.screens(screens.get(0), change);
            screens.clear();
            screens.addAll(changed);
        }
        List<InputEvent> events = new ArrayList<>();
        double previous = Double.NEGATIVE_INFINITY;
        long previousLine = 0;
        for (int i = 0; i < read.size(); i++) {
            InputEvent event = read.get(i);
            long number = numbers.get(i);
            ScreenSize screen = screenAt(screens, event.time());
            if (event.x() != null && screen != null && !screen.holds(event.x(), event.y())
                    && !keptOutside(event, file, number, screen, events.size(), doubts)) {
                continue;
            }
            if (change != null && screen == change.screen()) {
                doubts.add(new Doubt(file, number, event.time(), change.say(screens.get(0)), events.size(), false));
                change = null; // said once, at the first event on the changed screen
            }
            if (event.time() < previous) {
                doubts.add(new Doubt(file, number, event.time(), String.format(Locale.ROOT,
                        "its time %.3f is %.3f s before that of line %d; its step's screenshot may be out of order", event.time(),
                        previous - event.time(), previousLine), events.size(), false));
            } else {
                previous = event.time();
                previousLine = number;
            }
            events.add(event);
            eventLines.add(number);
        }
        return events;
    }

    /** The active windows, as window.jsonl lines (and openadapt-capture's rows) give them. */
    private static List<WindowEvent> windows(List<Line> lines) {
        List<WindowEvent> windows = new ArrayList<>();
        for (Line line : lines) {
            JsonNode node = line.node();
            JsonNode geometry = node.path("geometry");
            windows.add(new WindowEvent(node.path("time_stamp").asDouble(), bounded(node.path("top_window_name").asText("")),
                    text(node, "class"), node.has("pid") ? node.path("pid").asLong() : null, integer(geometry, "x"),
                    integer(geometry, "y"), integer(geometry, "width"), integer(geometry, "height"), text(node, "process")));
        }
        return windows;
    }

    /**
     * Whether an event outside the screen in force is kept, saying why in {@code doubts}: a move there, or a point on no
     * screen, is left out; a press or a wheel turn is an action the person took, kept (at the screen's edge, where it is
     * normalized) and its step doubted.
     */
    private static boolean keptOutside(InputEvent event, String file, long line, ScreenSize screen, int index, List<Doubt> doubts) {
        String where = "the point (" + event.x() + ", " + event.y() + ") is outside the " + screen.width() + "x" + screen.height()
                + " screen in force";
        boolean kept = !event.action().equals("move") && Math.abs(event.x()) <= ON_SOME_SCREEN && Math.abs(event.y()) <= ON_SOME_SCREEN;
        doubts.add(kept ? new Doubt(file, line, event.time(), where + "; kept, at the screen's edge", index, false)
                : new Doubt(file, line, event.time(), where + "; the event was left out"));
        return kept;
    }

    /** A line of element.jsonl as {@link RecordingWriter} writes it, or null when it lacks a time, cause or role. */
    private static ElementEvent element(JsonNode node) {
        if (!node.path("time_stamp").isNumber() || !node.path("cause").isTextual() || !node.path("role").isTextual()) {
            return null;
        }
        JsonNode box = node.path("bbox");
        List<String> states = new ArrayList<>();
        node.path("states").forEach(state -> states.add(state.asText()));
        List<String> path = new ArrayList<>();
        node.path("path").forEach(role -> path.add(role.asText()));
        return new ElementEvent(node.path("time_stamp").asDouble(), node.path("cause").asText(), integer(node, "x"), integer(node, "y"),
                node.path("role").asText(), text(node, "name"), text(node, "description"), states, integer(box, "x"), integer(box, "y"),
                integer(box, "width"), integer(box, "height"), text(node, "application"), path);
    }

    /** The screen video: ours ({@code video.mkv}), else the first .mp4, .mkv or .webm in the folder; null if none. */
    public Path video() throws IOException {
        return video(folder);
    }

    private static Path video(Path folder) throws IOException {
        Path ours = folder.resolve(RecordingFolder.VIDEO);
        Path video;
        if (Files.isRegularFile(ours)) {
            video = ours;
        } else {
            try (var files = Files.list(folder)) {
                video = files.filter(f -> f.getFileName().toString().matches("(?i).*\\.(mp4|mkv|webm)$")).sorted().findFirst().orElse(null);
            }
        }
        if (video != null) {
            RecordingFolder.ownFile(video);
        }
        return video;
    }

    /** A press or wheel turn this far beyond the screen in force is on no screen there is, and left out (twice the largest picture read). */
    private static final int ON_SOME_SCREEN = 2 * VideoFiles.MAX_SIDE;

    /** A coordinate this far from the origin is on no screen (and would not fit a pixel count scaled). */
    private static final double FARTHEST = 1 << 20;

    /**
     * Why a line cannot be an input event (no action, no time, a point that is not one), or null when it can. Our
     * recorder writes whole pixels; a peer may write points, fractional.
     */
    private static String unusable(JsonNode line, boolean peer) {
        String action = line.path("action").asText(null);
        if (action == null) {
            return "no action";
        }
        if (!line.path("time_stamp").isNumber() || !Double.isFinite(line.path("time_stamp").asDouble())) {
            return "no time_stamp number";
        }
        switch (action) {
            case "move", "click", "scroll" -> {
                for (String axis : new String[] { "x", "y" }) {
                    JsonNode value = line.get(axis);
                    if (value == null || !value.isNumber()) {
                        return "no " + axis + " coordinate";
                    }
                    if (!Double.isFinite(value.asDouble()) || Math.abs(value.asDouble()) > FARTHEST
                            || !peer && value.isFloatingPointNumber() && value.asDouble() != Math.rint(value.asDouble())) {
                        return axis + "=" + value.asText() + " is not a pixel coordinate on any screen";
                    }
                }
                return null;
            }
            case "press", "release" -> {
                return line.hasNonNull("name") || line.hasNonNull("pynput_key") ? null : "a key event without a key name";
            }
            default -> {
                return "unknown action '" + action + "'";
            }
        }
    }

    private static double time(JsonNode line) {
        return line.path("time_stamp").isNumber() ? line.path("time_stamp").asDouble() : Double.NaN;
    }

    /** The screen size in force at {@code time}, or null when the recording says none. */
    public ScreenSize screenAt(double time) {
        return screenAt(screens, time);
    }

    /** The screen size in force at {@code time}: the last one that began at or before it. */
    private static ScreenSize screenAt(List<ScreenSize> screens, double time) {
        ScreenSize found = null;
        for (ScreenSize screen : screens) {
            if (found != null && screen.time() > time) {
                break;
            }
            found = screen;
        }
        return found;
    }

    private static InputEvent event(JsonNode line, Units units) {
        String action = line.path("action").asText(null);
        double time = line.path("time_stamp").asDouble();
        Integer x = line.path("x").isNumber() ? (int) Math.round(line.path("x").asDouble() * units.scale()) : null;
        Integer y = line.path("y").isNumber() ? (int) Math.round(line.path("y").asDouble() * units.scale()) : null;
        List<String> modifiers = new ArrayList<>();
        line.path("modifiers").forEach(m -> modifiers.add(m.asText()));
        InputEvent event = switch (action) {
            case "move" -> InputEvent.move(time, x, y);
            case "click" -> InputEvent.click(time, x, y, strip(text(line, "button")), line.path("pressed").asBoolean(),
                    modifiers);
            case "scroll" -> {
                int dx = line.path("dx").asInt();
                int dy = line.path("dy").asInt();
                yield InputEvent.scroll(time, x, y, dx, dy, modifiers);
            }
            case "press", "release" -> {
                String name = strip(text(line, "name") != null ? text(line, "name") : text(line, "pynput_key"));
                String character = text(line, "char");
                if (character == null && name != null && name.codePointCount(0, name.length()) == 1) {
                    character = name; // pynput names a character key by its character
                } else if (character == null && units.peer() && "space".equals(name)) {
                    character = " "; // pynput's Key.space, which types a space as any character key types its own
                }
                if (units.mac() && name != null && name.startsWith("cmd")) {
                    name = "command"; // a Mac's Cmd key, which PyAutoGUI names so there (its "win" is no Mac key)
                }
                yield new InputEvent(time, action, null, null, null, null, null, null, name,
                        line.has("keysym") ? line.path("keysym").asLong() : null, character, modifiers, null);
            }
            default -> throw new IllegalArgumentException(action); // unusable() lets only these through
        };
        return line.has("injected") ? event.madeByProgram(line.path("injected").asBoolean()) : event;
    }

    /** {@code Key.ctrl_l} to {@code ctrl_l}, {@code Button.left} to {@code left}, {@code 'a'} to {@code a}. */
    static String strip(String name) {
        if (name == null) {
            return null;
        }
        String plain = name.startsWith("Key.") ? name.substring(4) : name.startsWith("Button.") ? name.substring(7) : name;
        if (plain.length() >= 3 && plain.startsWith("'") && plain.endsWith("'")) {
            plain = plain.substring(1, plain.length() - 1);
        }
        return plain;
    }

    private static String os(JsonNode metadata) {
        if (metadata.has("os")) {
            return metadata.path("os").asText();
        }
        String system = metadata.path("system").asText("");
        return switch (system.toLowerCase(Locale.ROOT)) {
            case "windows" -> "windows";
            case "darwin" -> "macos";
            case "linux" -> "ubuntu";
            default -> system.isEmpty() ? null : system;
        };
    }

    /** A line of a JSONL file, with its number (or a row of a database, with its id). */
    private record Line(long number, JsonNode node) {
    }

    private static List<Line> rows(java.util.Map<Long, JsonNode> rows) {
        return rows.entrySet().stream().map(row -> new Line(row.getKey(), row.getValue())).toList();
    }

    /** The JSON objects of a JSONL file; a torn last line after a kill, or a broken line, is a doubt and the others stand. */
    private static List<Line> lines(Path file, List<Doubt> doubts) throws IOException {
        List<Line> nodes = new ArrayList<>();
        if (!Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return nodes;
        }
        RecordingFolder.ownFile(file);
        String content;
        try {
            content = Files.readString(file, java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IOException(file + " is not UTF-8 text, so its events cannot be read");
        } catch (java.nio.file.FileSystemException e) {
            throw RecordingFolder.unreadable(file, e);
        }
        String[] text = content.split("\n", -1);
        int last = text.length - 1; // after a final newline, an empty string; otherwise a line cut off by a kill
        String name = file.getFileName().toString();
        for (int i = 0; i < text.length; i++) {
            if (text[i].isBlank()) {
                continue;
            }
            try {
                JsonNode node = Json.MAPPER.readTree(text[i]);
                if (node != null && node.isObject()) {
                    nodes.add(new Line(i + 1, node));
                    continue;
                }
            } catch (IOException malformed) {
                // reported below
            }
            doubts.add(i == last ? new Doubt(name, i + 1, Double.NaN, "the last line is cut off (the recorder stopped while writing it); left out", -1, true)
                    : new Doubt(name, i + 1, Double.NaN, "not a JSON object (a torn or broken line); left out"));
        }
        return nodes;
    }

    static final int MAX_TEXT = 1000;

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : bounded(value.asText());
    }

    /** {@code text} cut to {@link #MAX_TEXT} characters, saying so, where it is longer. */
    private static String bounded(String text) {
        return text.length() <= MAX_TEXT ? text : text.substring(0, MAX_TEXT) + "\u2026 (cut from " + text.length() + " characters)";
    }

    private static Integer integer(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || !value.isNumber() ? null : value.intValue();
    }
}
