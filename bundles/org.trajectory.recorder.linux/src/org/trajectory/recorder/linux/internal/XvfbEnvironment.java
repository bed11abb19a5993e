package org.trajectory.recorder.linux.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.trajectory.recorder.CaptureBackend.Availability;
import org.trajectory.recorder.WindowEvent;
import org.trajectory.recorder.replay.Desktop;
import org.trajectory.recorder.replay.Environment;
import org.trajectory.recorder.replay.ReplayException;
import org.trajectory.recorder.replay.Programs;
import org.trajectory.recorder.replay.ReplayPolicy;
import org.trajectory.recorder.replay.Setup;

import com.sun.jna.Pointer;

/**
 * A private X server (Xvfb, on a display number it picks itself) of the setup's size, with openbox as window manager,
 * and the setup's applications started in order, each with its window put where it was; the active one is focused
 * last. Nothing of it reaches the user's screen. The window manager and the applications run {@link Sandbox confined},
 * sharing a temporary home that is deleted when the desktop closes; every process ends with the workbench. Every wait
 * is bounded: a server that does not start, an application that is not installed or shows no window fails with its log.
 */
public final class XvfbEnvironment implements Environment {

    private static final long START_SECONDS = 10;
    private static final long WINDOW_MILLIS = 20_000;

    @Override
    public Availability availability() {
        for (String program : List.of("Xvfb", "openbox")) {
            if (Programs.executable(program) == null) {
                return Availability.no(program + " is not installed; a private replay display needs it (apt install xvfb openbox).");
            }
        }
        return Sandbox.available() ? Availability.yes()
                : Availability.no("bubblewrap is not installed; a replay's applications run confined in it (apt install bubblewrap).");
    }

    @Override
    public Desktop start(Setup setup, Path work) throws ReplayException {
        Availability availability = availability();
        if (!availability.available()) {
            throw new ReplayException(availability.reason());
        }
        List<Process> started = new ArrayList<>();
        Path home = work.resolve("home");
        try {
            Files.createDirectories(work);
            X11Desktop.delete(home);
            Files.createDirectories(home);
            String display = startServer(started, setup, work);
            X11Session.ignoreErrors();
            Pointer connection = Xlib.X11.LIB.XOpenDisplay(display);
            if (connection == null) {
                throw new ReplayException("The private X server " + display + " does not accept connections; see " + work.resolve("xvfb.log"));
            }
            try {
                WindowWatcher windows = new WindowWatcher(connection);
                started.add(start(List.of(Programs.executable("openbox").toString()), null, Map.of(), display, home,
                        work.resolve("openbox.log")));
                await(windows::managed, START_SECONDS * 1000, "openbox did not start on " + display + "; see " + work.resolve("openbox.log"));
                startApplications(started, display, windows, setup, work, home);
            } finally {
                Xlib.X11.LIB.XCloseDisplay(connection);
            }
            return new X11Desktop(display, false, started, home);
        } catch (IOException e) {
            X11Desktop.end(started, home);
            throw new ReplayException("Could not start the private display: " + e.getMessage(), e);
        } catch (ReplayException | RuntimeException e) {
            X11Desktop.end(started, home);
            throw e;
        }
    }

