import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Regenerates the ground-truth corpus: each session of sessions.json runs a real application under its own Xvfb,
 * is driven by xdotool and recorded by {@code workbench record}; {@code workbench build} turns the recordings into
 * trajectories, which are then checked against what the script did (action types, pixel coordinates and typed text
 * exactly) and given the script's detail and context words. Writes OUT/reference.jsonl with OUT/images/, and
 * OUT/summary.json. Exit 1 when a built step disagrees with the script. Run by regenerate.sh, which puts Jackson on
 * the class path.
 */
public class Corpus {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final JsonNode spec;
    private final Path specFolder;
    private final Path out;
    private final String workbench;
    private final double gap;
    /** The Windows Java runtime and ffmpeg the build fetched for the Windows tests: what a desktop under Wine records with. */
    private final Path windowsMaterials;
    /** The display the sessions run on now, and what its programs are given (DISPLAY, the cursor theme, the session bus). */
    private final Map<String, String> environment = new LinkedHashMap<>();
    private JsonNode desktop;
    private final List<Process> desktopProcesses = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();

    Corpus(JsonNode spec, Path specFolder, Path out, String workbench, Path windowsMaterials) {
        this.spec = spec;
        this.windowsMaterials = windowsMaterials;
        this.specFolder = specFolder;
        this.out = out;
        this.workbench = workbench;
        this.gap = spec.path("gap_seconds").asDouble(0.9);
    }

