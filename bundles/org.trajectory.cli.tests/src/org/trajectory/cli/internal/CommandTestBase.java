package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.trajectory.cli.Command;

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

    /** A one-step AgentNet record. */
    protected static String oneStepTask(String id, String domain, String code) {
        return "{\"task_id\":\"" + id + "\",\"instruction\":\"do " + id + "\",\"domain\":\"" + domain
                + "\",\"traj\":[{\"index\":0,\"value\":{\"code\":\"" + code + "\"}}]}";
    }

    /**
     * Imports a good task "a", a task "b" with an unknown action and a line that is not JSON into {@code dataset}
     * (a folder or a server address), then lists, counts, shows and validates what came in.
     */
    protected void importListStatsShowValidate(String dataset, Path folder) throws Exception {
        Path input = folder.resolve("in.jsonl");
        Files.write(input, List.of(oneStepTask("a", "web", "pyautogui.click(x=0.1, y=0.2)"), oneStepTask("b", "office", "pyautogui.bogus()"),
                "{oops"));

        assertEquals(Command.FAILED, run("import", input.toString(), "--dataset", dataset), err());
        assertTrue(out().startsWith("imported 2 tasks, 0 already in the dataset, 1 line skipped, 2 problems"), out());
        assertTrue(err().contains("in.jsonl:3: not valid JSON"), err());
        assertTrue(err().contains("in.jsonl:2: step 0: code 1:1: unknown action 'pyautogui.bogus'"), err());

        assertEquals(Command.OK, run("list", "--dataset", dataset, "--domain", "web", "--json"));
        assertTrue(out().contains("\"taskId\" : \"a\"") && !out().contains("\"b\""), out());
        assertEquals(Command.OK, run("stats", "--dataset", dataset));
        assertTrue(out().contains("tasks   2"), out());
        assertEquals(Command.OK, run("show", "b", "--dataset", dataset, "--json"));
        assertEquals(oneStepTask("b", "office", "pyautogui.bogus()"), out().strip());
        assertEquals(Command.FAILED, run("validate", "--dataset", dataset));
        assertTrue(out().contains("b: step 0: code 1:1: unknown action 'pyautogui.bogus'"), out());
    }
}
