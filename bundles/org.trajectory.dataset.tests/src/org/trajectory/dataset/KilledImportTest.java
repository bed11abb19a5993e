package org.trajectory.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.model.operation.Progress;

/** An import killed with SIGKILL leaves a consistent dataset (no half task) and a second run completes it. */
class KilledImportTest {

    private static final int TASKS = 4000;

    @TempDir
    Path temp;

    @Test
    void aKilledImportLeavesNoHalfTaskAndASecondRunFinishesIt() throws Exception {
        Path jsonl = temp.resolve("big.jsonl");
        try (BufferedWriter out = Files.newBufferedWriter(jsonl)) {
            String thought = "I see the settings window and need to scroll down to the display section. ".repeat(12);
            for (int t = 0; t < TASKS; t++) {
                out.write("{\"task_id\":\"task-" + t + "\",\"instruction\":\"Task number " + t + "\",\"traj\":[");
                for (int s = 0; s < 18; s++) {
                    out.write((s == 0 ? "" : ",") + "{\"index\":" + s + ",\"value\":{\"code\":\"pyautogui.click(x=0.5, y=0.5)\","
                            + "\"thought\":\"" + thought + "\"}}");
                }
                out.write("]}\n");
            }
        }
        Path folder = temp.resolve("ds");
        Process process = ChildJvm.of(ImportProcess.class, folder.toString(), jsonl.toString())
                .redirectOutput(temp.resolve("child.log").toFile()).start();
        long deadline = System.currentTimeMillis() + 60_000;
        while (committedTasks(folder) < 500 && process.isAlive() && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(process.isAlive(), "the import was still running when killed: " + Files.readString(temp.resolve("child.log")));
        process.destroyForcibly(); // SIGKILL on Linux
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));

        try (Dataset dataset = Dataset.open(folder)) {
            long tasks = dataset.count(TaskQuery.ALL);
            assertTrue(tasks >= 500 && tasks < TASKS, "killed midway: " + tasks + " tasks");
            assertEquals(tasks * 18, dataset.stats().steps(), "every stored task has all its steps");
            assertEquals(tasks * 18, countRows(folder, "SELECT COUNT(*) FROM steps"));

            ImportReport second = new ImportOperation(dataset, jsonl, ImageSource.none()).run(Progress.NONE);
            assertEquals(tasks, second.alreadyPresent());
            assertEquals(TASKS - tasks, second.imported());
            assertEquals(TASKS, dataset.count(TaskQuery.ALL));
            assertEquals(TASKS * 18L, dataset.stats().steps());
        }
    }

    private static long committedTasks(Path folder) {
        try {
            return Files.exists(folder.resolve(Dataset.DATABASE)) ? countRows(folder, "SELECT COUNT(*) FROM trajectories") : 0;
        } catch (Exception e) {
            return 0; // the schema may not be there yet
        }
    }

    private static long countRows(Path folder, String sql) throws Exception {
        try (Connection connection = new org.sqlite.JDBC().connect("jdbc:sqlite:" + folder.resolve(Dataset.DATABASE), new java.util.Properties());
                Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
