package org.trajectory.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.Dataset;
import org.trajectory.model.Json;
import org.trajectory.model.Step;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.Clock;
import org.trajectory.recorder.RecordingFolder;
import org.trajectory.recorder.internal.RecordingWriter;
import org.trajectory.recorder.kit.Recordings;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A recording is built only when it is whole: one still being recorded is refused, one whose recorder was killed is
 * finished first (its stop time written, its excluded windows blanked), so no frame of a hidden window reaches a task.
 */
class UnfinishedRecordingTest {

    @TempDir
    Path temp;

    @Test
    void aRecordingStillGoingOnIsRefusedAndAKilledOneIsFinishedBeforeItIsBuilt() throws Exception {
        Path folder = temp.resolve("recording");
        TrajectoryBuilder builder = new TrajectoryBuilder(ReductionSettings.DEFAULTS);
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            double t = Clock.now() + 1;
            try (RecordingWriter writer = Recordings.twoClicks(folder, "Click twice", t)) {
                IOException going = assertThrows(IOException.class, () -> builder.build(folder, dataset, Progress.NONE));
                assertEquals(folder + ": the recording is still going on; stop it, then build", going.getMessage());
            }
            Recordings.unfinish(folder);

            TrajectoryBuilder.Result result = builder.build(folder, dataset, Progress.NONE);
            assertTrue(result.warnings().get(0).startsWith("the recorder stopped without closing this recording"), result.warnings().toString());
            assertEquals(List.of("pyautogui.click(x=0.1250, y=0.1667)", "pyautogui.click(x=0.5000, y=0.5000)", "computer.terminate(status='success')"),
                    result.task().steps().stream().map(Step::code).toList());
            JsonNode finished = Json.MAPPER.readTree(Files.readString(folder.resolve(RecordingFolder.METADATA)));
            assertEquals(t + 2.1, finished.path("stop_time").asDouble(), 1e-9, "the time of its last event");
            assertTrue(finished.path("interrupted").asBoolean());

            TrajectoryBuilder.Result again = builder.build(folder, dataset, Progress.NONE);
            assertTrue(again.warnings().stream().noneMatch(w -> w.contains("without closing")), "finished once: " + again.warnings());
        }
    }
}
