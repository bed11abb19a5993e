package org.trajectory.recorder.windows.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.trajectory.recorder.kit.XServer;

/**
 * A Windows desktop for tests: Xvfb, a Wine prefix of its own whose virtual desktop fills the X screen (so Wine sees
 * every event xdotool injects, at the same coordinates), and the Windows Java runtime and ffmpeg fetched by the
 * build. Wine's quirks are handled here, not in the product: JDK 21 crashes under Wine 8 where the default
 * SecureRandom lists network interfaces, so the runtime is given Windows' own PRNG; the VM's warnings about processor
 * groups, which Wine does not implement, are silenced.
 */
final class WineDesktop implements AutoCloseable {

    /** The repository: workbench.cmd and the built Windows product are found from it. */
    static final Path ROOT = Path.of(System.getProperty("windows.root", ".")).toAbsolutePath().normalize();
    static final Path PRODUCT = ROOT.resolve("releng/org.trajectory.product/target/products/org.trajectory.workbench/win32/win32/x86_64");

    final Path work;
    final int width;
    final int height;
    private final Map<String, String> environment = new HashMap<>();
    private final List<Process> started = new ArrayList<>();
    private XServer xserver;

    private WineDesktop(Path work, int width, int height) {
        this.work = work;
        this.width = width;
        this.height = height;
    }

    /** Starts the desktop, or skips the test where Wine is not installed (it is wherever .ci/run ran). */
    static WineDesktop start(Path work, int width, int height) throws Exception {
        Assumptions.assumeTrue(onPath("wine"), "Wine is not installed ('apt install wine wine64'): the Windows recorder is not tested here");
        Path materials = Path.of(System.getProperty("windows.materials"));
        assertTrue(Files.isDirectory(PRODUCT.resolve("plugins")), "the Windows product is built before this test: " + PRODUCT);
        WineDesktop desktop = new WineDesktop(work, width, height);
        desktop.xserver = XServer.start(work.resolve("xvfb.log"), "Xvfb", "-screen", "0", width + "x" + height + "x24", "-nolisten", "tcp");
        desktop.environment.put("DISPLAY", desktop.xserver.display());
        Path security = work.resolve("wine.security");
        Files.writeString(security, "security.provider.1=SunMSCAPI\nsecurity.provider.12=SUN\n");
        desktop.environment.putAll(Map.of("WINEPREFIX", work.resolve("prefix").toString(), "WINEDEBUG", "-all", "WINEDLLOVERRIDES",
                "mscoree,mshtml=", "WINEPATH", windows(materials.resolve("org/bytedeco/ffmpeg/windows-x86_64-gpl")), "JAVA_HOME",
                windows(jre(materials)), "TW_VM_ARGS", "-Djava.security.properties=" + windows(security) + " -XX:-PrintWarnings"));
        desktop.run(120, "wineboot", "-i");
        desktop.wineserver("-w"); // wineboot leaves the prefix's update running; a program started meanwhile may find system32 half written
        desktop.run(60, "reg", "add", "HKCU\\Software\\Wine\\Explorer", "/v", "Desktop", "/d", "Default", "/f");
        desktop.run(60, "reg", "add", "HKCU\\Software\\Wine\\Explorer\\Desktops", "/v", "Default", "/d", width + "x" + height, "/f");
        desktop.wineserver("-k"); // the desktop made by wineboot was not a virtual one yet: the next program makes one as set
        return desktop;
    }

    static Path jre(Path materials) throws IOException {
        try (var found = Files.list(materials)) {
            return found.filter(p -> p.getFileName().toString().startsWith("sonar-scanner-")).findFirst().orElseThrow().resolve("jre");
        }
    }

    /** The Windows name of a Linux path, through Wine's Z: drive. */
    static String windows(Path path) {
        return "Z:" + path.toAbsolutePath().toString().replace('/', '\\');
    }

    String display() {
        return environment.get("DISPLAY");
    }

