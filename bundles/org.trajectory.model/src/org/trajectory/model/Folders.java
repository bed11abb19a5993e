package org.trajectory.model;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Folders of the workbench's own making (temporary work, an export not yet in place), and files written whole or not at
 * all.
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

    /** What fills a file: it writes {@code file}, which is not yet where readers look. */
    @FunctionalInterface
    public interface Writing {
        void into(Path file) throws IOException;
    }

    /**
     * Writes {@code target} whole or not at all: {@code writing} fills a file beside it (named for this process and thread,
     * so writers at the same moment never share one), which is then renamed over it, atomically where the file system can.
     * A reader sees the old file or the new one, never half of one; a failed or killed writer leaves the old one, and the
     * file beside is removed whatever happened.
     */
    public static void writeWhole(Path target, Writing writing) throws IOException {
        Path partial = target.resolveSibling(target.getFileName() + "." + ProcessHandle.current().pid() + "-"
                + Thread.currentThread().threadId() + ".part");
        try {
            writing.into(partial);
            try {
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(partial);
        }
    }
}
