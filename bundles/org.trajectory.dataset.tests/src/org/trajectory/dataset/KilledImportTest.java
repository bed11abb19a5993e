package org.trajectory.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import org.trajectory.model.Progress;

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
        Process process = new ProcessBuilder(java(), "-cp", classPath(), ImportProcess.class.getName(), folder.toString(),
                jsonl.toString()).redirectErrorStream(true).redirectOutput(temp.resolve("child.log").toFile()).start();
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

            ImportReport second = new JsonlImport(dataset, jsonl, ImageSource.none()).run(Progress.NONE);
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

    /** Locations look like {@code initial@reference:file:../../x.jar}, relative to the OSGi install area. */
    private static File installed(String location) {
        String path = location.substring(location.indexOf("reference:file:") + "reference:file:".length());
        File file = new File(path);
        if (file.isAbsolute()) {
            return file;
        }
        String area = System.getProperty("osgi.install.area").replaceFirst("^file:", "");
        return new File(area, path).toPath().normalize().toFile();
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The jars and class folders of the bundles an import needs, read from where OSGi installed them. */
    private static String classPath() {
        Set<String> wanted = Set.of("org.trajectory.model", "org.trajectory.dataset", "org.trajectory.dataset.tests",
                "com.fasterxml.jackson.core.jackson-core", "com.fasterxml.jackson.core.jackson-databind",
                "com.fasterxml.jackson.core.jackson-annotations", "org.xerial.sqlite-jdbc");
        Bundle self = FrameworkUtil.getBundle(KilledImportTest.class);
        Set<String> entries = new LinkedHashSet<>();
        List<String> found = new ArrayList<>();
        for (Bundle bundle : self.getBundleContext().getBundles()) {
            if (wanted.contains(bundle.getSymbolicName())) {
                found.add(bundle.getSymbolicName());
                File file = installed(bundle.getLocation());
                if (file.isDirectory()) {
                    // A reactor project run from its output folders.
                    for (String output : List.of("target/classes", "target/test-classes")) {
                        entries.add(new File(file, output).getAbsolutePath());
                    }
                } else {
                    entries.add(file.getAbsolutePath());
                }
            }
        }
        assertEquals(wanted.size(), found.size(), "bundles found: " + found);
        return String.join(File.pathSeparator, entries);
    }
}
