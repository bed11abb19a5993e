package org.trajectory.dataset;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.trajectory.model.Digests;

/**
 * The dataset's images folder: every image once, under the SHA-256 of its bytes ({@code images/ab/abcd...}).
 * Files appear atomically (written aside, then renamed), so a killed process never leaves half an image.
 */
public final class ImageStore {

    private final Path root;

    ImageStore(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    public static String sha256(byte[] bytes) {
        return Digests.sha256(bytes);
    }

    /** Stores the bytes unless an image with the same hash is already there; returns the hash. */
    public String put(byte[] bytes) throws IOException {
        String sha = sha256(bytes);
        Path file = path(sha);
        if (Files.exists(file)) {
            return sha;
        }
        Files.createDirectories(file.getParent());
        // Not createTempFile, which makes files only their owner can read: a team shares the images folder.
        Path temp = file.resolveSibling(sha + "." + ProcessHandle.current().pid() + "-" + Thread.currentThread().threadId() + ".part");
        try {
            Files.write(temp, bytes);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file);
            }
        } catch (FileAlreadyExistsException e) {
            // another writer stored the same bytes first
        } finally {
            Files.deleteIfExists(temp);
        }
        return sha;
    }

    public Path path(String sha) {
        return root.resolve(sha.substring(0, 2)).resolve(sha);
    }

    public byte[] read(String sha) throws IOException {
        return Files.readAllBytes(path(sha));
    }
}
