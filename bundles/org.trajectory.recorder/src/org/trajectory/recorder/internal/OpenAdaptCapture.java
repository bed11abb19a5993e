package org.trajectory.recorder.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;
import org.sqlite.SQLiteOpenMode;

import org.trajectory.model.Json;
import org.trajectory.recorder.RecordingFolder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A capture of openadapt-capture (OpenAdaptAI/openadapt-capture), read as its own {@code CaptureSession} reads it: the
 * SQLite database {@code recording.db} its recorder writes (a {@code recording} row, {@code action_event} rows named
 * move, click, scroll, press and release, {@code window_event} rows), beside its video ({@code oa_recording-*.mp4} or
 * {@code video.mp4}), whose frame 0 is at {@code video_start_time}. Rows come out in the shape of AgentNetTool's and
 * DuckTrack's events.jsonl lines (pynput's, which openadapt-capture's names follow), keyed by their row id, so one reader
 * checks every peer's events; disabled rows are left out, as its own reader leaves them.
 * <p>
 * A stranger's database is data: it is opened immutable and read-only, with the schema's own functions not trusted,
 * and only its tables are read.
 */
public final class OpenAdaptCapture {

    /** The database openadapt-capture's recorder writes into the capture's folder. */
    public static final String DATABASE = "recording.db";

    /**
     * The capture's recording row in the shape of a peer's metadata.json ({@code system}, {@code screen_width},
     * {@code screen_height}, {@code video_start_timestamp}, {@code task}, and {@code coordinate_width}: how wide the space
     * its points are in, from {@code capture_desktop} or {@code capture_window} when it states one, else the monitor's), its
     * input events and its window events, each by row id.
     */
    public record Capture(ObjectNode metadata, Map<Long, JsonNode> events, Map<Long, JsonNode> windows) {
    }

    private OpenAdaptCapture() {
    }

    /** Whether {@code folder} holds a capture of openadapt-capture rather than a recording with a metadata.json. */
    public static boolean isOne(Path folder) {
        return Files.isRegularFile(folder.resolve(DATABASE), LinkOption.NOFOLLOW_LINKS);
    }

    public static Capture read(Path folder) throws IOException {
        Path database = folder.resolve(DATABASE);
        RecordingFolder.ownFile(database);
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.OPEN_URI);
        SQLiteDataSource source = new SQLiteDataSource(config);
        // immutable: no lock taken and nothing written beside it (no journal), whoever else has the file open
        source.setUrl("jdbc:sqlite:" + database.toAbsolutePath().toUri() + "?immutable=1");
        try (Connection connection = source.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA trusted_schema = OFF");
            statement.execute("PRAGMA query_only = ON");
            ObjectNode metadata = metadata(statement, database);
            return new Capture(metadata, events(statement), windows(statement));
        } catch (SQLException e) {
            throw new IOException(database + " is not a database of openadapt-capture that can be read: " + e.getMessage(), e);
        }
    }

    private static ObjectNode metadata(Statement statement, Path database) throws SQLException, IOException {
        try (ResultSet row = statement.executeQuery("SELECT monitor_width, monitor_height, platform, task_description, video_start_time, "
                + "timestamp, config FROM recording ORDER BY id LIMIT 1")) {
            if (!row.next()) {
                throw new IOException(database + " holds no recording (its recording table is empty)");
            }
            ObjectNode metadata = Json.MAPPER.createObjectNode();
            String platform = row.getString("platform");
            if (platform != null) {
                metadata.put("system", platform.startsWith("win") ? "Windows" : platform.equals("darwin") ? "Darwin"
                        : platform.startsWith("linux") ? "Linux" : platform);
            }
            number(metadata, "screen_width", row.getObject("monitor_width"));
            number(metadata, "screen_height", row.getObject("monitor_height"));
            number(metadata, "video_start_timestamp", row.getObject("video_start_time") != null ? row.getObject("video_start_time") : row.getObject("timestamp"));
            if (row.getString("task_description") != null) {
                metadata.put("task", row.getString("task_description"));
            }
            JsonNode captureConfig = row.getString("config") == null ? null : Json.MAPPER.readTree(row.getString("config"));
            JsonNode scope = captureConfig == null ? null
                    : captureConfig.has("capture_desktop") ? captureConfig.path("capture_desktop") : captureConfig.path("capture_window");
            // a full-screen or window capture states the space its points are in; a legacy one is the monitor's, in points
            if (scope != null && scope.path("viewport").path(0).isNumber()) {
                metadata.put("screen_width", scope.path("viewport").path(0).asInt()).put("screen_height", scope.path("viewport").path(1).asInt());
            }
            return metadata;
        }
    }

    private static Map<Long, JsonNode> events(Statement statement) throws SQLException {
        Map<Long, JsonNode> events = new LinkedHashMap<>();
        try (ResultSet row = statement.executeQuery("SELECT id, name, timestamp, mouse_x, mouse_y, mouse_dx, mouse_dy, mouse_button_name, "
                + "mouse_pressed, key_name, key_char, canonical_key_name FROM action_event WHERE disabled IS NOT 1 ORDER BY timestamp, id")) {
            while (row.next()) {
                ObjectNode event = Json.MAPPER.createObjectNode();
                number(event, "time_stamp", row.getObject("timestamp"));
                String name = row.getString("name");
                event.put("action", name);
                number(event, "x", row.getObject("mouse_x"));
                number(event, "y", row.getObject("mouse_y"));
                if ("click".equals(name)) {
                    event.put("button", row.getString("mouse_button_name"));
                    event.put("pressed", row.getObject("mouse_pressed") != null && row.getInt("mouse_pressed") != 0);
                } else if ("scroll".equals(name)) {
                    number(event, "dx", row.getObject("mouse_dx"));
                    number(event, "dy", row.getObject("mouse_dy"));
                } else if ("press".equals(name) || "release".equals(name)) {
                    String key = row.getString("key_name") != null ? row.getString("key_name") : row.getString("canonical_key_name");
                    String character = row.getString("key_char");
                    event.put("name", key != null ? key : character);
                    if (character != null && key == null) {
                        event.put("char", character);
                    }
                }
                events.put(row.getLong("id"), event);
            }
        }
        return events;
    }

    private static Map<Long, JsonNode> windows(Statement statement) throws SQLException {
        Map<Long, JsonNode> windows = new LinkedHashMap<>();
        try (ResultSet row = statement.executeQuery("SELECT id, timestamp, title, \"left\", top, width, height FROM window_event ORDER BY timestamp, id")) {
            while (row.next()) {
                ObjectNode window = Json.MAPPER.createObjectNode();
                number(window, "time_stamp", row.getObject("timestamp"));
                window.put("top_window_name", row.getString("title"));
                ObjectNode geometry = window.putObject("geometry");
                number(geometry, "x", row.getObject("left"));
                number(geometry, "y", row.getObject("top"));
                number(geometry, "width", row.getObject("width"));
                number(geometry, "height", row.getObject("height"));
                windows.put(row.getLong("id"), window);
            }
        } catch (SQLException noWindowTable) {
            // older captures have no window events: none is read
            if (!noWindowTable.getMessage().toLowerCase(Locale.ROOT).contains("no such table")) {
                throw noWindowTable;
            }
        }
        return windows;
    }

    /** A column's number as written (a whole number stays whole); nothing when the column is empty or not a number. */
    private static void number(ObjectNode node, String field, Object value) {
        if (value instanceof Integer || value instanceof Long) {
            node.put(field, ((Number) value).longValue());
        } else if (value instanceof Number number) {
            node.put(field, number.doubleValue());
        }
    }
}
