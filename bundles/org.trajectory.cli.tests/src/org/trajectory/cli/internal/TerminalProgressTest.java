package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The progress bar of the headless commands. */
class TerminalProgressTest {

    @Test
    void aCommandThatReportsNoWorkGetsNoBar() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        TerminalProgress progress = new TerminalProgress(new PrintStream(err, true, StandardCharsets.UTF_8));
        progress.finish(); // as `record` ends: it reports no work, and printed a lone " 0 /s" line
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void workDoneEndsInOneFullBarOnItsOwnLine() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        TerminalProgress progress = new TerminalProgress(new PrintStream(err, true, StandardCharsets.UTF_8));
        progress.begin("Importing", 4, "tasks");
        progress.worked(4);
        progress.finish();
        progress.finish();
        String printed = err.toString(StandardCharsets.UTF_8);
        assertTrue(printed.endsWith(System.lineSeparator()), printed);
        assertTrue(printed.contains("[##############################] 100% "), printed);
        assertEquals(1, printed.split(System.lineSeparator(), -1).length - 1, "one line end: " + printed);
    }
}
