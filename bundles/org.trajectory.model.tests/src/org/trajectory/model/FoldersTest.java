package org.trajectory.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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

    @Test
    void aFileWrittenWholeReplacesTheOldOneAndAFailedWriteLeavesItAsItWas(@TempDir Path temp) throws Exception {
        Path file = Files.writeString(temp.resolve("metadata.json"), "old");
        IOException failed = assertThrows(IOException.class, () -> Folders.writeWhole(file, partial -> {
            Files.writeString(partial, "half");
            assertEquals("old", Files.readString(file), "nobody sees the new file before it is whole");
            throw new IOException("No space left on device");
        }));
        assertEquals("No space left on device", failed.getMessage());
        assertEquals("old", Files.readString(file));
        Folders.writeWhole(file, partial -> Files.writeString(partial, "new"));
        assertEquals("new", Files.readString(file));
        Folders.writeWhole(temp.resolve("first.json"), partial -> Files.writeString(partial, "made"));
        assertEquals("made", Files.readString(temp.resolve("first.json")));
        try (var files = Files.list(temp)) {
            assertEquals(List.of("first.json", "metadata.json"), files.map(f -> f.getFileName().toString()).sorted().toList(),
                    "no file written aside is left");
        }
    }
}
