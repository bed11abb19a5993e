package org.trajectory.recorder.linux.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where a replay's applications run: bubblewrap's user namespaces (no root needed), everything unshared (no network,
 * their own process and IPC namespaces), a clean environment, the system's programs and libraries read-only, a
 * temporary home, and of the rest of the machine only the private X server's socket. The user's files, the dataset, the
 * workbench's variables (passwords, model keys) and every other X display stay out of reach. Each process is ended
 * with its parent: a workbench killed by any means leaves nothing running.
 */
final class Sandbox {

    /** The home folder the applications see; a fresh, empty folder of the replay's own is mounted there. */
    static final String HOME = "/home/replay";
    private static final String PATH = "/usr/local/bin:/usr/bin:/bin";
    /** Of {@code /etc}, only what programs need to draw (fonts, X resources, locales): no keys, passwords or host names. */
    private static final List<String> ETC = List.of("alternatives", "fonts", "X11", "xdg", "gtk-2.0", "gtk-3.0", "pango", "dconf", "mime.types",
            "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "locale.alias", "locale.conf", "localtime", "timezone", "nsswitch.conf", "passwd",
            "group", "terminfo", "inputrc", "bash.bashrc", "profile");
    /** Top-level folders of the system that hold programs and libraries (links to {@code /usr} on a merged system). */
    private static final List<String> SYSTEM = List.of("bin", "sbin", "lib", "lib32", "lib64", "libx32");

    /**
     * A replay run as root stays root inside, as its recording was (Mousepad, for one, draws a warning for root that a
     * replay must show too), without a user namespace (a terminal as root in one ends at once) and with no capability
     * but changing its own user and group, which a terminal needs; everything else is unshared. Anyone else is
     * themselves inside a user namespace.
     */
    private static final boolean ROOT = "0".equals(realUid());
    private static final List<String> AS_ROOT = List.of("--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
            "--cap-drop", "ALL", "--cap-add", "cap_setuid", "--cap-add", "cap_setgid");

    /**
     * No session bus, accessibility bus or settings daemon inside: a GTK program looking for them otherwise waits, or
     * starts one; their defaults are what a fresh profile shows.
     */
    private static final List<String> QUIET_DESKTOP = List.of("--setenv", "NO_AT_BRIDGE", "1", "--setenv", "GSETTINGS_BACKEND", "memory",
            "--setenv", "DBUS_SESSION_BUS_ADDRESS", "disabled:");

    private Sandbox() {
    }

    private static String realUid() {
        try {
            return java.nio.file.Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("Uid:"))
                    .map(l -> l.split("\\s+")[1]).findFirst().orElse("");
        } catch (IOException e) {
            return "";
        }
    }

    /** Whether bubblewrap is installed. */
    static boolean available() {
        return org.trajectory.recorder.replay.Programs.executable("bwrap") != null;
    }

    /**
     * The command line that runs {@code command} (its program an absolute path under {@code /usr}) confined, on the X
     * display {@code display}, with {@code home} (a folder of the replay's) as its home and only {@code variables} set
     * besides {@code DISPLAY}, {@code HOME} and {@code PATH}. {@code directory} is a folder inside the home, or null.
     */
    static List<String> confined(List<String> command, String display, Path home, String directory, Map<String, String> variables)
            throws IOException {
        List<String> line = new ArrayList<>(List.of("bwrap"));
        line.addAll(ROOT ? AS_ROOT : List.of("--unshare-all"));
        line.addAll(List.of("--die-with-parent", "--new-session", "--clearenv", "--ro-bind", "/usr", "/usr"));
        for (String name : SYSTEM) {
            Path folder = Path.of("/", name);
            if (Files.isSymbolicLink(folder)) {
                line.addAll(List.of("--symlink", Files.readSymbolicLink(folder).toString(), folder.toString()));
            } else if (Files.isDirectory(folder)) {
                line.addAll(List.of("--ro-bind", folder.toString(), folder.toString()));
            }
        }
        for (String name : ETC) {
            line.addAll(List.of("--ro-bind-try", "/etc/" + name, "/etc/" + name));
        }
        line.addAll(List.of("--ro-bind-try", "/var/cache/fontconfig", "/var/cache/fontconfig")); // else each start scans every font
        String socket = "/tmp/.X11-unix/X" + display.substring(display.indexOf(':') + 1).replaceAll("\\..*", "");
        line.addAll(List.of("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--ro-bind", socket, socket, "--bind", home.toString(), HOME,
                "--chdir", directory == null ? HOME : directory));
        variables.forEach((name, value) -> line.addAll(List.of("--setenv", name, value)));
        line.addAll(List.of("--setenv", "HOME", HOME, "--setenv", "PATH", PATH, "--setenv", "DISPLAY", display, "--"));
        line.addAll(line.size() - 1, QUIET_DESKTOP);
        line.addAll(command);
        return line;
    }

    /**
     * The command line that runs a trusted program of the workbench's own (the X server) as it is, but ended with its
     * parent, so that a killed workbench leaves no display behind.
     */
    static List<String> endedWithParent(List<String> command) {
        List<String> line = new ArrayList<>(List.of("bwrap", "--dev-bind", "/", "/", "--die-with-parent", "--"));
        line.addAll(command);
        return line;
    }
}
