package org.trajectory.ui.internal;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the toolkit's file and folder choosers open: in a real folder (what the field holds, else the folder last
 * chosen, else the home folder), never in GTK's "Recent", where a typed path does nothing.
 */
public final class StartFolder {

    private static volatile Path last;

    private StartFolder() {
    }

    /** The folder a chooser starts in for a field holding {@code typed} (null or blank: none). */
    public static String of(String typed) {
        if (typed != null && !typed.isBlank()) {
            try {
                for (Path path = Path.of(typed.strip()).toAbsolutePath(); path != null; path = path.getParent()) {
                    if (Files.isDirectory(path)) {
                        return path.toString();
                    }
                }
            } catch (java.nio.file.InvalidPathException e) {
                // not a path: start where the last choice was
            }
        }
        Path remembered = last;
        return remembered != null && Files.isDirectory(remembered) ? remembered.toString() : System.getProperty("user.home");
    }

    /** Remembers where {@code chosen} (a chooser's answer, null when cancelled) is, for the next chooser; returns it. */
    public static String chosen(String chosen) {
        if (chosen != null) {
            Path path = Path.of(chosen).toAbsolutePath();
            last = Files.isDirectory(path) ? path : path.getParent();
        }
        return chosen;
    }
}
