package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.cli.Command;
import org.trajectory.dataset.kit.PostgresServer;

/** The dataset commands on a database of a real PostgreSQL server, and copy between a folder and the server. */
class ServerDatasetCommandsTest extends CommandTestBase {

    @TempDir
    Path temp;

    private static String task(String id, String domain, String code) {
        return "{\"task_id\":\"" + id + "\",\"instruction\":\"do " + id + "\",\"domain\":\"" + domain
                + "\",\"traj\":[{\"index\":0,\"value\":{\"code\":\"" + code + "\"}}]}";
    }

    @Test
    void everyDatasetCommandTakesAServerAddressAndCopyGoesBothWays() throws Exception {
        PostgresServer server = PostgresServer.shared();
        String dataset = server.address(PostgresServer.ADMIN, server.createDatabase(), temp.resolve("shared-images")).toString()
                + "?images=" + temp.resolve("shared-images");
        Path input = temp.resolve("in.jsonl");
        Files.write(input, List.of(task("a", "web", "pyautogui.click(x=0.1, y=0.2)"), task("b", "office", "pyautogui.bogus()"), "{oops"));

        assertEquals(Command.FAILED, run("import", input.toString(), "--dataset", dataset), err());
        assertTrue(out().startsWith("imported 2 tasks, 0 already in the dataset, 1 lines skipped, 2 problems"), out());
        assertTrue(err().contains("in.jsonl:3: not valid JSON"), err());

        assertEquals(Command.OK, run("list", "--dataset", dataset, "--domain", "web", "--json"));
        assertTrue(out().contains("\"taskId\" : \"a\"") && !out().contains("\"b\""), out());
        assertEquals(Command.OK, run("stats", "--dataset", dataset));
        assertTrue(out().contains("tasks   2"), out());
        assertEquals(Command.OK, run("show", "b", "--dataset", dataset, "--json"));
        assertEquals(task("b", "office", "pyautogui.bogus()"), out().strip());
        assertEquals(Command.FAILED, run("validate", "--dataset", dataset));
        assertTrue(out().contains("b: step 0: code 1:1: unknown action 'pyautogui.bogus'"), out());

        String folder = temp.resolve("folder").toString();
        assertEquals(Command.OK, run("copy", dataset, folder), err());
        assertTrue(out().startsWith("copied 2 tasks and 0 images to " + folder + "; counts and hashes of every table match"), out());
        assertEquals(Command.OK, run("show", "b", "--dataset", folder, "--json"));
        assertEquals(task("b", "office", "pyautogui.bogus()"), out().strip());

        String second = server.address(PostgresServer.ADMIN, server.createDatabase(), null) + "?images=" + temp.resolve("second-images");
        assertEquals(Command.OK, run("copy", folder, second, "--json"), err());
        assertTrue(out().contains("\"verified\" : true") && out().contains("\"copied\" : 2"), out());
        assertEquals(Command.OK, run("copy", folder, second), err());
        assertTrue(out().startsWith("copied 0 tasks (2 were there already)"), "a second run finds the copy whole: " + out());

        Path exported = temp.resolve("out/data.jsonl");
        assertEquals(Command.OK, run("export", "--dataset", second, "--out", exported.toString()));
        assertEquals(2, Files.readAllLines(exported).size());
    }

    @Test
    void aWrongAddressGetsOneLineSayingWhatToWrite() throws Exception {
        assertEquals(Command.USAGE, run("stats", "--dataset", "postgresql://me:secret@db.example/ds"));
        assertTrue(err().contains("do not put the password in the address"), err());
        assertTrue(!err().contains("secret"), "the password is not repeated: " + err());

        assertEquals(Command.USAGE, run("stats", "--dataset", "postgresql://me@db.example/ds?sslmode=sometimes"));
        assertTrue(err().contains("sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full"), err());

        assertEquals(Command.USAGE, run("stats", "--dataset", "postgresql://db.example/ds"));
        assertTrue(err().contains("write postgresql://user@host:port/database"), err());

        PostgresServer server = PostgresServer.shared();
        assertEquals(Command.FAILED, run("stats", "--dataset", server.address(PostgresServer.ADMIN, server.createDatabase(), null).toString()));
        assertEquals(1, errLines().size(), err());
        assertTrue(err().contains("not a dataset"), err());

        assertEquals(Command.FAILED, run("stats", "--dataset", server.address("nobody", "postgres", null).toString()));
        assertEquals(1, errLines().size(), err());
        assertTrue(err().contains("password") || err().contains("nobody"), err());
    }
}
