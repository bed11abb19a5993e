package org.trajectory.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.Dataset.Verdict;
import org.trajectory.dataset.ReviewState;
import org.trajectory.model.Task;

/** Agreement by the textbook on hand-worked verdicts, and on the verdicts a dataset keeps. */
class AgreementTest {

    private static final ReviewState A = ReviewState.APPROVED;
    private static final ReviewState R = ReviewState.REJECTED;

    @TempDir
    Path temp;

    @Test
    void kappaAndAlphaAreTheTextbookValues() {
        // Two reviewers on four tasks: observed agreement 3/4, chance 1/2, so kappa 1/2; alpha (nominal) 1 - 7 * 2 / 30 = 8/15.
        List<Verdict> verdicts = List.of(new Verdict("t1", "a", A), new Verdict("t1", "b", A), new Verdict("t2", "a", A),
                new Verdict("t2", "b", R), new Verdict("t3", "a", R), new Verdict("t3", "b", R), new Verdict("t4", "a", R),
                new Verdict("t4", "b", R));
        Agreement agreement = Agreement.of(verdicts, Map.of("t2", A), Map.of("t2", R));
        assertEquals(1, agreement.pairs().size());
        assertEquals(0.5, agreement.pairs().get(0).kappa(), 1e-12);
        assertEquals(8.0 / 15, agreement.alpha(), 1e-12);
        assertEquals(4, agreement.tasksWithTwoOrMore());
        assertEquals(1.0, agreement.gold().get("a").accuracy());
        assertEquals(0.0, agreement.gold().get("b").accuracy());
        assertEquals(1, agreement.disagreements().size());
        assertEquals("t2", agreement.disagreements().get(0).taskId());
        assertEquals(R, agreement.disagreements().get(0).settled(), "a curator's final verdict settles it");
    }

    @Test
    void aDatasetsVerdictsAreMeasuredAndACuratorSettlesTheDisagreement() throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds"))) {
            for (String id : List.of("t0", "t1")) {
                dataset.put(Task.parse("{\"task_id\":\"" + id + "\",\"instruction\":\"do\",\"traj\":[{\"index\":0,\"value\":{\"code\":"
                        + "\"pyautogui.press('a')\"}}]}"), java.util.Collections.singletonList(null), "test");
            }
            dataset.teamReview().assign(List.of("alice", "bob"), 2, Map.of("t0", A));
            for (String reviewer : List.of("alice", "bob")) {
                dataset.signAs(reviewer);
                dataset.teamReview().judge("t0", reviewer.equals("alice") ? A : R, null); // t0 is gold: approved
                dataset.teamReview().judge("t1", A, null);
            }
            Agreement agreement = Agreement.of(dataset.teamReview().verdicts());
            assertEquals(1.0, agreement.gold().get("alice").accuracy());
            assertEquals(0.0, agreement.gold().get("bob").accuracy());
            assertEquals(List.of("t0"), agreement.disagreements().stream().map(Agreement.Disagreement::taskId).toList());
            assertNull(agreement.disagreements().get(0).settled());
            dataset.reviews().set("t0", R, "curator", "settled");
            assertEquals(R, Agreement.of(dataset.teamReview().verdicts()).disagreements().get(0).settled());
        }
    }
}
