package org.trajectory.recorder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.trajectory.model.Json;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A recording as the trajectory builder reads it, whoever made it: ours, AgentNetTool's or DuckTrack's. Peer
 * recordings are normalized on reading: pynput's {@code Key.}/{@code Button.} prefixes and quotes dropped, their
 * scroll direction setting applied (a natural scroll is turned back into the wheel's direction), Windows and macOS
 * names kept in {@code os}, and machine identifiers (DuckTrack's MAC address) not carried over. Malformed lines are
 * skipped and counted, the rest is kept. {@code screens} holds the screen sizes in time order, the first (from
 * metadata) applying from the start.
 */
public record Recording(Path folder, String source, String task, String os, Integer screenWidth, Integer screenHeight,
        Double videoStart, List<InputEvent> events, List<WindowEvent> windows, List<ScreenSize> screens, int skippedLines) {

    public enum Source { TRAJECTORY_WORKBENCH, AGENTNET_TOOL, DUCKTRACK }

    public static Recording read(Path folder) throws IOException {
        JsonNode metadata = readJson(folder.resolve(RecordingWriter.METADATA));
        Source source = metadata.path("recorder").asText().equals("Trajectory Workbench") ? Source.TRAJECTORY_WORKBENCH
                : metadata.has("obs_record_state_timings") || metadata.has("video_start_timestamp") ? Source.AGENTNET_TOOL
                        : Source.DUCKTRACK;
        JsonNode task = Files.isRegularFile(folder.resolve(RecordingWriter.TASK)) ? readJson(folder.resolve(RecordingWriter.TASK)) : null;
        boolean natural = metadata.path("scroll_direction").asText("").toLowerCase(Locale.ROOT).contains("natural")
                || metadata.path("natural_scrolling").asBoolean(false);
        int[] skipped = { 0 };
        List<InputEvent> events = new ArrayList<>();
        List<ScreenSize> screens = new ArrayList<>();
        Integer width = integer(metadata, "screen_width");
        Integer height = integer(metadata, "screen_height");
        if (width != null && height != null) {
            screens.add(new ScreenSize(Double.NEGATIVE_INFINITY, width, height));
        }
        for (JsonNode line : lines(folder.resolve(RecordingWriter.EVENTS), skipped)) {
            if (line.path("action").asText().equals("screen")) {
                if (line.path("width").isInt() && line.path("height").isInt()) {
                    screens.add(new ScreenSize(line.path("time_stamp").asDouble(), line.path("width").asInt(), line.path("height").asInt()));
                }
                continue;
            }
            InputEvent event = event(line, natural && source != Source.TRAJECTORY_WORKBENCH);
            if (event == null) {
                skipped[0]++;
            } else {
                events.add(event);
            }
        }
        List<WindowEvent> windows = new ArrayList<>();
        for (JsonNode line : lines(folder.resolve(RecordingWriter.WINDOWS), skipped)) {
            JsonNode geometry = line.path("geometry");
            windows.add(new WindowEvent(line.path("time_stamp").asDouble(), line.path("top_window_name").asText(""),
                    text(line, "class"), line.has("pid") ? line.path("pid").asLong() : null, integer(geometry, "x"),
                    integer(geometry, "y"), integer(geometry, "width"), integer(geometry, "height")));
        }
        Double videoStart = metadata.has("video_start_timestamp") ? Double.valueOf(metadata.path("video_start_timestamp").asDouble())
                : metadata.has("start_time") ? Double.valueOf(metadata.path("start_time").asDouble()) : null;
        return new Recording(folder, source.name().toLowerCase(Locale.ROOT), task == null ? null : text(task, "task_name"),
                os(metadata), width, height, videoStart, events, windows, screens, skipped[0]);
    }

    /** The screen video: ours ({@code video.mkv}), else the first .mp4, .mkv or .webm in the folder; null if none. */
    public Path video() throws IOException {
        Path ours = folder.resolve(RecordingWriter.VIDEO);
        if (Files.isRegularFile(ours)) {
            return ours;
        }
        try (var files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().matches("(?i).*\\.(mp4|mkv|webm)$")).sorted().findFirst().orElse(null);
        }
    }

    private static InputEvent event(JsonNode line, boolean naturalScroll) {
        String action = line.path("action").asText(null);
        if (action == null || !line.has("time_stamp")) {
            return null;
        }
        double time = line.path("time_stamp").asDouble();
        Integer x = integer(line, "x");
        Integer y = integer(line, "y");
        List<String> modifiers = new ArrayList<>();
        line.path("modifiers").forEach(m -> modifiers.add(m.asText()));
        return switch (action) {
            case "move" -> x == null ? null : InputEvent.move(time, x, y);
            case "click" -> x == null ? null : InputEvent.click(time, x, y, strip(text(line, "button")), line.path("pressed").asBoolean(),
                    modifiers);
            case "scroll" -> {
                int dx = line.path("dx").asInt();
                int dy = line.path("dy").asInt();
                yield x == null ? null : InputEvent.scroll(time, x, y, naturalScroll ? -dx : dx, naturalScroll ? -dy : dy, modifiers);
            }
            case "press", "release" -> {
                String name = strip(text(line, "name") != null ? text(line, "name") : text(line, "pynput_key"));
                String character = text(line, "char");
                if (character == null && name != null && name.codePointCount(0, name.length()) == 1) {
                    character = name; // pynput names a character key by its character
                }
                yield name == null ? null : new InputEvent(time, action, null, null, null, null, null, null, name,
                        line.has("keysym") ? line.path("keysym").asLong() : null, character, modifiers);
            }
            default -> null;
        };
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

    private static List<JsonNode> lines(Path file, int[] skipped) throws IOException {
        List<JsonNode> nodes = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return nodes;
        }
        for (String line : Files.readAllLines(file)) {
            if (line.isBlank()) {
                continue;
            }
            try {
                nodes.add(Json.MAPPER.readTree(line));
            } catch (IOException malformed) {
                skipped[0]++; // a torn last line after a kill, or a broken line: the others stand
            }
        }
        return nodes;
    }

    private static JsonNode readJson(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new java.nio.file.NoSuchFileException(file.toString(), null, "not a recording (no " + file.getFileName() + ")");
        }
        return Json.MAPPER.readTree(Files.readString(file));
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static Integer integer(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || !value.isNumber() ? null : value.intValue();
    }
}
