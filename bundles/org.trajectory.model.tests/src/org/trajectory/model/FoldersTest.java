package org.trajectory.model;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FoldersTest {

    @Test
    void aTreeIsDeletedWithEverythingInItButWhatItsLinksPointTo(@TempDir Path temp) throws Exception {
        Path outside = Files.writeString(temp.resolve("keep.txt"), "not ours");
        Path work = Files.createDirectories(temp.resolve("work/a/b"));
        Files.writeString(work.resolve("frame.png"), "x");
        Files.createSymbolicLink(temp.resolve("work/a/link"), outside);
        Files.createSymbolicLink(temp.resolve("work/folder-link"), temp);
        Folders.deleteTree(temp.resolve("work"));
        assertFalse(Files.exists(temp.resolve("work")));
        assertTrue(Files.exists(outside), "a link is deleted, not what it points to");
        Folders.deleteTree(temp.resolve("work")); // gone already: nothing to do
    }
}
