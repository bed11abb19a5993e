package org.trajectory.recorder.linux.internal;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.trajectory.recorder.replay.Desktop;

/**
 * An X display a replay drives, the processes started for it, ended (the last started first) when it closes, and the
 * temporary home its applications shared (null for none), deleted then.
 */
record X11Desktop(String address, boolean shared, List<Process> started, Path home) implements Desktop {

    @Override
    public String system() {
        return "x11";
    }

    @Override
    public void close() {
        end(started, home);
    }

    /** Ends the processes, the last started first, with what they started (one that does not end in 3 s is killed), then deletes the home. */
    static void end(List<Process> processes, Path home) {
        for (Process process : processes.reversed()) {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            try {
                if (!process.waitFor(3, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        delete(home);
    }

    /** Deletes a folder and what is in it, links as links (an application may have left one pointing anywhere). */
    static void delete(Path folder) {
        if (folder == null || !Files.exists(folder, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            Files.walkFileTree(folder, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                    Files.delete(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // what an application left unreadable stays in the replay's work folder; nothing runs from there
        }
    }
}
