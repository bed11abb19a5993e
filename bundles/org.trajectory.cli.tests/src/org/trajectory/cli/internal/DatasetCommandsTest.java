package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.cli.Command;

/** The dataset commands as a script would use them: exit codes, stdout for results, stderr for diagnostics. */
class DatasetCommandsTest extends CommandTestBase {

    @TempDir
    Path temp;

    @Test
    void importListStatsShowValidateExport() throws Exception {
        String dataset = temp.resolve("ds").toString();
        importListStatsShowValidate(dataset, temp);

        Path exported = temp.resolve("out/data.jsonl");
        assertEquals(Command.OK, run("export", "--dataset", dataset, "--out", exported.toString(), "--json"));
        assertEquals(2, Files.readAllLines(exported).size());
    }

    @Test
    void listFindsTasksByIdAndShowsControlCharactersInsteadOfObeyingThem() throws Exception {
        String dataset = temp.resolve("ds").toString();
        Path input = Files.writeString(temp.resolve("in.jsonl"), oneStepTask("login-form-17", "web", "pyautogui.press('a')") + "\n"
                + "{\"task_id\":\"bell\",\"instruction\":\"ring \\u0007 then clear \\u001b[2J and \\r overwrite \\u0000\","
                + "\"traj\":[{\"index\":0,\"value\":{\"code\":\"pyautogui.press('a')\"}}]}\n");
        assertEquals(Command.OK, run("import", input.toString(), "--dataset", dataset), err());
        assertEquals(Command.OK, run("list", "--dataset", dataset, "--filter", "FORM-17"));
        assertTrue(out().startsWith("login-form-17 ") && out().lines().count() == 1, "found by its id: " + out());
        assertEquals(Command.OK, run("list", "--dataset", dataset, "--filter", "ring"));
        assertTrue(out().contains("ring ^G then clear ^[[2J and"), out());
        assertTrue(out().chars().noneMatch(c -> c < 0x20 && c != '\n' || c == 0x7f), "no control character reaches the terminal: " + out());
        assertEquals(Command.OK, run("show", "bell", "--dataset", dataset, "--json"));
        assertTrue(out().contains("\\u0007") && out().contains("\\u001B[2J"), "JSON keeps them, escaped: " + out());
    }

    @Test
    void badCommandLinesAreUsageErrorsAndMissingDatasetsFailures() throws Exception {
        assertEquals(Command.USAGE, run("import", "--dataset", temp.toString()));
        assertTrue(err().startsWith("workbench import: expected one JSONL file; usage: workbench import FILE.jsonl"), err());
        assertEquals(Command.USAGE, run("list", "--dataset", temp.toString(), "--colour", "red"));
        assertTrue(err().contains("unknown option --colour"), err());
        assertEquals(Command.FAILED, run("stats", "--dataset", temp.resolve("none").toString()));
        assertTrue(err().contains("not a dataset (no dataset.db in it)"), err());
        assertEquals(Command.FAILED, run("import", temp.resolve("missing.jsonl").toString(), "--dataset", temp.resolve("d").toString()));
        assertEquals("workbench import: " + temp.resolve("missing.jsonl") + ": no such JSONL file", err().strip(), "one line, no warning about images");
        assertFalse(Files.exists(temp.resolve("d")), "no dataset is made for a file that is not there");
    }

    @Test
    void everyCommandHasHelp() {
        List<String> failures = new ArrayList<>();
        for (Command command : HeadlessApplication.createCommandLine("t", e -> { }).commands()) {
            if (run("help", command.name()) != Command.OK || !out().startsWith("usage: workbench " + command.name())) {
                failures.add(command.name());
            }
        }
        assertEquals(List.of(), failures);
    }
}
