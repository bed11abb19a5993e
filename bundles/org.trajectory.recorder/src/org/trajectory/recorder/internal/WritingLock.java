package org.trajectory.recorder.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sign that a recorder is writing a folder: a lock on {@value #FILE} in it, held until the recording is closed.
 * The operating system lets go of the lock when the recorder's process dies, so a killed recorder's folder is no longer
 * being written, whatever file it left. Folders this process writes are also kept in a set and never opened a second
 * time: closing another channel on the file would drop the lock (POSIX locks belong to the process, not the channel).
 */
public record WritingLock(Path folder, FileChannel channel, FileLock lock) implements AutoCloseable {

    public static final String FILE = ".recording.lock";
    private static final Set<Path> HELD_HERE = ConcurrentHashMap.newKeySet();

    /** Takes the folder for this recorder; refused when another recorder, here or in another process, writes it. */
    public static WritingLock take(Path folder) throws IOException {
        Path key = folder.toAbsolutePath().normalize();
        if (!HELD_HERE.add(key)) {
            throw new IOException(folder + " is being recorded already");
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(key.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw new IOException(folder + " is being recorded by another recorder");
            }
            return new WritingLock(key, channel, lock);
        } catch (IOException | RuntimeException e) {
            HELD_HERE.remove(key);
            if (channel != null) {
                channel.close();
            }
            throw e;
        }
    }

    /** Whether a recorder (in this process or another) is writing {@code folder} now. */
    public static boolean isHeld(Path folder) throws IOException {
        Path key = folder.toAbsolutePath().normalize();
        if (HELD_HERE.contains(key)) {
            return true;
        }
        // Read-only, with a shared lock: a recording on a folder this user cannot write is still asked about.
        try (FileChannel channel = FileChannel.open(key.resolve(FILE), StandardOpenOption.READ)) {
            FileLock lock = channel.tryLock(0, Long.MAX_VALUE, true);
            if (lock == null) {
                return true;
            }
            lock.release();
            return false;
        } catch (NoSuchFileException e) {
            return false;
        } catch (OverlappingFileLockException e) {
            return true;
        }
    }

    /** Removes what a killed recorder left; only for a folder nobody writes. */
    public static void removeStale(Path folder) throws IOException {
        Files.deleteIfExists(folder.resolve(FILE));
    }

    /** The file goes first, while the lock still stands, so nobody sees an unlocked file of a recording closing. */
    @Override
    public void close() throws IOException {
        if (!channel.isOpen()) {
            return; // closed already
        }
        try (channel) {
            Files.deleteIfExists(folder.resolve(FILE));
            lock.release();
        } finally {
            HELD_HERE.remove(folder);
        }
    }
}
