package org.trajectory.recorder.linux.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.trajectory.recorder.WindowEvent;
import org.trajectory.recorder.replay.Setup;

/**
 * What a replay needs to make the first screen again, read when recording starts: each managed window's process (its
 * command line and working folder from /proc), its class and place. The recorder's own windows are left out.
 * Of the process's variables only those that shape what it shows and differ from ours are kept; the rest may hold
 * secrets. Paths in the home folder are written from {@code ~}.
 */
final class SetupProbe {

    /** Variables that change what an application draws (a prompt, a language, a theme, its profile), never credentials. */
    private static final Set<String> SHOWN = Set.of("HOME", "PS1", "LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_TIME", "LC_NUMERIC",
            "TZ", "GTK_THEME", "TERM");

    private SetupProbe() {
    }

    static Setup probe(WindowWatcher watcher, int width, int height, long activeWindow) {
        String home = System.getProperty("user.home");
        long self = ProcessHandle.current().pid();
        List<Setup.Application> applications = new ArrayList<>();
        for (long window : watcher.clients()) {
            WindowEvent described = watcher.describe(window, 0);
            if (described == null || described.pid() == null || described.pid() == self) {
                continue;
            }
            Path process = Path.of("/proc", described.pid().toString());
            List<String> command = commandLine(process, home);
            if (command.isEmpty()) {
                continue; // a process of another machine (a remote X client), or gone
            }
            String directory = null;
            try {
                directory = Setup.fromHome(Files.readSymbolicLink(process.resolve("cwd")).toString(), home);
            } catch (IOException | UnsupportedOperationException e) {
                // not ours to read: started where the replay starts it
            }
            // no title: a replay finds the window by its class, and a title may name the host ("root@lab-7: ~")
            applications.add(new Setup.Application(command, directory, variables(process, home), described.windowClass(), null,
                    new Setup.Window(described.x(), described.y(), described.width(), described.height()), window == activeWindow));
        }
        return new Setup(width, height, watcher.pointer(), applications, List.of());
    }

    private static List<String> commandLine(Path process, String home) {
        try {
            byte[] bytes = Files.readAllBytes(process.resolve("cmdline"));
            if (bytes.length == 0) {
                return List.of();
            }
            List<String> parts = new ArrayList<>(Arrays.stream(new String(bytes, StandardCharsets.UTF_8).split("\0"))
                    .map(part -> Setup.fromHome(part, home)).toList());
            // a replay starts programs by name: a path is written as the name that finds the same program on PATH
            String name = Path.of(parts.get(0)).getFileName() == null ? parts.get(0) : Path.of(parts.get(0)).getFileName().toString();
            Path found = org.trajectory.recorder.replay.Programs.executable(name);
            if (parts.get(0).contains("/") && found != null && sameFile(found, parts.get(0))) {
                parts.set(0, name);
            }
            return parts;
        } catch (IOException e) {
            return List.of();
        }
    }

    private static boolean sameFile(Path found, String path) {
        try {
            return found.toRealPath().equals(Path.of(path).toRealPath());
        } catch (IOException e) {
            return false;
        }
    }

    private static Map<String, String> variables(Path process, String home) {
        Map<String, String> variables = new LinkedHashMap<>();
        try {
            for (String entry : new String(Files.readAllBytes(process.resolve("environ")), StandardCharsets.UTF_8).split("\0")) {
                int equals = entry.indexOf('=');
                if (equals > 0 && SHOWN.contains(entry.substring(0, equals))
                        && !entry.substring(equals + 1).equals(System.getenv(entry.substring(0, equals)))) {
                    variables.put(entry.substring(0, equals), Setup.fromHome(entry.substring(equals + 1), home));
                }
            }
        } catch (IOException e) {
            // another user's process: its variables stay unknown
        }
        return variables;
    }
}
