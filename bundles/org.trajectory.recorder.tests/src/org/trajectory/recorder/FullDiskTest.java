package org.trajectory.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.model.Json;
import org.trajectory.recorder.internal.RecordingWriter;

/**
 * A recording onto a disk that fills up: refused when there is no room to begin, ended with a line saying why when the
 * disk fills, and whole afterwards (every line readable, metadata with its stop time). The full-disk cases run on a
 * real 6 MB tmpfs (mounted for the test: the test JVM runs as root in CI), not on a simulated one.
 */
class FullDiskTest {

    @TempDir
    Path temp;

    private Path mounted;

    @AfterEach
    void unmount() throws Exception {
        System.clearProperty(RecordingWriter.MIN_FREE_PROPERTY);
        if (mounted != null) {
            new ProcessBuilder("umount", mounted.toString()).inheritIO().start().waitFor();
        }
    }

    private Path smallDisk() throws Exception {
        Path folder = Files.createDirectories(temp.resolve("disk"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=6m", "tmpfs", folder.toString()).redirectErrorStream(true).start();
        String said = new String(mount.getInputStream().readAllBytes());
        assumeTrue(mount.waitFor() == 0, "a tmpfs could not be mounted here (not root?): " + said);
        mounted = folder;
        return folder;
    }

    @Test
    void aRecordingDoesNotStartWithoutRoomToFinish() {
        System.setProperty(RecordingWriter.MIN_FREE_PROPERTY, Long.toString(Long.MAX_VALUE / (1 << 21)));
        IOException refused = assertThrows(IOException.class, () -> RecordOperation.start(new RecordOperation.Options(temp.resolve("rec"),
                "task", 5, false, List.of(), false)));
        assertTrue(refused.getMessage().contains("MB left (a recording keeps") && refused.getMessage().contains("free some space"), refused.getMessage());
        assertFalse(Files.exists(temp.resolve("rec").resolve(RecordingFolder.EVENTS)), "nothing was begun");
    }

    @Test
    void aDiskFillingUpEndsTheRecordingWithEverythingKept() throws Exception {
        Path disk = smallDisk();
        System.setProperty(RecordingWriter.MIN_FREE_PROPERTY, "2");
        Path folder = disk.resolve("rec");
        long written = 0;
        try (RecordingWriter writer = new RecordingWriter(folder, "Fill the disk", "test")) {
            Files.write(disk.resolve("other-program"), new byte[3 * 1024 * 1024]); // someone else fills the disk meanwhile
            while (!writer.awaitEnd(0) && written < 2_000_000) {
                writer.input(InputEvent.key(1 + written / 1000.0, true, "a", 0x61, "a", List.of()));
                written++;
                if (written % 2000 == 0) {
                    Thread.sleep(20);
                }
            }
            assertTrue(writer.awaitEnd(0), "the recording ended by itself");
            assertTrue(writer.lastProblem().contains("MB left") && writer.lastProblem().contains("the recording stopped and keeps everything"),
                    writer.lastProblem());
        }
        for (String line : Files.readAllLines(folder.resolve(RecordingFolder.EVENTS))) {
            Json.MAPPER.readTree(line); // whole lines only
        }
        assertTrue(Json.MAPPER.readTree(folder.resolve(RecordingFolder.METADATA).toFile()).has("stop_time"), "closed whole");
        assertNoPartialFiles(folder);
    }

    @Test
    void aWriteThatFailsEndsTheRecordingAndLeavesTheLastWholeMetadata() throws Exception {
        Path disk = smallDisk();
        System.setProperty(RecordingWriter.MIN_FREE_PROPERTY, "0"); // no margin: the writes themselves meet the full disk
        Path folder = disk.resolve("rec");
        RecordingWriter writer = new RecordingWriter(folder, "Fill the disk", "test");
        long written = 0;
        while (!writer.awaitEnd(0) && written < 5_000_000) {
            writer.input(InputEvent.key(1 + written / 1000.0, true, "a", 0x61, "a", List.of()));
            written++;
        }
        assertTrue(writer.awaitEnd(0), "the recording ended at the first failed write, not at the end of its duration");
        assertTrue(writer.lastProblem().startsWith("could not write " + folder) && writer.lastProblem().contains("No space left on device"),
                writer.lastProblem());
        IOException close = assertThrows(IOException.class, writer::close);
        assertTrue(close.getMessage().contains("could not finish the recording") && close.getMessage().contains("what it holds is kept"), close.getMessage());
        assertTrue(Json.MAPPER.readTree(folder.resolve(RecordingFolder.METADATA).toFile()).has("start_time"), "the last whole metadata.json stays");
        assertNoPartialFiles(folder);
        assertEquals(RecordingFolder.State.INTERRUPTED, RecordingFolder.state(folder));
    }

    /** No file written aside (metadata.json's next version) is left beside the recording's files. */
    private static void assertNoPartialFiles(Path folder) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.list(folder)) {
            assertEquals(List.of(), files.map(f -> f.getFileName().toString()).filter(name -> name.endsWith(".part")).toList());
        }
    }
}
