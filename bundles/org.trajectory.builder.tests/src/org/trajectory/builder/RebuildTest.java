package org.trajectory.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.dataset.Dataset;
import org.trajectory.model.Task;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.Clock;
import org.trajectory.recorder.kit.Recordings;

/** Building a recording again replaces its task and keeps what is still true of it: its annotations, its scores. */
class RebuildTest {

    @TempDir
    Path temp;

    @Test
    void aRecordingBuiltAgainKeepsTheScoresOfWhatDidNotChange() throws Exception {
        Path folder = temp.resolve("recording");
        TrajectoryBuilder builder = new TrajectoryBuilder(ReductionSettings.DEFAULTS);
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            Recordings.twoClicks(folder, "Click twice", Clock.now() + 1).close();
            Task built = builder.build(folder, dataset, Progress.NONE).task();
            String content = Dataset.contentHash(built);
            dataset.scores().put(built.taskId(), List.of(new Dataset.StoredScore("format", "1", content, 1.0, "well formed", null, null, "2026-11-25T00:00:00Z"),
                    new Dataset.StoredScore("action_validity", "1", content, 0.5, "one of two", null, null, "2026-11-25T00:00:00Z")), 0.75);

            builder.build(folder, dataset, Progress.NONE);
            assertEquals(java.util.Set.of("format", "action_validity"), dataset.scores().get(built.taskId()).keySet(), "the same content keeps its scores");
            assertEquals(0.75, dataset.read(built.taskId()).json().path(Task.SCORES).path(Dataset.FINAL_SCORE).asDouble(), 1e-9);
            assertEquals(0.5, dataset.read(built.taskId()).json().path(Task.SCORES).path("action_validity").asDouble(), 1e-9);

            dataset.scores().put(built.taskId(), List.of(new Dataset.StoredScore("format", "1", "another content", 1.0, "stale", null, null,
                    "2026-11-25T00:00:00Z")), 0.75);
            TrajectoryBuilder.Result third = builder.build(folder, dataset, Progress.NONE);
            assertEquals(java.util.Set.of("action_validity"), dataset.scores().get(built.taskId()).keySet(), "a score of other content is dropped");
            assertTrue(third.warnings().stream().anyMatch(w -> w.startsWith("kept 1 score of 2")), third.warnings().toString());
            assertTrue(dataset.read(built.taskId()).json().path(Task.SCORES).path(Dataset.FINAL_SCORE).isMissingNode(), "no final score of half the scores");
        }
    }
}