    private static String startServer(List<Process> started, Setup setup, Path work) throws IOException, ReplayException {
        Process xvfb = new ProcessBuilder(Sandbox.endedWithParent(List.of("Xvfb", "-displayfd", "1", "-screen", "0",
                setup.width() + "x" + setup.height() + "x24", "-nolisten", "tcp"))).redirectError(work.resolve("xvfb.log").toFile()).start();
        started.add(xvfb);
        CompletableFuture<String> number = CompletableFuture.supplyAsync(() -> {
            try {
                return new BufferedReader(new InputStreamReader(xvfb.getInputStream(), StandardCharsets.US_ASCII)).readLine();
            } catch (IOException e) {
                return null;
            }
        });
        try {
            String line = number.get(START_SECONDS, TimeUnit.SECONDS);
            if (line == null || !line.strip().matches("[0-9]+")) {
                throw new ReplayException("Xvfb did not start; see " + work.resolve("xvfb.log"));
            }
            return ":" + line.strip();
        } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
            throw new ReplayException("Xvfb did not start within " + START_SECONDS + " s; see " + work.resolve("xvfb.log"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReplayException("the replay was stopped while its display started");
        }
    }

    private static void startApplications(List<Process> started, String display, WindowWatcher windows, Setup setup, Path work, Path home)
            throws IOException, ReplayException {
        Set<Long> claimed = new HashSet<>(windows.clients());
        long active = 0;
        int position = 0;
        for (Setup.Application app : setup.applications()) {
            position++;
            Path log = work.resolve("application-" + position + ".log");
            Path program = Programs.executable(app.command().get(0));
            if (program == null) {
                throw new ReplayException("'" + app.command().get(0) + "' could not be started (is it installed?): a setup names a program"
                        + " found on PATH, by its name");
            }
            List<String> command = new ArrayList<>(List.of(program.toString()));
            app.command().stream().skip(1).map(part -> Setup.inHome(part, Sandbox.HOME)).forEach(command::add);
            Process process = start(command, inside(app.directory(), home), variables(app), display, home, log);
            started.add(process);
            long window = awaitWindow(windows, app, process, claimed, log);
            claimed.add(window);
            if (app.window() != null) {
                place(windows, window, app.window());
            }
            if (app.active() || active == 0) {
                active = window;
            }
        }
        if (active != 0) {
            windows.activate(active);
        }
    }

    /** The new window of the application's class, once it is mapped. */
    private static long awaitWindow(WindowWatcher windows, Setup.Application app, Process process, Set<Long> claimed, Path log)
            throws ReplayException {
        long end = System.currentTimeMillis() + WINDOW_MILLIS;
        while (System.currentTimeMillis() < end) {
            for (long window : windows.clients()) {
                if (claimed.contains(window)) {
                    continue;
                }
                WindowEvent described = windows.describe(window, 0);
                if (described != null && (app.windowClass() == null || app.windowClass().equalsIgnoreCase(described.windowClass()))) {
                    return window;
                }
            }
            if (!process.isAlive() && process.exitValue() != 0) {
                throw new ReplayException("'" + app.command().get(0) + "' ended (exit " + process.exitValue() + ") before showing a window"
                        + lastWords(log) + "; see " + log);
            }
            ReplayException.pause(100);
        }
        throw new ReplayException("'" + app.command().get(0) + "' showed no window of class " + app.windowClass() + " within "
                + WINDOW_MILLIS / 1000 + " s" + lastWords(log) + "; see " + log);
    }

    /** The last line an application wrote, as what a person is told first: ", saying: ..."; nothing when it said nothing. */
    private static String lastWords(Path log) {
        try {
            List<String> lines = Files.readAllLines(log).stream().filter(line -> !line.isBlank()).toList();
            return lines.isEmpty() ? "" : ", saying: " + lines.get(lines.size() - 1).strip();
        } catch (IOException | java.io.UncheckedIOException e) {
            return "";
        }
    }

    /** Puts the window's contents where they were: asks, looks where the window manager put them, and corrects. */
    private static void place(WindowWatcher windows, long window, Setup.Window want) throws ReplayException {
        int askX = want.x();
        int askY = want.y();
        for (int attempt = 0; attempt < 4; attempt++) {
            windows.place(window, askX, askY, want.width(), want.height());
            WindowEvent now = null;
            for (int wait = 0; wait < 20 && (now == null || now.x() != want.x() || now.y() != want.y()); wait++) {
                ReplayException.pause(25); // the window manager answers the request a moment later
                now = windows.describe(window, 0);
            }
            if (now == null || now.x() == want.x() && now.y() == want.y()) {
                return;
            }
            askX += want.x() - now.x();
            askY += want.y() - now.y();
        }
    }

    /** Starts a program confined; its output goes to {@code log}, outside the sandbox. */
    private static Process start(List<String> command, String directory, Map<String, String> variables, String display, Path home, Path log)
            throws IOException {
        return new ProcessBuilder(Sandbox.confined(command, display, home, directory, variables)).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
    }

    /**
     * The setup's working folder as the sandbox sees it, made inside the temporary home; null (the home itself) for one
     * outside it: nothing else of the machine is there to work in.
     */
    private static String inside(String directory, Path home) throws IOException {
        if (directory == null) {
            return null;
        }
        Path seen = Path.of(Setup.inHome(directory, Sandbox.HOME)).normalize();
        if (!seen.startsWith(Sandbox.HOME) || seen.equals(Path.of(Sandbox.HOME))) {
            return null;
        }
        Files.createDirectories(home.resolve(Path.of(Sandbox.HOME).relativize(seen).toString()));
        return seen.toString();
    }

    /**
     * What an application's environment holds besides DISPLAY, HOME and PATH: the variables a setup may set (but HOME:
     * the sandbox's temporary home is the home), their {@code ~} in that home, and those of the workbench's own the
     * curator lets through.
     */
    private static Map<String, String> variables(Setup.Application app) {
        Map<String, String> variables = new java.util.LinkedHashMap<>();
        for (String name : passed()) {
            String value = System.getenv(name);
            if (value != null) {
                variables.put(name, value);
            }
        }
        app.variables().forEach((name, value) -> {
            if (Setup.VARIABLES.matcher(name).matches() && !name.equals("HOME")) {
                variables.put(name, Setup.inHome(value, Sandbox.HOME));
            }
        });
        return variables;
    }

    /** The workbench's own variables the curator lets through; none where there are no preferences (a bare JVM). */
    private static java.util.Set<String> passed() {
        try {
            return ReplayPolicy.current().variables();
        } catch (RuntimeException | LinkageError e) {
            return java.util.Set.of();
        }
    }

    private static void await(java.util.function.BooleanSupplier condition, long millis, String failure) throws ReplayException {
        long end = System.currentTimeMillis() + millis;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > end) {
                throw new ReplayException(failure);
            }
            ReplayException.pause(50);
        }
    }


}