    /** Runs a Windows program to its end; fails the test on a non-zero exit. */
    void run(int seconds, String... command) throws Exception {
        Process process = wine(work.resolve("wine-" + command[0] + ".log"), command);
        assertTrue(process.waitFor(seconds, TimeUnit.SECONDS), String.join(" ", command) + " ended within " + seconds + " s");
        assertEquals(0, process.exitValue(), String.join(" ", command) + ": " + Files.readString(work.resolve("wine-" + command[0] + ".log")));
    }

    /** Starts a Windows program under Wine, its output (both streams) into {@code log}. */
    Process wine(Path log, String... command) throws IOException {
        return wine(log, Map.of(), command);
    }

    /** The same, with some variables of the desktop's environment set otherwise. */
    Process wine(Path log, Map<String, String> variables, String... command) throws IOException {
        List<String> line = new ArrayList<>(List.of("wine"));
        line.addAll(List.of(command));
        ProcessBuilder builder = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        builder.environment().putAll(variables);
        Process process = builder.start();
        started.add(process);
        return process;
    }

    /** {@code workbench.cmd} with these arguments, as a Windows user would start it from a command prompt. */
    Process workbench(Path log, String... arguments) throws IOException {
        List<String> line = new ArrayList<>(List.of("cmd", "/c", windows(ROOT.resolve("workbench.cmd"))));
        line.addAll(List.of(arguments));
        return wine(log, line.toArray(String[]::new));
    }

    /**
     * {@code workbench.cmd} with these arguments, waited for until its {@code log} says {@code started}. Wine on a starved
     * machine now and then cannot start the program at all (its start.exe says "ShellExecuteEx failed" and ends before
     * any of ours ran): then it is started once more.
     */
    Process workbench(Path log, String started, int seconds, String... arguments) throws Exception {
        Process process = workbench(log, arguments);
        boolean again = true;
        for (long end = System.nanoTime() + seconds * 1_000_000_000L; !says(log, started) && System.nanoTime() < end; Thread.sleep(100)) {
            if (again && !process.isAlive() && says(log, "ShellExecuteEx failed")) {
                again = false;
                process = workbench(log, arguments);
            }
        }
        if (!says(log, started)) {
            throw absent(log, started, seconds);
        }
        return process;
    }

    private static boolean says(Path log, String text) throws IOException {
        return Files.exists(log) && Files.readString(log).contains(text);
    }

    private static AssertionError absent(Path log, String text, int seconds) throws IOException {
        return new AssertionError("no '" + text + "' within " + seconds + " s in " + log + ":\n"
                + (Files.exists(log) ? Files.readString(log) : "(no output)"));
    }

    /** Input as a person's would arrive: through the X server, into Wine's desktop. */
    void xdotool(String... arguments) throws Exception {
        List<String> line = new ArrayList<>(List.of("xdotool"));
        line.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(line).redirectErrorStream(true);
        builder.environment().put("DISPLAY", display());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes());
        assertEquals(0, process.waitFor(), "xdotool " + String.join(" ", arguments) + ": " + output);
    }

    private static boolean onPath(String program) {
        for (String folder : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(folder, program))) {
                return true;
            }
        }
        return false;
    }

    /** Ends every Windows program of the prefix; the next one started brings up an empty desktop. */
    void endWindowsPrograms() throws Exception {
        wineserver("-k");
        wineserver("-w");
    }

    private void wineserver(String option) throws Exception {
        ProcessBuilder server = new ProcessBuilder("wineserver", option).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        server.environment().putAll(environment);
        server.start().waitFor(30, TimeUnit.SECONDS);
    }

    /** Ends every Windows process of the prefix and the X server. */
    @Override
    public void close() throws Exception {
        wineserver("-k");
        for (Process process : started.reversed()) {
            process.destroy();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
        if (xserver != null) {
            xserver.close();
        }
    }
}
