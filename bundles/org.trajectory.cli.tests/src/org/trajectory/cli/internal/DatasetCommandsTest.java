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
        assertEquals(Command.OK, run("export", "--review", "any", "--dataset", dataset, "--out", exported.toString(), "--json", "--set", "personal_data=keep"));
        assertEquals(2, Files.readAllLines(exported).size());
    }

    /** {@code review} takes AgentNetTool's accept level and the rubric beside the verdict; they are exported with the task. */
    @Test
    void aReviewFromTheCommandLineGradesTheTaskAndTheExportCarriesTheGrades() throws Exception {
        String dataset = temp.resolve("ds").toString();
        Path input = Files.writeString(temp.resolve("in.jsonl"), oneStepTask("graded", "web", "pyautogui.press('a')") + "\n");
        assertEquals(Command.OK, run("import", input.toString(), "--dataset", dataset), err());
        assertEquals(Command.USAGE, run("review", "graded", "--dataset", dataset, "--verdict", "approve", "--grade", "beauty=5"));
        assertTrue(err().contains("the rubric's criteria are correctness, difficulty, knowledge, value"), err());
        assertEquals(Command.USAGE, run("review", "graded", "--dataset", dataset, "--verdict", "approve", "--accept-level", "4"));
        assertTrue(err().contains("accept_level is graded from 1 to 3, not 4"), err());
        assertEquals(Command.OK, run("review", "graded", "--dataset", dataset, "--verdict", "approve", "--final", "--accept-level", "2",
                "--grade", "correctness=4,value=3"), err());
        assertTrue(out().contains("graded {\"accept_level\":2"), out());
        Path exported = temp.resolve("out.jsonl");
        assertEquals(Command.OK, run("export", "--dataset", dataset, "--out", exported.toString(), "--set", "personal_data=keep"), err());
        com.fasterxml.jackson.databind.JsonNode grades = org.trajectory.model.Json.MAPPER.readTree(Files.readAllLines(exported).get(0)).path("review_grades");
        assertEquals(2, grades.path("accept_level").asInt(), grades.toString());
        assertEquals(4, grades.path("rubric").path("correctness").asInt(), grades.toString());
        assertEquals(3, grades.path("rubric").path("value").asInt(), grades.toString());
        assertTrue(grades.path("rubric").path("difficulty").isMissingNode(), "a criterion not graded is not invented: " + grades);
    }

    @Test
    void listFindsTasksByIdAndShowsControlCharactersInsteadOfObeyingThem() throws Exception {
        String dataset = temp.resolve("ds").toString();
        Path input = Files.writeString(temp.resolve("in.jsonl"), oneStepTask("login-form-17", "web", "pyautogui.press('a')") + "\n"
                + "{\"task_id\":\"bell\",\"instruction\":\"ring \\u0007 then clear \\u001b[2J and \\r overwrite \\u007f\","
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

    /** A video cut after its index (an MP4 with the index in front): extracted as far as its frames go, and said so. */
    @Test
    void aCutVideoIsExtractedAsFarAsItsFramesGoAndSaidToBeCut() throws Exception {
        Path whole = temp.resolve("whole.mp4");
        Process ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=10:duration=20",
                "-c:v", "libx264", "-g", "10", "-pix_fmt", "yuv420p", "-movflags", "+faststart", whole.toString()).inheritIO().start();
        assertEquals(0, ffmpeg.waitFor());
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = Files.write(temp.resolve("cut.mp4"), java.util.Arrays.copyOf(bytes, bytes.length / 2));
        String dataset = temp.resolve("ds").toString();
        assertEquals(Command.FAILED, run("extract", cut.toString(), "--dataset", dataset, "--task", "Watch the pattern"));
        assertTrue(err().contains("warning: cut.mp4 is cut: it says it lasts 20.0 s and its frames end at"), err());
        assertEquals(Command.OK, run("list", "--dataset", dataset, "--json"));
        String taskId = org.trajectory.model.Json.MAPPER.readTree(out()).get(0).path("taskId").asText();
        assertEquals(Command.OK, run("show", taskId, "--dataset", dataset, "--json"));
        com.fasterxml.jackson.databind.JsonNode traj = org.trajectory.model.Json.MAPPER.readTree(out()).path("traj");
        double end = traj.get(traj.size() - 1).path("start_time").asDouble();
        assertTrue(end < 14, "the terminate step is where the frames end, not at the 20 s the file claims: " + end);
        assertEquals(Command.FAILED, run("validate", "--dataset", dataset));
        assertTrue(out().contains("cut.mp4 is cut"), "validate says it too: " + out());
    }

    @Test
    void badCommandLinesAreUsageErrorsAndMissingDatasetsFailures() throws Exception {
        assertEquals(Command.USAGE, run("import", "--dataset", temp.toString()));
        assertTrue(err().startsWith("workbench import: expected a file or folder of records; usage: workbench import FILE|FOLDER"), err());
        assertEquals(Command.USAGE, run("list", "--dataset", temp.toString(), "--colour", "red"));
        assertTrue(err().contains("unknown option --colour"), err());
        assertEquals(Command.FAILED, run("stats", "--dataset", temp.resolve("none").toString()));
        assertTrue(err().contains("not a dataset (no dataset.db in it)"), err());
        assertEquals(Command.FAILED, run("import", temp.resolve("missing.jsonl").toString(), "--dataset", temp.resolve("d").toString()));
        assertEquals("workbench import: " + temp.resolve("missing.jsonl") + ": no such file or folder", err().strip(), "one line, no warning about images");
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
