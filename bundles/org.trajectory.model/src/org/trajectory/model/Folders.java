package org.trajectory.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Folders of the workbench's own making (temporary work, an export not yet in place).
 *
 * @since 0.1
 */
public final class Folders {

    private Folders() {
    }

    /**
     * Deletes {@code folder} with everything in it; nothing when it is not there. Links in it are deleted, never followed.
     */
    public static void deleteTree(Path folder) throws IOException {
        if (!Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
