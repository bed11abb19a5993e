package org.trajectory.recorder.replay;

import java.awt.Point;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.trajectory.model.Json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a desktop showed when a recording started, as far as a replay can make it again: the screen's size and the
 * applications whose windows were open, each with its command line, working folder, the variables that shape what it
 * shows, and where its window was. A recording made by {@code record} writes it into {@code metadata.json}; the builder
 * puts it into the task as {@value #FIELD}. Paths in the user's home folder are written from {@code ~}, so the setup
 * names no user.
 *
 * @param pointer      where the pointer was (a hover shows), null when not known
 * @param applications in the order they are to be started; the window marked {@code active} is focused last
 * @param prelude      steps in our action language that bring the applications to the first screen once they are up
 *                     (a command typed into a terminal before the recording began); a recipe's author adds them, a
 *                     recording cannot know them
 * @since 0.1
 */
public record Setup(int width, int height, Point pointer, List<Application> applications, List<String> prelude) {

    /** The task's (and the recording metadata's) field. */
    public static final String FIELD = "setup";
    /** The variables a setup may set for its applications: those that change what they draw, nothing that loads code. */
    public static final java.util.regex.Pattern VARIABLES = java.util.regex.Pattern.compile("HOME|PS1|LANG|LANGUAGE|LC_[A-Z]+|TZ|GTK_THEME|TERM");

    /** A window's place on the screen, in pixels: its contents, without the window manager's frame. */
    public record Window(int x, int y, int width, int height) {
    }

    /**
     * One application: how to start it and which window shows that it is up ({@code windowClass}, the WM_CLASS class
     * on X11); {@code window} is null where only starting it is known.
     */
    public record Application(List<String> command, String directory, Map<String, String> variables, String windowClass,
            String title, Window window, boolean active) {

        public Application {
            command = List.copyOf(command);
            // sorted: a setup's JSON, and so the hash that approves it, must not depend on the order a map happens to have
            variables = variables == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(variables));
        }
    }

    public Setup {
        applications = List.copyOf(applications);
        prelude = prelude == null ? List.of() : List.copyOf(prelude);
    }

    public ObjectNode json() {
        ObjectNode node = Json.MAPPER.createObjectNode().put("screen_width", width).put("screen_height", height);
        if (pointer != null) {
            node.putArray("pointer").add(pointer.x).add(pointer.y);
        }
        for (Application application : applications) {
            ObjectNode app = node.withArray("applications").addObject();
            application.command().forEach(app.putArray("command")::add);
            if (application.directory() != null) {
                app.put("directory", application.directory());
            }
            if (!application.variables().isEmpty()) {
                application.variables().forEach(app.putObject("variables")::put);
            }
            app.put("class", application.windowClass());
            if (application.title() != null) {
                app.put("title", application.title());
            }
            if (application.window() != null) {
                Window w = application.window();
                app.putArray("window").add(w.x()).add(w.y()).add(w.width()).add(w.height());
            }
            if (application.active()) {
                app.put("active", true);
            }
        }
        node.withArray("applications");
        if (!prelude.isEmpty()) {
            prelude.forEach(node.putArray("prelude")::add);
        }
        return node;
    }

    /** Reads a setup written by {@link #json()}; a malformed one fails with what is wrong in it. */
    public static Setup of(JsonNode node) throws ReplayException {
        if (!node.path("screen_width").canConvertToInt() || node.path("screen_width").asInt() <= 0
                || node.path("screen_height").asInt() <= 0) {
            throw new ReplayException("the setup has no screen size (screen_width, screen_height)");
        }
        List<Application> applications = new ArrayList<>();
        int position = 0;
        for (JsonNode app : node.path("applications")) {
            position++;
            List<String> command = new ArrayList<>();
            app.path("command").forEach(part -> command.add(part.asText()));
            if (command.isEmpty() || command.get(0).isBlank()) {
                throw new ReplayException("application " + position + " of the setup has no command");
            }
            Map<String, String> variables = new LinkedHashMap<>();
            app.path("variables").properties().forEach(e -> variables.put(e.getKey(), e.getValue().asText()));
            JsonNode w = app.path("window");
            Window window = w.size() == 4 ? new Window(w.get(0).asInt(), w.get(1).asInt(), w.get(2).asInt(), w.get(3).asInt()) : null;
            applications.add(new Application(command, app.path("directory").asText(null), variables, app.path("class").asText(null),
                    app.path("title").asText(null), window, app.path("active").asBoolean(false)));
        }
        JsonNode pointer = node.path("pointer");
        List<String> prelude = new ArrayList<>();
        node.path("prelude").forEach(code -> prelude.add(code.asText()));
        return new Setup(node.path("screen_width").asInt(), node.path("screen_height").asInt(),
                pointer.size() == 2 ? new Point(pointer.get(0).asInt(), pointer.get(1).asInt()) : null, applications, prelude);
    }

    /** {@code path} from {@code ~} when it lies in {@code home}; as it is otherwise. */
    public static String fromHome(String path, String home) {
        if (home == null || home.isEmpty() || home.equals("/")) {
            return path;
        }
        if (path.equals(home)) {
            return "~";
        }
        return path.startsWith(home + "/") ? "~" + path.substring(home.length()) : path;
    }

    /** The other way: {@code ~} and {@code ~/...} in the user's home folder of the machine that replays. */
    public static String inHome(String path, String home) {
        if (path.equals("~")) {
            return home;
        }
        return path.startsWith("~/") ? home + path.substring(1) : path;
    }
}
