package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long command's arguments come in a file ./workbench writes (ONNX Runtime dies starting in a process whose command
 * line passes about 4 KB): each ended by a NUL, so spaces, newlines and empty arguments arrive as typed; the file is
 * gone once read, and one cut short is refused rather than run with its last argument cut.
 */
class LongCommandTest {

    @TempDir
    Path folder;

    @Test
    void argumentsInAFileArriveAsTypedAndTheFileIsDeleted() throws IOException {
        Path file = folder.resolve("args");
        Files.writeString(file, "extract\0/tmp/a b/\0line\none\0\0--json\0", StandardCharsets.UTF_8);
        assertEquals(List.of("extract", "/tmp/a b/", "line\none", "", "--json"), HeadlessApplication.arguments(new String[] { "ignored" }, file.toString()));
        assertFalse(Files.exists(file), "the file is deleted once read");
    }

    @Test
    void argumentsGivenStandWhereNoFileIsNamed() throws IOException {
        assertEquals(List.of("list", "--dataset", "d"), HeadlessApplication.arguments(new String[] { "list", "--dataset", "d" }, null));
        assertEquals(List.of(), HeadlessApplication.arguments(null, null));
    }

    @Test
    void aFileCutShortIsRefused() throws IOException {
        Path file = folder.resolve("cut");
        Files.writeString(file, "extract\0/tmp/recordings/sessi", StandardCharsets.UTF_8);
        assertThrows(IOException.class, () -> HeadlessApplication.arguments(null, file.toString()));
    }
}
