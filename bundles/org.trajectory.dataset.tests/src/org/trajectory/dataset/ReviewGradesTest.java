package org.trajectory.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.trajectory.dataset.kit.Engines;
import org.trajectory.model.Task;

/** A reviewer's optional grades (an accept level, a rubric): kept, changed and taken away, each in the task's history. */
class ReviewGradesTest {

    @TempDir
    Path temp;

    @ParameterizedTest
    @MethodSource(Engines.BOTH)
    void gradesAreKeptInTheHistoryAndOnlyGradesFromTheirScaleAreTaken(Engines engine) throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(engine.newDataset(temp, "ds"))) {
            dataset.put(Task.parse("{\"task_id\":\"t\",\"instruction\":\"Do it\",\"traj\":[{\"index\":0,\"value\":{\"code\":"
                    + "\"computer.terminate(status='success')\"}}]}"), java.util.Collections.nCopies(1, null), Dataset.RECORDED);
            assertEquals(ReviewGrades.NONE, dataset.reviews().grades("t"));
            assertTrue(!dataset.reviews().anyGraded());
            ReviewGrades graded = new ReviewGrades(2, 4, null, null, 5);
            dataset.reviews().grade("t", graded);
            assertEquals(graded, dataset.reviews().grades("t"));
            assertTrue(dataset.reviews().anyGraded());
            assertEquals("{\"accept_level\":2,\"rubric\":{\"correctness\":4,\"value\":5}}", graded.toJson().toString(), "as an export writes it");
            assertEquals(graded, ReviewGrades.of(graded.toJson()), "and as the card reads it back");
            dataset.reviews().grade("t", ReviewGrades.NONE);
            assertEquals(ReviewGrades.NONE, dataset.reviews().grades("t"));
            List<String> trail = dataset.history("t").stream().filter(e -> e.what().equals("grades")).map(e -> e.before() + " -> " + e.after()).toList();
            assertEquals(List.of(" -> accept 2, correctness 4, value 5", "accept 2, correctness 4, value 5 -> "), trail);
            IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class, () -> new ReviewGrades(4, null, null, null, null));
            assertEquals("accept_level is graded from 1 to 3, not 4", wrong.getMessage());
            assertThrows(java.sql.SQLException.class, () -> dataset.reviews().grade("no such task", graded));
            assertThrows(java.sql.SQLException.class, () -> dataset.reviews().grade("no such task", ReviewGrades.NONE));
            assertTrue(dataset.history("no such task").isEmpty(), "no trail for a task that is not there");
        }
    }
}
