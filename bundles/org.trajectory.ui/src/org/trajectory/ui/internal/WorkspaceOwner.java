package org.trajectory.ui.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * Which process holds a workspace: written beside Eclipse's lock when a window takes it, read when another finds it
 * locked, so the second one can say which window to switch to. The lock itself is Eclipse's ({@code .metadata/.lock}).
 */
final class WorkspaceOwner {

    static final String FILE = ".metadata/trajectory-owner";

    private WorkspaceOwner() {
    }

    /** Notes this process as the workspace's holder; a workspace that cannot be written to is only left unnamed. */
    static void claim(Path workspace) {
        try {
            Path file = workspace.resolve(FILE);
            Files.createDirectories(file.getParent());
            Files.writeString(file, Long.toString(ProcessHandle.current().pid()));
        } catch (IOException e) {
            // the lock still holds; only its holder goes unnamed
        }
    }

    /** "process 1234, started at 09:12" for a holder still running, or empty when it is not known. */
    static Optional<String> describe(Path workspace) {
        try {
            long pid = Long.parseLong(Files.readString(workspace.resolve(FILE)).strip());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).map(holder -> "process " + pid + holder.info().startInstant()
                    .map(start -> ", started at " + DateTimeFormatter.ofPattern("HH:mm").withZone(ZoneId.systemDefault()).format(start))
                    .orElse(""));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }
}