    public static void main(String[] args) throws Exception {
        Path specFile = null;
        Path out = null;
        String workbench = null;
        Path windowsMaterials = null;
        List<String> only = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--spec" -> specFile = Path.of(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                case "--workbench" -> workbench = args[++i];
                case "--session" -> only.add(args[++i]);
                case "--windows-materials" -> windowsMaterials = Path.of(args[++i]);
                default -> {
                    System.err.println("corpus: unknown argument " + args[i]
                            + "; usage: Corpus --spec sessions.json --out DIR --workbench PATH [--windows-materials DIR] [--session ID]...");
                    System.exit(2);
                }
            }
        }
        if (specFile == null || out == null || workbench == null) {
            System.err.println("corpus: --spec, --out and --workbench are required");
            System.exit(2);
        }
        Corpus corpus = new Corpus(JSON.readTree(specFile.toFile()), specFile.toAbsolutePath().getParent(), out.toAbsolutePath(), workbench,
                windowsMaterials);
        System.exit(corpus.run(only));
    }

    int run(List<String> only) throws Exception {
        long start = System.nanoTime();
        List<JsonNode> sessions = new ArrayList<>();
        for (JsonNode session : spec.path("sessions")) {
            if (only.isEmpty() || only.contains(session.path("id").asText())) {
                sessions.add(session);
            }
        }
        if (sessions.size() < Math.max(1, only.size())) {
            System.err.println("corpus: no session " + only + " in the spec");
            return 2;
        }
        String unpinned = unpinnedDesktops(sessions);
        if (!unpinned.isEmpty()) {
            System.err.println("corpus: the desktops " + unpinned + " name no cursor_theme; their pointer would be this machine's "
                    + "default theme (whichever cursor package is installed with the highest priority), so the corpus would "
                    + "differ between machines and could show a held-out theme in a train part: name one (and its cursor_size)");
            return 2;
        }
        String missing = missing(sessions);
        if (!missing.isEmpty()) {
            System.err.println("corpus: these sessions need " + missing + " (the Debian packages are named in releng/corpus/regenerate.sh)");
            return 2;
        }
        for (String folder : List.of("recordings", "dataset", "images", "home", "wine")) {
            deleteTree(out.resolve(folder));
        }
        Files.createDirectories(out.resolve("recordings"));
        Map<String, Path> recordings = new LinkedHashMap<>();
        Map<String, JsonNode> resolved = new LinkedHashMap<>();
        Map<String, List<JsonNode>> byDesktop = new LinkedHashMap<>();
        sessions.forEach(s -> byDesktop.computeIfAbsent(s.path("desktop").asText(""), d -> new ArrayList<>()).add(s));
        for (Map.Entry<String, List<JsonNode>> group : byDesktop.entrySet()) {
            startDesktop(group.getKey());
            try {
                for (JsonNode session : group.getValue()) {
                    String id = session.path("id").asText();
                    System.err.printf(Locale.ROOT, "corpus: %s (%d actions)%n", id, session.path("actions").size());
                    ObjectNode done = session.deepCopy();
                    recordings.put(id, record(done));
                    resolved.put(id, done);
                }
            } finally {
                stopDesktop();
            }
        }
        sessions.replaceAll(s -> resolved.get(s.path("id").asText()));
        Map<String, String> taskOfSession = build(recordings);
        Map<String, JsonNode> built = export();
        Map<String, Integer> byOperation = new TreeMap<>();
        Map<String, Integer> byApp = new TreeMap<>();
        int shortSessions = 0;
        int longSessions = 0;
        StringBuilder reference = new StringBuilder();
        for (JsonNode session : sessions) {
            String id = session.path("id").asText();
            JsonNode task = built.get(taskOfSession.get(id));
            if (task == null) {
                problems.add(id + ": no trajectory was built from its recording");
                continue;
            }
            reference.append(JSON.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(check(session, (ObjectNode) task)))
                    .append('\n');
            int actions = session.path("actions").size();
            if (actions <= 3) {
                shortSessions++;
            } else {
                longSessions++;
            }
            byApp.merge(session.path("app").asText(), 1, Integer::sum);
            for (JsonNode action : session.path("actions")) {
                byOperation.merge(action.path("op").asText(), 1, Integer::sum);
            }
        }
        Files.writeString(out.resolve("reference.jsonl"), reference);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("sessions", sessions.size());
        summary.put("short_sessions", shortSessions);
        summary.put("long_sessions", longSessions);
        summary.put("actions_by_operation", byOperation);
        summary.put("sessions_by_app", byApp);
        summary.put("problems", problems);
        summary.put("seconds", Math.round((System.nanoTime() - start) / 1e8) / 10.0);
        JSON.writeValue(out.resolve("summary.json").toFile(), summary);
        problems.forEach(p -> System.err.println("corpus: " + p));
        System.out.println(JSON.writeValueAsString(summary));
        return problems.isEmpty() ? 0 : 1;
    }

    /**
     * The desktop the next sessions run on (the spec's {@code desktops}, or a plain one of the spec's screen): an Xvfb
     * of its size on a free display, a window manager, and where it says so a cursor theme, a panel whose clock ticks
     * every second (tint2) and a notification daemon (dunst on a session bus of its own); or, for a {@code windows}
     * desktop, a Wine prefix of its own whose virtual desktop fills the screen, recorded by our Windows backend.
     */
    private void startDesktop(String name) throws Exception {
        desktop = desktopNamed(name);
        if (desktop.isMissingNode()) {
            throw new IOException("a session names the desktop '" + name + "', which the spec's desktops do not have");
        }
        int number = 140;
        while (Files.exists(Path.of("/tmp/.X11-unix/X" + number)) || Files.exists(Path.of("/tmp/.X" + number + "-lock"))) {
            number++;
        }
        environment.clear();
        environment.put("DISPLAY", ":" + number);
        if (desktop.has("cursor_theme")) {
            environment.put("XCURSOR_THEME", desktop.path("cursor_theme").asText());
            environment.put("XCURSOR_SIZE", desktop.path("cursor_size").asText("24"));
        }
        JsonNode screen = screen();
        String size = screen.get(0).asInt() + "x" + screen.get(1).asInt();
        desktopProcesses.add(new ProcessBuilder("Xvfb", ":" + number, "-screen", "0", screen.get(0).asInt() + "x" + screen.get(1).asInt() + "x24",
                "-nolisten", "tcp").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
        for (int i = 0; i < 100 && !Files.exists(Path.of("/tmp/.X11-unix/X" + number)); i++) {
            Thread.sleep(50);
        }
        if (windows()) {
            startWine(name, size);
            return;
        }
        startQuietly(List.of("openbox"));
        if (desktop.path("notifications").asBoolean()) {
            Process bus = process(List.of("dbus-daemon", "--session", "--nofork", "--print-address")).start();
            desktopProcesses.add(bus);
            environment.put("DBUS_SESSION_BUS_ADDRESS", new BufferedReader(new InputStreamReader(bus.getInputStream(), StandardCharsets.UTF_8))
                    .readLine());
            startQuietly(List.of("dunst"));
        }
        if (desktop.path("panel").asBoolean()) {
            Path rc = out.resolve("tint2rc");
            Files.copy(specFolder.resolve("desktop/tint2rc"), rc, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            startQuietly(List.of("tint2", "-c", rc.toString()));
        }
        Thread.sleep(1000);
    }

    /**
     * What the sessions' desktops and applications need that this machine lacks, read from the spec: each application's
     * program (Wine's run inside Wine), Wine, the panel, the notification daemon and its bus, xwininfo for points inside a
     * window, and each cursor theme (a missing one would silently record the default pointer). Empty when nothing is.
     */
    private String missing(List<JsonNode> sessions) {
        java.util.Set<String> programs = new java.util.TreeSet<>();
        java.util.Set<String> themes = new java.util.TreeSet<>();
        for (JsonNode session : sessions) {
            String name = session.path("desktop").asText("");
            JsonNode on = desktopNamed(name);
            JsonNode app = spec.path("apps").path(session.path("app").asText());
            if (on.path("windows").asBoolean()) {
                programs.addAll(List.of("wine", "wineserver", "xwininfo"));
                continue;
            }
            programs.add(app.path("command").path(0).asText());
            if (app.path("in_window").asBoolean()) {
                programs.add("xwininfo");
            }
            if (on.path("panel").asBoolean()) {
                programs.add("tint2");
            }
            if (on.path("notifications").asBoolean()) {
                programs.addAll(List.of("dbus-daemon", "dunst", "notify-send"));
            }
            if (on.has("cursor_theme")) {
                themes.add(on.path("cursor_theme").asText());
            }
        }
        List<String> path = Arrays.asList(System.getenv().getOrDefault("PATH", "").split(":"));
        programs.removeIf(program -> path.stream().anyMatch(folder -> Files.isExecutable(Path.of(folder, program))));
        themes.removeIf(theme -> Files.isDirectory(Path.of("/usr/share/icons", theme, "cursors"))
                || Files.isDirectory(Path.of(System.getProperty("user.home"), ".icons", theme, "cursors")));
        List<String> missing = new ArrayList<>();
        if (!programs.isEmpty()) {
            missing.add("the programs " + String.join(", ", programs));
        }
        if (!themes.isEmpty()) {
            missing.add("the cursor themes " + String.join(", ", themes));
        }
        return String.join(" and ", missing);
    }

    /** The desktop a session names, or the spec's own for a session that names none; missing when the spec has no such. */
    private JsonNode desktopNamed(String name) {
        return name.isEmpty() ? spec : spec.path("desktops").path(name);
    }

    /** The Linux desktops the sessions use that leave the pointer theme to the machine, quoted; empty when none does. */
    private String unpinnedDesktops(List<JsonNode> sessions) {
        java.util.Set<String> unpinned = new java.util.TreeSet<>();
        for (JsonNode session : sessions) {
            String name = session.path("desktop").asText("");
            JsonNode on = desktopNamed(name);
            if (!on.path("windows").asBoolean() && !on.has("cursor_theme")) {
                unpinned.add("'" + (name.isEmpty() ? "(the spec's own)" : name) + "'");
            }
        }
        return String.join(", ", unpinned);
    }

    private boolean windows() {
        return desktop.path("windows").asBoolean();
    }

    /**
     * A fresh Wine prefix whose virtual desktop is the X screen, so Wine sees every event xdotool sends at the same
     * coordinates. Its programs get the Windows Java runtime and ffmpeg; the runtime gets Windows' own PRNG, since the
     * JDK's default lists network interfaces and crashes under Wine 8 (the Windows tests' WineDesktop does the same).
     */
    private void startWine(String name, String size) throws Exception {
        if (windowsMaterials == null || !Files.isDirectory(windowsMaterials.resolve("org/bytedeco/ffmpeg/windows-x86_64-gpl"))) {
            throw new IOException("the desktop '" + name + "' runs under Wine and needs the Windows materials the build fetches "
                    + "(--windows-materials): " + windowsMaterials);
        }
        Path jre;
        try (var found = Files.list(windowsMaterials)) {
            jre = found.filter(p -> p.getFileName().toString().startsWith("sonar-scanner-")).findFirst()
                    .orElseThrow(() -> new IOException("no Windows Java runtime in " + windowsMaterials)).resolve("jre");
        }
        Path prefix = out.resolve("wine").resolve(name);
        Files.createDirectories(prefix.getParent());
        Path security = out.resolve("wine").resolve("java.security");
        Files.writeString(security, "security.provider.1=SunMSCAPI\nsecurity.provider.12=SUN\n");
        environment.putAll(Map.of("WINEPREFIX", prefix.toString(), "WINEDEBUG", "-all", "WINEDLLOVERRIDES", "mscoree,mshtml=",
                "WINEPATH", windowsPath(windowsMaterials.resolve("org/bytedeco/ffmpeg/windows-x86_64-gpl")), "JAVA_HOME", windowsPath(jre),
                "TW_VM_ARGS", "-Djava.security.properties=" + windowsPath(security) + " -XX:-PrintWarnings"));
        runQuietly(List.of("wine", "wineboot", "-i"), 180);
        runQuietly(List.of("wineserver", "-w"), 180); // wineboot leaves the prefix's update running
        runQuietly(List.of("wine", "reg", "add", "HKCU\\Software\\Wine\\Explorer", "/v", "Desktop", "/d", "Default", "/f"), 60);
        runQuietly(List.of("wine", "reg", "add", "HKCU\\Software\\Wine\\Explorer\\Desktops", "/v", "Default", "/d", size, "/f"), 60);
        endWindowsPrograms(); // the next program brings up the virtual desktop as set
    }

    /** Ends every Windows program of the prefix, and with them its desktop. */
    private void endWindowsPrograms() throws Exception {
        for (String option : List.of("-k", "-w")) { // -k fails where no program runs: nothing to end
            process(List.of("wineserver", option)).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start()
                    .waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** The Windows name of a Linux path, through Wine's Z: drive. */
    private static String windowsPath(Path path) {
        return "Z:" + path.toAbsolutePath().toString().replace('/', '\\');
    }

    private void startQuietly(List<String> command) throws IOException {
        desktopProcesses.add(process(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
    }

    private void stopDesktop() throws InterruptedException {
        for (Process p : desktopProcesses.reversed()) {
            p.destroy();
            p.waitFor(5, TimeUnit.SECONDS);
        }
        desktopProcesses.clear();
    }

    private JsonNode screen() {
        return desktop.has("screen") ? desktop.path("screen") : spec.path("screen");
    }

    private ProcessBuilder process(List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        return builder;
    }

    private Path record(ObjectNode session) throws Exception {
        String id = session.path("id").asText();
        JsonNode app = spec.path("apps").path(session.path("app").asText());
        Path home = out.resolve("home").resolve(id);
        Files.createDirectories(home);
        List<String> command = new ArrayList<>(windows() ? List.of("wine") : List.of());
        app.path("command").forEach(c -> command.add(c.asText().replace("PAGES", specFolder.resolve("pages").toString())));
        ProcessBuilder appBuilder = process(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        if (!windows()) { // a fresh profile: no restored sessions or first-run dialogs (a Wine prefix is fresh already)
            appBuilder.environment().put("HOME", home.toString());
            appBuilder.directory(home.toFile()); // what an application saves lands there, not in the checkout
        }
        app.path("env").properties().forEach(e -> appBuilder.environment().put(e.getKey(), e.getValue().asText()));
        Process application = appBuilder.start();
        Path recording = out.resolve("recordings").resolve(id);
        try {
            if (windows()) {
                Thread.sleep(4000); // Wine's desktop and the program come up; the recorder then sees it in front
            } else {
                prepareWindow(session, app, id);
            }
            Process recorder = startRecorder(session, recording);
            BufferedReader log = new BufferedReader(new InputStreamReader(recorder.getInputStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = log.readLine()) != null && !line.contains("recording with")) {
                if (!line.startsWith("wine: Read access denied")) { // Wine cannot read the Z: drive's label: said at every start
                    System.err.println("corpus: record: " + line);
                }
            }
            if (line == null) {
                throw new IOException(id + ": the recorder ended before recording");
            }
            if (windows() && app.path("in_window").asBoolean()) {
                inWindowOfRecording(session, recording, id);
            }
            Thread.sleep(1000);
            Thread notification = notification();
            for (JsonNode action : session.path("actions")) {
                perform(action);
                Thread.sleep((long) (gap * 1000));
            }
            Thread.sleep(session.path("idle_seconds").asLong(0) * 1000);
            notification.join();
            Thread.sleep(500);
            if (!windows()) {
                // SIGTERM (the handle keeps our end of its output open): the recorder's shutdown hook closes the video and the event log
                recorder.toHandle().destroy();
            } // under Wine it stops at its --duration
            while ((line = log.readLine()) != null) {
                if (line.startsWith("workbench") || line.startsWith("recorded")) {
                    System.err.println("corpus: record: " + line);
                }
            }
            if (!recorder.waitFor(30, TimeUnit.SECONDS)) {
                recorder.destroyForcibly();
                throw new IOException(id + ": the recorder did not stop");
            }
            addPrelude(recording, session.path("setup"));
        } finally {
            application.descendants().forEach(ProcessHandle::destroy);
            application.destroy();
            application.waitFor(5, TimeUnit.SECONDS);
            if (windows()) {
                endWindowsPrograms();
            }
            Thread.sleep(200);
        }
        return recording;
    }

    /** Places the application's window where the spec says, brings it to the front and runs the session's setup. */
    private void prepareWindow(ObjectNode session, JsonNode app, String id) throws Exception {
        // the previous session's application is gone, so the class finds this one
        String window = window(app, id);
        if (app.has("move")) {
            xdotool("windowmove", "--sync", window, app.path("move").get(0).asText(), app.path("move").get(1).asText());
        }
        if (app.has("size")) {
            xdotool("windowsize", "--sync", window, app.path("size").get(0).asText(), app.path("size").get(1).asText());
        }
        xdotool("windowactivate", "--sync", window);
        Thread.sleep(600);
        if (app.path("in_window").asBoolean()) {
            inWindow(session, app, id);
        }
        for (JsonNode action : session.path("setup")) {
            perform(action);
            Thread.sleep(300);
            settle();
        }
    }

    /**
     * Waits until the screen has stayed the same for 0.6 s (a blinking caret's few pixels aside), at most 5 s: a setup
     * command's output may still be running, and what is typed next would land amid it (the replay waits the same way).
     */
    private void settle() throws Exception {
        long start = System.currentTimeMillis();
        long stillSince = start;
        byte[] previous = screenPixels();
        for (long now = start; now - start < 5000 && now - stillSince < 600; now = System.currentTimeMillis()) {
            Thread.sleep(150);
            byte[] pixels = screenPixels();
            if (differing(previous, pixels) > 200) {
                stillSince = System.currentTimeMillis();
            }
            previous = pixels;
        }
    }

    /**
     * The screen's pixels, 3 bytes each, through ImageMagick's import; cut short when it takes over 5 s (a grab the
     * server never answers ends this wait, which counts it as a change, instead of the run).
     */
    private byte[] screenPixels() throws Exception {
        Process grab = process(List.of("timeout", "5", "import", "-silent", "-window", "root", "-depth", "8", "rgb:-")).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] pixels = grab.getInputStream().readAllBytes();
        grab.waitFor();
        return pixels;
    }

    /** How many pixels differ between two grabs of the screen (all of them when their sizes differ). */
    private static int differing(byte[] a, byte[] b) {
        if (a.length != b.length) {
            return Integer.MAX_VALUE;
        }
        int count = 0;
        for (int i = 0; i + 2 < a.length; i += 3) {
            if (a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2]) {
                count++;
            }
        }
        return count;
    }

    /**
     * {@code workbench record}, its output and errors on one stream; under Wine {@code workbench.cmd}, as a Windows user
     * starts it, for a duration long enough for the script (Wine gives a Windows program no signal to stop on).
     */
    private Process startRecorder(JsonNode session, Path recording) throws IOException {
        List<String> command = new ArrayList<>();
        if (windows()) {
            command.addAll(List.of("wine", "cmd", "/c", windowsPath(Path.of(workbench + ".cmd"))));
        } else {
            command.add(workbench);
        }
        command.addAll(List.of("record", "--task", session.path("task").asText(), "--out",
                windows() ? windowsPath(recording) : recording.toString(), "--fps", "10"));
        if (windows()) {
            command.addAll(List.of("--duration", String.valueOf(scriptSeconds(session))));
        }
        return process(command).redirectErrorStream(true).start();
    }

    /** How long a session's script takes at most: a second before it, each action and the gap after it, and some spare. */
    private long scriptSeconds(JsonNode session) {
        double seconds = 1 + session.path("idle_seconds").asDouble(0) + 1;
        for (JsonNode action : session.path("actions")) {
            seconds += gap + switch (action.path("op").asText()) {
                case "type" -> 0.5 + 0.1 * action.path("text").asText().length();
                case "drag", "select" -> 2;
                case "scroll" -> 0.8 + 0.1 * Math.abs(action.path("clicks").asInt());
                default -> 0.6;
            };
        }
        return Math.round(seconds * 1.3 + 3);
    }

    /**
     * Under Wine the windows are inside Wine's one desktop window, which xdotool cannot tell apart: a session's points
     * {@code in_window} are made absolute from the window in front as the recorder's window stream gives it.
     */
    private void inWindowOfRecording(ObjectNode session, Path recording, String id) throws Exception {
        Path windows = recording.resolve("top_window.jsonl");
        for (int i = 0; i < 50 && (!Files.exists(windows) || Files.size(windows) == 0); i++) {
            Thread.sleep(100);
        }
        JsonNode geometry = JSON.readTree(Files.readAllLines(windows).get(0)).path("geometry");
        if (!geometry.has("x")) {
            throw new IOException(id + ": the recorder saw no window in front: " + Files.readAllLines(windows).get(0));
        }
        offset(session, geometry.path("x").asInt(), geometry.path("y").asInt());
    }

    /**
     * Where an application's controls are depends on where its window landed: a session of an app whose points are
     * {@code in_window} names them from the window's inside top left, made absolute here, before the script runs.
     */
    private void inWindow(ObjectNode session, JsonNode app, String id) throws Exception {
        String info = null;
        for (int attempt = 1; info == null; attempt++) {
            try { // Chromium may replace the window it first showed: the one found can be gone a moment later
                info = runQuietly(List.of("xwininfo", "-id", window(app, id)));
            } catch (IOException gone) {
                if (attempt == 3) {
                    throw gone;
                }
                Thread.sleep(500);
            }
        }
        int left = Integer.parseInt(info.replaceAll("(?s).*Absolute upper-left X:\\s+(-?\\d+).*", "$1"));
        int top = Integer.parseInt(info.replaceAll("(?s).*Absolute upper-left Y:\\s+(-?\\d+).*", "$1"));
        offset(session, left, top);
    }

    private static void offset(ObjectNode session, int left, int top) {
        for (String list : List.of("setup", "actions")) {
            for (JsonNode action : session.path(list)) {
                for (String key : List.of("at", "from", "to")) {
                    if (action.get(key) instanceof com.fasterxml.jackson.databind.node.ArrayNode point) {
                        point.set(0, point.get(0).asInt() + left);
                        point.set(1, point.get(1).asInt() + top);
                    }
                }
            }
        }
    }

    /** A notification sliding in while the session runs, where the desktop has them: noise, not an action. */
    private Thread notification() {
        JsonNode message = desktop.path("notification");
        Thread thread = new Thread(() -> {
            try {
                Thread.sleep((long) (message.path("after_seconds").asDouble(1.5) * 1000));
                runQuietly(List.of("notify-send", "-t", "4000", message.path("summary").asText(), message.path("body").asText()));
            } catch (Exception e) {
                System.err.println("corpus: no notification: " + e.getMessage());
            }
        });
        if (desktop.path("notifications").asBoolean()) {
            thread.start();
        }
        return thread;
    }

    /** The application's visible window, once it has one. */
    private String window(JsonNode app, String id) throws Exception {
        return xdotool("search", "--sync", "--onlyvisible", "--class", app.path("class").asText()).lines().findFirst()
                .orElseThrow(() -> new IOException(id + ": no " + app.path("class").asText() + " window appeared"));
    }

    private String runQuietly(List<String> command) throws Exception {
        return runQuietly(command, 20);
    }

    private String runQuietly(List<String> command, int seconds) throws Exception {
        Process process = process(command).redirectErrorStream(true).start();
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) { // xwininfo has been seen to hang on a window that went away
            process.destroyForcibly();
            throw new IOException(String.join(" ", command) + " timed out");
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + ": " + output.strip());
        }
        return output;
    }

    /**
     * What the script did before recording (a command run in the terminal) becomes the prelude of the recording's
     * setup, in our action language: a replay performs it once the application is up, to reach the first screen.
     */
    private void addPrelude(Path recording, JsonNode setupActions) throws IOException {
        if (setupActions.isEmpty()) {
            return;
        }
        Path file = recording.resolve("metadata.json");
        ObjectNode metadata = (ObjectNode) JSON.readTree(file.toFile());
        if (!(metadata.get("setup") instanceof ObjectNode setup)) {
            throw new IOException(recording + ": the recorder wrote no setup");
        }
        int width = screen().get(0).asInt();
        int height = screen().get(1).asInt();
        for (JsonNode action : setupActions) {
            setup.withArray("prelude").add(switch (action.path("op").asText()) {
                case "click" -> "pyautogui.click(" + point(action.path("at"), width, height) + ")";
                case "type" -> "pyautogui.write(message=" + JSON.writeValueAsString(action.path("text").asText()) + ")";
                case "key", "press" -> "pyautogui.press(" + JSON.writeValueAsString(action.path("key").asText().equals("Return") ? "enter"
                        : action.path("key").asText().toLowerCase(Locale.ROOT)) + ")";
                default -> throw new IOException("a setup action '" + action.path("op").asText() + "' has no prelude form");
            });
        }
        JSON.writeValue(file.toFile(), metadata);
    }

    /** One scripted action through xdotool: real input events, as a person's would be. */
    private void perform(JsonNode action) throws Exception {
        switch (action.path("op").asText()) {
            case "click" -> {
                moveTo(action.path("at"));
                xdotool("click", "1");
            }
            case "double_click" -> {
                moveTo(action.path("at"));
                xdotool("click", "--repeat", "2", "--delay", "90", "1");
            }
            case "right_click" -> {
                moveTo(action.path("at"));
                xdotool("click", "3");
            }
            case "type" -> xdotool("type", "--delay", "60", action.path("text").asText());
            case "press", "key" -> xdotool("key", action.path("key").asText());
            case "scroll" -> {
                int clicks = action.path("clicks").asInt();
                moveTo(action.path("at"));
                Thread.sleep(200);
                xdotool("click", "--repeat", String.valueOf(Math.abs(clicks)), "--delay", "80", clicks > 0 ? "4" : "5");
            }
            case "drag", "select" -> {
                JsonNode from = action.path("from");
                JsonNode to = action.path("to");
                moveTo(from);
                Thread.sleep(150);
                xdotool("mousedown", "1");
                for (int step = 1; step <= 10; step++) { // motion the application can follow
                    long px = Math.round(from.get(0).asInt() + (to.get(0).asInt() - from.get(0).asInt()) * step / 10.0);
                    long py = Math.round(from.get(1).asInt() + (to.get(1).asInt() - from.get(1).asInt()) * step / 10.0);
                    xdotool("mousemove", "--sync", String.valueOf(px), String.valueOf(py));
                    Thread.sleep(30);
                }
                Thread.sleep(150);
                xdotool("mouseup", "1");
            }
            default -> throw new IllegalArgumentException("unknown action " + action);
        }
    }

    /**
     * Moves the pointer there and waits until it is, unless it is there already: xdotool's --sync then waits for a
     * motion that never comes (15 s), a pause no person makes between arriving and pressing.
     */
    private void moveTo(JsonNode point) throws Exception {
        String at = xdotool("getmouselocation", "--shell");
        if (!at.contains("X=" + x(point) + "\n") || !at.contains("Y=" + y(point) + "\n")) {
            xdotool("mousemove", "--sync", x(point), y(point));
        }
    }

    private static String x(JsonNode point) {
        return point.get(0).asText();
    }

    private static String y(JsonNode point) {
        return point.get(1).asText();
    }

    private String xdotool(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("xdotool"));
        command.addAll(Arrays.asList(args));
        Process process = process(command).redirectErrorStream(true).start();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("xdotool " + String.join(" ", args) + " timed out");
        }
        return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    /** Builds every recording into one dataset; the session of each task, by the recording it came from. */
    private Map<String, String> build(Map<String, Path> recordings) throws Exception {
        List<String> command = new ArrayList<>(List.of(workbench, "build"));
        recordings.values().forEach(r -> command.add(r.toString()));
        command.addAll(List.of("--dataset", out.resolve("dataset").toString(), "--json"));
        String json = runWorkbench(command);
        Map<String, String> tasks = new LinkedHashMap<>();
        for (JsonNode line : JSON.readTree(json).path("built")) {
            recordings.forEach((session, path) -> {
                if (path.toString().equals(line.path("recording").asText())) {
                    tasks.put(session, line.path("task_id").asText());
                }
            });
        }
        return tasks;
    }

    private Map<String, JsonNode> export() throws Exception {
        Path jsonl = out.resolve("built.jsonl");
        // read back as built to check against the script, never published: nobody reviews or scrubs a corpus made of planted text
        runWorkbench(List.of(workbench, "export", "--dataset", out.resolve("dataset").toString(), "--out", jsonl.toString(), "--images",
                out.resolve("images").toString(), "--force", "--review", "any", "--set", "personal_data=keep"));
        Map<String, JsonNode> tasks = new LinkedHashMap<>();
        for (String line : Files.readAllLines(jsonl)) {
            JsonNode task = JSON.readTree(line);
            tasks.put(task.path("task_id").asText(), task);
        }
        return tasks;
    }

    private String runWorkbench(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int code = process.waitFor();
        if (code != 0 && !command.get(1).equals("build")) { // build exits 1 on doubts, which the check below reports
            throw new IOException(String.join(" ", command) + " failed with exit code " + code);
        }
        return output;
    }

    /**
     * The built trajectory must be what the script did, step by step, ending in terminate; the reference is that
     * trajectory named after the session, with the script's words for each action.
     */
    private ObjectNode check(JsonNode session, ObjectNode task) {
        String id = session.path("id").asText();
        JsonNode app = spec.path("apps").path(session.path("app").asText());
        int width = task.path("screen_width").asInt();
        int height = task.path("screen_height").asInt();
        JsonNode steps = task.path("traj");
        JsonNode actions = session.path("actions");
        if (steps.size() != actions.size() + 1) {
            problems.add(String.format(Locale.ROOT, "%s: %d steps were built, the script did %d actions (and a terminate step ends it): %s", id,
                    steps.size(), actions.size(), codes(steps)));
        }
        for (int i = 0; i < Math.min(actions.size(), steps.size()); i++) {
            String expected = expectedCode(actions.get(i), width, height);
            String code = steps.get(i).path("value").path("code").asText();
            if (!expected.equals(code)) {
                problems.add(id + ": step " + (i + 1) + " is " + code.replace("\n", "; ") + ", the script did " + expected.replace("\n", "; "));
            }
            ObjectNode step = (ObjectNode) steps.get(i);
            ((ObjectNode) step.path("value")).put("action", actions.get(i).path("detail").asText());
            step.put("context", app.path("context").asText());
        }
        if (steps.size() == actions.size() + 1) {
            ObjectNode last = (ObjectNode) steps.get(actions.size());
            if (!last.path("value").path("code").asText().startsWith("computer.terminate(")) {
                problems.add(id + ": the last step is not terminate but " + last.path("value").path("code").asText());
            }
            ((ObjectNode) last.path("value")).put("action", "Finish the task");
            last.put("context", app.path("context").asText());
        }
        task.put("task_id", id);
        task.put("instruction", session.path("task").asText());
        return task;
    }

    private static String codes(JsonNode steps) {
        List<String> codes = new ArrayList<>();
        steps.forEach(s -> codes.add(s.path("value").path("code").asText().replace("\n", "; ")));
        return String.join(" | ", codes);
    }

    /** The code our builder writes for what the script did: coordinates normalized and rounded to 4 decimals. */
    static String expectedCode(JsonNode action, int width, int height) {
        return switch (action.path("op").asText()) {
            case "click" -> "pyautogui.click(" + point(action.path("at"), width, height) + ")";
            case "double_click" -> "pyautogui.doubleClick(" + point(action.path("at"), width, height) + ")";
            case "right_click" -> "pyautogui.rightClick(" + point(action.path("at"), width, height) + ")";
            case "type" -> "pyautogui.write(message='" + action.path("text").asText().replace("\\", "\\\\").replace("'", "\\'") + "')";
            case "press", "key" -> action.path("key").asText().contains("+") // a chord, as xdotool names it: ctrl+b
                    ? "pyautogui.hotkey('" + action.path("key").asText().toLowerCase(Locale.ROOT).replace("+", "', '") + "')"
                    : "pyautogui.press('" + action.path("key").asText().toLowerCase(Locale.ROOT).replace("return", "enter")
                            .replace("escape", "esc") + "')";
            case "scroll" -> "pyautogui.moveTo(" + point(action.path("at"), width, height) + ")\npyautogui.scroll(" + action.path("clicks").asInt() + ")";
            case "drag", "select" -> "pyautogui.moveTo(" + point(action.path("from"), width, height) + ")\npyautogui.dragTo("
                    + point(action.path("to"), width, height) + ", button='left')";
            default -> throw new IllegalArgumentException("unknown action " + action);
        };
    }

    private static String point(JsonNode at, int width, int height) {
        return String.format(Locale.ROOT, "x=%.4f, y=%.4f", rounded(at.get(0).asDouble() / width), rounded(at.get(1).asDouble() / height));
    }

    /** Rounded to 4 decimals as the builder rounds the double (57/800 is a hair under 0.07125: 0.0712), not its decimal. */
    private static double rounded(double value) {
        return Math.round(value * 10_000d) / 10_000d;
    }

    private static void deleteTree(Path path) throws IOException {
        if (Files.exists(path)) {
            try (var walk = Files.walk(path)) {
                for (Path p : walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
