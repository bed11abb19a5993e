package org.trajectory.cli.internal;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Runs commands as a script would: the exit code, stdout for results, stderr for diagnostics. A command that crashes
 * (an exception the command did not turn into a message) fails the test.
 */
abstract class CommandTestBase {

    protected final ByteArrayOutputStream out = new ByteArrayOutputStream();
    protected final ByteArrayOutputStream err = new ByteArrayOutputStream();

    protected int run(String... argv) {
        out.reset();
        err.reset();
        return HeadlessApplication.createCommandLine("test", e -> { throw new AssertionError(e); }).run(List.of(argv),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    protected String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    protected String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** The lines the user reads on stderr, without the progress bar (its lines start with a carriage return). */
    protected List<String> errLines() {
        return Arrays.stream(err().split("\n")).filter(l -> !l.isBlank() && !l.startsWith("\r")).toList();
    }
}
