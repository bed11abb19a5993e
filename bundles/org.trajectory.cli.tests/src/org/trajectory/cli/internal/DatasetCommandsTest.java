package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
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


    private Path jsonl(String... lines) throws Exception {
        Path file = temp.resolve("in.jsonl");
        Files.write(file, List.of(lines));
        return file;
    }

    private static String task(String id, String domain, String code) {
        return "{\"task_id\":\"" + id + "\",\"instruction\":\"do " + id + "\",\"domain\":\"" + domain
                + "\",\"traj\":[{\"index\":0,\"value\":{\"code\":\"" + code + "\"}}]}";
    }

    @Test
    void importListStatsShowValidateExport() throws Exception {
        String dataset = temp.resolve("ds").toString();
        Path input = jsonl(task("a", "web", "pyautogui.click(x=0.1, y=0.2)"), task("b", "office", "pyautogui.bogus()"), "{oops");

        assertEquals(Command.FAILED, run("import", input.toString(), "--dataset", dataset), err());
        assertTrue(out().startsWith("imported 2 tasks, 0 already in the dataset, 1 lines skipped, 2 problems"), out());
        assertTrue(err().contains("in.jsonl:3: not valid JSON"), err());
        assertTrue(err().contains("in.jsonl:2: step 0: code 1:1: unknown action 'pyautogui.bogus'"), err());

        assertEquals(Command.OK, run("list", "--dataset", dataset, "--domain", "web", "--json"));
        assertTrue(out().contains("\"taskId\" : \"a\"") && !out().contains("\"b\""), out());

        assertEquals(Command.OK, run("stats", "--dataset", dataset));
        assertTrue(out().contains("tasks   2"), out());

        assertEquals(Command.OK, run("show", "b", "--dataset", dataset, "--json"));
        assertEquals(task("b", "office", "pyautogui.bogus()"), out().strip());

        assertEquals(Command.FAILED, run("validate", "--dataset", dataset));
        assertTrue(out().contains("b: step 0: code 1:1: unknown action 'pyautogui.bogus'"), out());

        Path exported = temp.resolve("out/data.jsonl");
        assertEquals(Command.OK, run("export", "--dataset", dataset, "--out", exported.toString(), "--json"));
        assertEquals(2, Files.readAllLines(exported).size());
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
        assertTrue(err().contains("no such JSONL file"), err());
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
