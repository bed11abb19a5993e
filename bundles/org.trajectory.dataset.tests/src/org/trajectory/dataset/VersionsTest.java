package org.trajectory.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.trajectory.dataset.kit.Engines;
import org.trajectory.dataset.kit.PostgresServer;
import org.trajectory.model.Step;
import org.trajectory.model.operation.Progress;

/** Several people on one dataset: task versions, a stale save refused with who and when, and the schema's versions. */
class VersionsTest {

    @TempDir
    Path temp;

    private DatasetAddress imported(Engines engine) throws Exception {
        DatasetAddress address = engine.newDataset(temp, "ds");
        try (Dataset dataset = Dataset.openOrCreate(address);
                ImageSource images = ImageSource.open(TestData.path("opencua-cot-example/images"))) {
            new ImportOperation(dataset, TestData.path("opencua-cot-example/raw_example.jsonl"), images).run(Progress.NONE);
        }
        return address;
    }

    @ParameterizedTest
    @MethodSource(Engines.BOTH)
    void twoProcessesSavingTheSameTaskAtOnceOneWinsTheOtherKeepsACopy(Engines engine) throws Exception {
        DatasetAddress address = imported(engine);
        List<Process> editors = new java.util.ArrayList<>();
        List<java.io.BufferedReader> outputs = new java.util.ArrayList<>();
        for (String who : List.of("ann", "ben")) {
            Process editor = ChildJvm.of(EditProcess.class, address.spec(), "task_example_0", who + "'s thought", "task_example_0 (" + who + ")")
                    .redirectErrorStream(false).redirectError(temp.resolve(who + ".log").toFile()).start();
            editors.add(editor);
            outputs.add(editor.inputReader());
        }
        for (java.io.BufferedReader output : outputs) {
            assertEquals("read version 1", output.readLine(), "both read the task before either saves");
        }
        for (Process editor : editors) {
            editor.outputWriter().write("save\n");
            editor.outputWriter().flush();
        }
        List<String> told = new java.util.ArrayList<>();
        for (int i = 0; i < editors.size(); i++) {
            told.add(outputs.get(i).lines().collect(java.util.stream.Collectors.joining("\n")));
            assertTrue(editors.get(i).waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(0, editors.get(i).exitValue(), told.get(i));
        }
        int winner = told.get(0).equals("saved") ? 0 : 1;
        String loser = List.of("ann", "ben").get(1 - winner);
        assertEquals("saved", told.get(winner), told.toString());
        assertTrue(told.get(1 - winner).startsWith("refused: task 'task_example_0' was changed by "), told.toString());
        assertTrue(told.get(1 - winner).endsWith("kept as task_example_0 (" + loser + ")"), told.toString());
        try (Dataset dataset = Dataset.open(address)) {
            assertEquals(List.of("ann", "ben").get(winner) + "'s thought", dataset.draft("task_example_0").stepText(0, Step.THOUGHT));
            assertEquals(2, dataset.version("task_example_0"));
            assertEquals(loser + "'s thought", dataset.draft("task_example_0 (" + loser + ")").stepText(0, Step.THOUGHT), "nothing lost");
        }
    }

    @ParameterizedTest
    @MethodSource(Engines.BOTH)
    void theSecondSaveOfTheSameVersionIsRefusedAndNeitherEditIsLost(Engines engine) throws Exception {
        DatasetAddress address = imported(engine);
        try (Dataset alice = Dataset.open(address); Dataset bob = Dataset.open(address)) {
            TaskDraft hers = alice.draft("task_example_0");
            TaskDraft his = bob.draft("task_example_0");
            assertEquals(1, hers.version());

            TaskDraft saved = alice.save(hers.withStepText(0, Step.THOUGHT, "Alice's thought"));
            assertEquals(2, saved.version());

            StaleTaskException refused = assertThrows(StaleTaskException.class,
                    () -> bob.save(his.withStepText(0, Step.THOUGHT, "Bob's thought")));
            assertEquals(alice.user(), refused.changedBy());
            assertNotNull(refused.changedAt());
            assertTrue(refused.getMessage().contains("was changed by " + alice.user()), refused.getMessage());
            assertTrue(refused.getMessage().contains("keep your edit as a copy"), refused.getMessage());
            assertEquals("Alice's thought", bob.draft("task_example_0").stepText(0, Step.THOUGHT), "the refused save wrote nothing");

            TaskDraft copy = bob.saveCopy(his.withStepText(0, Step.THOUGHT, "Bob's thought"), "task_example_0 (bob)");
            assertEquals("Bob's thought", alice.draft(copy.taskId()).stepText(0, Step.THOUGHT));
            assertEquals(his.stepCount(), copy.stepCount());
            assertEquals(his.image(3), copy.image(3), "the copy shows the same screenshots");

            TaskDraft reloaded = bob.draft("task_example_0");
            assertEquals(2, reloaded.version());
            assertEquals(3, bob.save(reloaded.withStepText(1, Step.THOUGHT, "Bob, after reloading")).version(), "a reloaded draft saves");
            StaleTaskException again = assertThrows(StaleTaskException.class, () -> alice.save(saved.withStepText(2, Step.THOUGHT, "x")));
            assertTrue(again.getMessage().contains("now version 3, your edit began from version 2"), again.getMessage());
        }
    }

    @ParameterizedTest
    @MethodSource(Engines.BOTH)
    void theAuditTrailSaysWhoChangedWhatAndWhen(Engines engine) throws Exception {
        DatasetAddress address = imported(engine);
        try (Dataset dataset = Dataset.open(address)) {
            TaskDraft draft = dataset.draft("task_example_0");
            String code = draft.stepText(3, Step.CODE);
            dataset.save(draft.withStepText(3, Step.CODE, "pyautogui.click(x=0.5, y=0.5)").withTaskText("instruction", "Open the clock"));
            dataset.reviews().set("task_example_0", ReviewState.NEEDS_FIX, "qa-1", "step 4 clicks the wrong icon");
            TaskDraft fewer = dataset.draft("task_example_0");
            dataset.save(fewer.deleteStep(14));

            List<TaskHistory.Entry> history = dataset.history("task_example_0");
            assertEquals(java.util.Set.of("instruction", "step 3 code", "review", "steps", "step 14"),
                    history.stream().map(TaskHistory.Entry::what).collect(java.util.stream.Collectors.toSet()));
            assertEquals(List.of("instruction", "step 3 code", "review"), history.subList(0, 3).stream().map(TaskHistory.Entry::what).toList());
            TaskHistory.Entry gone = history.stream().filter(e -> e.what().equals("step 14")).findFirst().orElseThrow();
            assertEquals(null, gone.after(), "the deleted step, its code before");
            TaskHistory.Entry edit = history.get(1);
            assertEquals(code, edit.before());
            assertEquals("pyautogui.click(x=0.5, y=0.5)", edit.after());
            assertEquals(2, edit.version());
            assertEquals(dataset.user(), edit.by());
            assertTrue(edit.at().startsWith("20"), edit.at());
            assertEquals("new", history.get(2).before());
            assertEquals("needs_fix: step 4 clicks the wrong icon", history.get(2).after());
            TaskHistory.Entry steps = history.stream().filter(e -> e.what().equals("steps")).findFirst().orElseThrow();
            assertEquals("15 steps", steps.before());
            assertEquals("14 steps", steps.after());
            assertEquals(List.of(), dataset.history("x'; DROP TABLE task_history; --"));
        }
    }

    @ParameterizedTest
    @MethodSource(Engines.BOTH)
    void aChangeCommittedByOneIsHeardByTheOther(Engines engine) throws Exception {
        DatasetAddress address = imported(engine);
        java.util.concurrent.BlockingQueue<DatasetChanges.Change> heard = new java.util.concurrent.LinkedBlockingQueue<>();
        try (Dataset watcher = Dataset.open(address); Dataset writer = Dataset.open(address); DatasetChanges changes = watcher.watch(heard::add)) {
            Thread.sleep(300); // the watcher's first look
            writer.reviews().set("task_example_0", ReviewState.APPROVED, "qa", null);
            // the watcher looks a few times a second; ten seconds is room for a busy machine, not the figure
            DatasetChanges.Change change = heard.poll(10, java.util.concurrent.TimeUnit.SECONDS);
            assertNotNull(change, "heard without anything else asked");
            if (address instanceof DatasetAddress.Folder) {
                assertEquals("changed", change.kind(), "SQLite tells that something changed");
            } else {
                assertEquals(new DatasetChanges.Change("review", "task_example_0"), change);
                writer.save(writer.draft("task_example_0").withStepText(0, Step.THOUGHT, "x"));
                assertEquals(new DatasetChanges.Change("edit", "task_example_0"), heard.poll(1, java.util.concurrent.TimeUnit.SECONDS));
                assertEquals(new DatasetChanges.Change("review", "task_example_0"), heard.poll(1, java.util.concurrent.TimeUnit.SECONDS),
                        "the edit reopened the approval, heard after it");
                try {
                    writer.save(writer.draft("task_example_0").at(1));
                } catch (StaleTaskException refused) {
                    // a refused save changes nothing, so it is not announced
                }
                assertNull(heard.poll(500, java.util.concurrent.TimeUnit.MILLISECONDS));
            }
        }
    }

    @Test
    void aServerDatasetOverTlsVerifiedToTheServersName() throws Exception {
        PostgresServer server = PostgresServer.shared();
        String database = server.createDatabase();
        String base = server.address(PostgresServer.ADMIN, database, null).key() + "?images=" + temp.resolve("images");
        DatasetAddress verified = DatasetAddress.parse(base + "&sslmode=verify-full&sslrootcert=" + server.certificateAuthority());
        try (Dataset dataset = Dataset.openOrCreate(verified); Statement statement = dataset.connection().createStatement();
                java.sql.ResultSet row = statement.executeQuery("SELECT ssl, version FROM pg_stat_ssl WHERE pid = pg_backend_pid()")) {
            assertTrue(row.next() && row.getBoolean(1), "the connection is encrypted");
            assertTrue(row.getString(2).startsWith("TLS"), row.getString(2));
        }
        // The same server by a name its certificate does not carry: verify-full refuses it.
        DatasetAddress wrongName = DatasetAddress.parse(base.replace("127.0.0.1", "localhost") + "&sslmode=verify-full&sslrootcert="
                + server.certificateAuthority());
        SQLException refused = assertThrows(SQLException.class, () -> Dataset.open(wrongName));
        assertTrue(refused.getMessage().toLowerCase(java.util.Locale.ROOT).contains("hostname") || refused.getMessage().contains("localhost"),
                refused.getMessage());
    }

    @Test
    void aDatasetOfSchemaOneIsMigratedAndItsTasksStartAtVersionOne() throws Exception {
        Path folder = imported(Engines.sqlite()) instanceof DatasetAddress.Folder f ? f.path() : null;
        try (Dataset dataset = Dataset.open(folder); Statement statement = dataset.connection().createStatement()) {
            statement.execute("ALTER TABLE trajectories DROP COLUMN version"); // as a dataset made before versions
            statement.execute("ALTER TABLE trajectories DROP COLUMN updated_by");
            statement.execute("DROP TABLE task_history");
            statement.execute("DROP INDEX steps_application");
            statement.execute("ALTER TABLE steps DROP COLUMN application");
            statement.execute("UPDATE meta SET value = '1' WHERE name = 'schema_version'");
        }
        try (Dataset dataset = Dataset.open(folder)) {
            assertEquals(String.valueOf(Schema.VERSION), dataset.meta("schema_version"));
            TaskDraft draft = dataset.draft("task_example_0");
            assertEquals(1, draft.version());
            assertEquals(2, dataset.save(draft.withStepText(0, Step.THOUGHT, "after the migration")).version());
            assertEquals(java.util.Map.of(DatasetStats.NONE, 1L), dataset.stats().applications(), "steps' applications, none named");
        }
    }

    @ParameterizedTest
    @MethodSource(Engines.BOTH)
    void aDatasetOfANewerWorkbenchIsRefusedNotHalfRead(Engines engine) throws Exception {
        DatasetAddress address = imported(engine);
        try (Dataset dataset = Dataset.open(address); Statement statement = dataset.connection().createStatement()) {
            statement.execute("UPDATE meta SET value = '99' WHERE name = 'schema_version'");
        }
        SQLException refused = assertThrows(SQLException.class, () -> Dataset.open(address));
        assertTrue(refused.getMessage().contains("made by a newer Trajectory Workbench"), refused.getMessage());
    }
}
