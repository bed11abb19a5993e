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

    @Test
    void everyDatasetCommandTakesAServerAddressAndCopyGoesBothWays() throws Exception {
        PostgresServer server = PostgresServer.shared();
        String dataset = server.address(PostgresServer.ADMIN, server.createDatabase(), temp.resolve("shared-images")).toString()
                + "?images=" + temp.resolve("shared-images");
        importListStatsShowValidate(dataset, temp);

        String folder = temp.resolve("folder").toString();
        assertEquals(Command.OK, run("copy", dataset, folder), err());
        assertTrue(out().startsWith("copied 2 tasks and 0 images to " + folder + "; counts and hashes of every table match"), out());
        assertEquals(Command.OK, run("show", "b", "--dataset", folder, "--json"));
        assertEquals(oneStepTask("b", "office", "pyautogui.bogus()"), out().strip());

        String second = server.address(PostgresServer.ADMIN, server.createDatabase(), null) + "?images=" + temp.resolve("second-images");
        assertEquals(Command.OK, run("copy", folder, second, "--json"), err());
        assertTrue(out().contains("\"verified\" : true") && out().contains("\"copied\" : 2"), out());
        assertEquals(Command.OK, run("copy", folder, second), err());
        assertTrue(out().startsWith("copied 0 tasks (2 were there already)"), "a second run finds the copy whole: " + out());

        Path exported = temp.resolve("out/data.jsonl");
        assertEquals(Command.OK, run("export", "--review", "any", "--dataset", second, "--out", exported.toString(), "--set", "personal_data=keep"));
        assertEquals(2, Files.readAllLines(exported).size());

        run("evaluate", "--reference", dataset, "--predicted", folder, "--metric", "agentnetbench", "--json");
        assertTrue(out().contains("\"reference_only\" : [ ]") && out().contains("\"predicted_only\" : [ ]"),
                "a server dataset is evaluated against a folder, task by task: " + out() + err());
    }

    @Test
    void aTeamGetsRolesQueuesVerdictsAndAgreementAndTheServerSaysNoInOneLine() throws Exception {
        PostgresServer server = PostgresServer.shared();
        String database = server.createDatabase();
        Path images = temp.resolve("images");
        Path input = threeTasksIn(server, database, images);
        String admin = server.address(PostgresServer.ADMIN, database, images).toString() + "?images=" + images;
        Files.write(temp.resolve("more.jsonl"), List.of(oneStepTask("d", "web", "pyautogui.press('d')")));
        String ann = database + "_ann";
        String ben = database + "_ben";
        String vic = database + "_vic";
        for (String login : List.of(ann, ben, vic)) {
            server.createUser(login);
        }
        assertEquals(Command.OK, run("users", "--dataset", admin, "--grant", ann + "=reviewer", "--grant", ben + "=reviewer", "--grant", vic + "=viewer"), err());
        assertTrue(out().contains(ann) && out().contains("reviewer") && out().contains(vic + " ") && out().contains("viewer"), out());

        Path gold = temp.resolve("gold.csv");
        Files.write(gold, List.of("# known verdicts", "a,approve"));
        assertEquals(Command.OK, run("assign", "--dataset", admin, "--reviewers", ann + "," + ben, "--overlap", "2", "--gold", gold.toString()), err());
        assertTrue(out().contains("6 assignments added, 1 gold task"), out());

        String asAnn = server.address(ann, database, images).toString();
        String asBen = server.address(ben, database, images).toString();
        assertEquals(Command.OK, run("queue", "--dataset", asAnn), err());
        assertEquals(List.of("a", "b", "c"), out().lines().toList());
        assertEquals(Command.OK, run("review", "a", "--dataset", asAnn, "--verdict", "approve"), err());
        assertEquals(Command.OK, run("review", "b", "--dataset", asAnn, "--verdict", "reject", "--note", "wrong key"), err());
        assertEquals(Command.OK, run("review", "a", "--dataset", asBen, "--verdict", "reject"), err());
        assertEquals(Command.OK, run("review", "b", "--dataset", asBen, "--verdict", "reject"), err());
        assertEquals(Command.OK, run("queue", "--dataset", asAnn), err());
        assertEquals(List.of("c"), out().lines().toList());

        assertEquals(Command.OK, run("agreement", "--dataset", admin), err());
        assertTrue(out().contains("Cohen's kappa:") && out().contains(ann) && out().contains(ben), out());
        assertTrue(out().contains("disagreements: 1, 1 not settled") && out().contains("a: " + ann + " approved, " + ben + " rejected"), out());
        assertTrue(out().contains(ann) && out().contains("1.000 (1 of 1)") && out().contains("0.000 (0 of 1)"), "gold accuracy: " + out());
        assertEquals(Command.OK, run("review", "a", "--dataset", admin, "--verdict", "approve", "--final"), err());
        assertEquals(Command.OK, run("agreement", "--dataset", admin));
        assertTrue(out().contains("disagreements: 1, 0 not settled"), out());

        assertEquals(Command.FAILED, run("review", "c", "--dataset", server.address(vic, database, images).toString(), "--verdict", "approve"));
        assertEquals(1, errLines().size(), err());
        assertTrue(err().startsWith("workbench review: the server refused: "), err());
        assertEquals(Command.FAILED, run("users", "--dataset", asAnn, "--grant", ann + "=curator"));
        assertEquals(1, errLines().size(), err());
        assertEquals(Command.OK, run("import", input.toString(), "--dataset", temp.resolve("folder").toString()), err());
        assertEquals(Command.USAGE, run("users", "--dataset", temp.resolve("folder").toString()));
        assertTrue(err().contains("a dataset folder has no members and roles"), err());

        // A curator who does not own the server dataset copies a folder into it (COPY refused under row security, setval granted).
        String empty = server.createDatabase();
        String cur = empty + "_cur";
        server.createUser(cur);
        String owner = server.address(PostgresServer.ADMIN, empty, images) + "?images=" + images;
        Files.write(temp.resolve("none.jsonl"), List.of());
        assertEquals(Command.OK, run("import", temp.resolve("none.jsonl").toString(), "--dataset", owner), "the owner makes the dataset and the roles: " + err());
        assertEquals(Command.OK, run("users", "--dataset", owner, "--grant", cur + "=curator"), err());
        String asCurator = server.address(cur, empty, images).toString();
        assertEquals(Command.OK, run("copy", temp.resolve("folder").toString(), asCurator), err());
        assertTrue(out().contains("counts and hashes of every table match"), out());
        assertEquals(Command.OK, run("import", temp.resolve("more.jsonl").toString(), "--dataset", asCurator), err());
        assertTrue(out().startsWith("imported 1 task,"), out());
        assertEquals(Command.OK, run("list", "--dataset", asCurator));
        assertEquals(4, out().lines().filter(line -> line.matches("^[abcd]\\s.*")).count(), "the new task is numbered after the copied ones: " + out());
    }

    /**
     * Issue 57's approvals on a server with two members: what the curator approved the other member's annotation leaves
     * alone unless told, and then sends back to review; an export, by anyone, writes what is approved, nothing else.
     */
    @Test
    void onAServerWithTwoMembersAnApprovalHoldsAndTheExportWritesOnlyWhatIsApproved() throws Exception {
        PostgresServer server = PostgresServer.shared();
        String database = server.createDatabase();
        Path images = temp.resolve("images");
        threeTasksIn(server, database, images);
        String admin = server.address(PostgresServer.ADMIN, database, images).toString() + "?images=" + images;
        String cur = database + "_cur";
        String ann = database + "_ann";
        server.createUser(cur);
        server.createUser(ann);
        assertEquals(Command.OK, run("users", "--dataset", admin, "--grant", cur + "=curator", "--grant", ann + "=curator"), err());
        String asCur = server.address(cur, database, images).toString();
        String asAnn = server.address(ann, database, images).toString();
        assertEquals(Command.OK, run("review", "a", "--dataset", asCur, "--verdict", "approve", "--final"), err());
        assertEquals(Command.OK, run("review", "b", "--dataset", asCur, "--verdict", "reject", "--note", "wrong key", "--final"), err());

        Path exported = temp.resolve("approved.jsonl");
        assertEquals(Command.OK, run("export", "--dataset", asAnn, "--out", exported.toString(), "--set", "personal_data=keep"), err());
        assertEquals(List.of("a"), taskIds(exported), "the other member's export: the approved task only");

        assertEquals(Command.OK, run("annotate", "--dataset", asAnn, "--provider", "offline"), err());
        assertTrue(out().contains("(2 of them left as they were: a task a reviewer approved or rejected is not annotated unless reviewed tasks are included"), "the curator's decisions are left alone and said: " + out());
        assertEquals(Command.OK, run("list", "--dataset", asCur, "--review", "approved"));
        assertTrue(out().startsWith("a "), "still approved for the curator: " + out());

        assertEquals(Command.OK, run("annotate", "--dataset", asAnn, "--provider", "offline", "--include-reviewed"), err());
        assertEquals(Command.OK, run("list", "--dataset", asCur, "--review", "changed"));
        assertEquals(List.of("a", "b"), out().lines().map(line -> line.split("\\s+")[0]).sorted().toList(),
                "told to, the annotation changed them: back to review, on the curator's screen too");
        assertEquals(Command.OK, run("export", "--dataset", asCur, "--out", temp.resolve("after.jsonl").toString(), "--set", "personal_data=keep"), err());
        assertEquals(List.of(), taskIds(temp.resolve("after.jsonl")), "nothing approved is left to export");
    }

    /** Tasks a, b and c imported into {@code database} by its owner; returns the file they came from. */
    private Path threeTasksIn(PostgresServer server, String database, Path images) throws Exception {
        Path input = temp.resolve("in.jsonl");
        Files.write(input, List.of(oneStepTask("a", "web", "pyautogui.click(x=0.1, y=0.2)"), oneStepTask("b", "web", "pyautogui.press('a')"),
                oneStepTask("c", "web", "pyautogui.press('b')")));
        assertEquals(Command.OK, run("import", input.toString(), "--dataset", server.address(PostgresServer.ADMIN, database, images) + "?images=" + images), err());
        return input;
    }

    private static List<String> taskIds(Path jsonl) throws java.io.IOException {
        if (!Files.exists(jsonl)) {
            return List.of();
        }
        List<String> ids = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(jsonl)) {
            ids.add(org.trajectory.model.Json.MAPPER.readTree(line).path("task_id").asText());
        }
        return ids;
    }

    @Test
    void aWrongAddressGetsOneLineSayingWhatToWrite() throws Exception {
        assertEquals(Command.USAGE, run("stats", "--dataset", "postgresql://me:secret@db.example/ds"));
        assertTrue(err().contains("do not put the password in the address"), err());
        assertTrue(!err().contains("secret"), "the password is not repeated: " + err());

        for (String address : List.of("postgresql://lead@db.example/ds?password=Tulip42", "postgresql://lead@db.example/ds?sslpassword=Tulip42",
                "postgres://lead:Tulip42@db.example/ds", "postgresql://lead@db.example/ds?sslmode=require&password=Tulip42&bogus=1")) {
            assertEquals(Command.USAGE, run("stats", "--dataset", address), address);
            assertTrue(err().contains("do not put the password in the address") && !err().contains("Tulip42"), "no message shows it: " + err());
        }
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
