package org.trajectory.recorder.replay;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Programs as a setup names them: by name alone, found on {@code PATH}, never by a path or a shell line. Kept apart
 * from {@link ReplayPolicy} so that what starts a display needs no preferences (a recorder in a process of its own).
 *
 * @since 0.1
 */
public final class Programs {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]*");

    private Programs() {
    }

    /** Whether {@code text} is a program's name: no path, no shell, no option. */
    public static boolean isName(String text) {
        return NAME.matcher(text).matches();
    }

    /** Where the program of this name is on {@code PATH}, or null (also for anything that is not a name). */
    public static Path executable(String name) {
        if (!isName(name)) {
            return null;
        }
        for (String folder : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!folder.isEmpty() && Path.of(folder).isAbsolute() && Files.isExecutable(Path.of(folder, name))
                    && !Files.isDirectory(Path.of(folder, name))) {
                return Path.of(folder, name);
            }
        }
        return null;
    }
}
