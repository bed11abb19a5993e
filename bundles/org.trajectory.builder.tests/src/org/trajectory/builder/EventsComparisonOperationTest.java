package org.trajectory.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.evaluation.EvaluationReport;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.kit.Recordings;

/** An extraction measured against the trajectory its recording's events build, as {@code extract --compare} and the window's Extract run it. */
class EventsComparisonOperationTest {

    @TempDir
    Path temp;

    private Path recording() throws Exception {
        return Recordings.searchForCats(temp.resolve("rec"));
    }

    @Test
    void anExtractionIsMeasuredAgainstItsRecordingsEventsAndAVideoOutsideARecordingIsSaid() throws Exception {
        Path recording = recording();
        Path loose = Files.writeString(Files.createDirectories(temp.resolve("loose")).resolve("screen.mp4"), "");
        Path folder = temp.resolve("dataset");
        String whole;
        try (Dataset dataset = Dataset.openOrCreate(folder)) {
            // the "extractions": the recording's own trajectory, and a copy of it that missed its first step
            whole = new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE).task().taskId();
            assertTrue(dataset.draft(whole).stepCount() >= 2, "the recording builds into steps");
            dataset.saveCopy(dataset.draft(whole).deleteStep(0), "missed-the-click");
        }
        DatasetAddress address = new DatasetAddress.Folder(folder);

        EvaluationReport exact = new EventsComparisonOperation(address, Map.of(recording, whole)).run(Progress.NONE);
        assertEquals(1, exact.tasks().size());
        assertEquals(1.0, exact.sharingan().operationRecall(), 1e-9);
        assertEquals(1.0, exact.sharingan().operationPrecision(), 1e-9);
        // the dataset's other task was not asked about: not "a prediction without a reference"
        assertEquals(List.of(), exact.predictedOnly());

        Map<Path, String> asked = new LinkedHashMap<>();
        asked.put(recording.resolve("video.mkv"), "missed-the-click"); // a video names its recording
        asked.put(loose, whole);
        EvaluationReport partial = new EventsComparisonOperation(address, asked).run(Progress.NONE);
        assertEquals(1, partial.tasks().size(), "only the video in a recording is compared");
        assertTrue(partial.sharingan().operationRecall() < 1.0, "the missed click lowers the recall: " + partial.summary());
        assertEquals(1.0, partial.sharingan().operationPrecision(), 1e-9);
        List<String> said = partial.problems().stream().map(Problem::message).toList();
        assertEquals(List.of(loose + ": not in a recording with events, so not compared"), said);
    }
}
