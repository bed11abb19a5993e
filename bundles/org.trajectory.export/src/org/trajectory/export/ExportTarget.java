package org.trajectory.export;

import org.trajectory.dataset.Dataset;
import org.trajectory.model.Folders;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.stream.Stream;

/**
 * The one rule for where an export writes a file or a folder. Never inside a dataset folder (an export must not
 * replace a dataset's database or images); an existing target only when {@code force} is given, and then replaced
 * atomically when the export completes. Everything is first written aside under a name that says what it is
 * ({@code .NAME.PID.export-partial}), removed on every exit path, and a leftover of a killed export is removed by the
 * next export to the same target. Files are created like any file the user makes (the umask decides who may read).
 *
 * @since 0.1
 */
public final class ExportTarget implements AutoCloseable {

    private static final String PARTIAL = ".export-partial";

    private final Path target;
    private final Path partial;
    private final boolean folder;
    private boolean committed;

    private ExportTarget(Path target, boolean folder) throws IOException {
        this.target = target;
        this.folder = folder;
        removeLeftovers(target);
        this.partial = target.resolveSibling("." + target.getFileName() + "." + ProcessHandle.current().pid() + PARTIAL);
        Folders.deleteTree(partial);
        if (folder) {
            Files.createDirectory(partial);
        } else {
            Files.newOutputStream(partial, StandardOpenOption.CREATE_NEW).close();
        }
    }

    /** A file to write, after {@link #check}; write to {@link #partial()}, then {@link #commit()}. */
    public static ExportTarget file(Path target, boolean force) throws IOException {
        Path absolute = check(target, force);
        Files.createDirectories(absolute.getParent());
        return new ExportTarget(absolute, false);
    }

    /** A folder to fill, after {@link #check}; fill {@link #partial()}, then {@link #commit()}. */
    public static ExportTarget folder(Path target, boolean force) throws IOException {
        Path absolute = check(target, force);
        Files.createDirectories(absolute.getParent());
        return new ExportTarget(absolute, true);
    }

    /**
     * Checks that an export may write {@code target}: not inside a dataset folder, and not over an existing file or
     * non-empty folder unless {@code force}. Returns the absolute target; the exception's message is for the user.
     */
    public static Path check(Path target, boolean force) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        if (absolute.getParent() == null) {
            throw new IOException(target + ": an export needs a file or folder name, not the root folder");
        }
        Path dataset = enclosingDataset(absolute);
        if (dataset != null) {
            throw new IOException(target + " is inside the dataset folder " + dataset
                    + "; export outside it (an export there could overwrite the dataset's own files)");
        }
        if (!force && Files.exists(absolute) && !isEmptyFolder(absolute)) {
            throw new IOException(target + " exists already; choose another name, or give --force to replace it");
        }
        return absolute;
    }

    /** The dataset folder (one holding {@value Dataset#DATABASE}) that {@code path} is or is inside, or null. */
    static Path enclosingDataset(Path absolute) throws IOException {
        // Follow links on the part that exists, so a link into a dataset is caught too.
        Path existing = absolute;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        for (Path path : new Path[] { absolute, existing == null ? null : existing.toRealPath() }) {
            for (Path at = path; at != null; at = at.getParent()) {
                if (Files.isRegularFile(at.resolve(Dataset.DATABASE)) && Files.isDirectory(at.resolve(Dataset.IMAGES))) {
                    return at;
                }
            }
        }
        return null;
    }

    /** Where to write: a file, or a folder to fill. */
    public Path partial() {
        return partial;
    }

    public Path target() {
        return target;
    }

    /** Opens the partial file for writing (files only). */
    public OutputStream open() throws IOException {
        return Files.newOutputStream(partial, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
    }

    /** An I/O failure while writing, told with the target's name (the user never saw the partial one). */
    public IOException failure(IOException e) {
        String reason = e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null ? fs.getReason()
                : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().replace(partial.toString(), target.toString());
        return new IOException("could not write " + target + ": " + reason, e);
    }

    /** Puts the finished export in place of the target, replacing what was there, at once. */
    public void commit() throws IOException {
        if (!folder) {
            move(partial, target);
        } else if (!Files.exists(target)) {
            move(partial, target);
        } else {
            // A folder cannot be swapped in one rename over a non-empty one: the old one is moved aside first.
            Path old = partial.resolveSibling(partial.getFileName().toString().replace(PARTIAL, ".export-old"));
            Folders.deleteTree(old);
            Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
            try {
                Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                Files.move(old, target, StandardCopyOption.ATOMIC_MOVE);
                throw e;
            }
            Folders.deleteTree(old);
        }
        committed = true;
    }

    /** Removes the partial export unless it was committed. */
    @Override
    public void close() throws IOException {
        if (!committed) {
            Folders.deleteTree(partial);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static boolean isEmptyFolder(Path path) throws IOException {
        if (!Files.isDirectory(path)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(path)) {
            return entries.findAny().isEmpty();
        }
    }

    /** Partial exports to this target left by processes that are gone (killed exports). */
    private static void removeLeftovers(Path target) throws IOException {
        if (!Files.isDirectory(target.getParent())) {
            return;
        }
        String prefix = "." + target.getFileName() + ".";
        try (DirectoryStream<Path> siblings = Files.newDirectoryStream(target.getParent(), prefix + "*")) {
            for (Path sibling : siblings) {
                String name = sibling.getFileName().toString();
                if (!(name.endsWith(PARTIAL) || name.endsWith(".export-old"))) {
                    continue;
                }
                String pid = name.substring(prefix.length(), name.lastIndexOf('.'));
                if (pid.isEmpty() || !pid.chars().allMatch(Character::isDigit)) {
                    continue; // another target's, whose name starts like this one's
                }
                long process = Long.parseLong(pid);
                if (process == ProcessHandle.current().pid() || !ProcessHandle.of(process).map(ProcessHandle::isAlive).orElse(false)) {
                    Folders.deleteTree(sibling);
                }
            }
        }
    }
}
