package org.trajectory.scoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.trajectory.model.Task;
import org.trajectory.vlm.Retrying;

/**
 * What every scoring criterion must do, whatever it judges: a version; a score in [0,1] with a reason, or an error,
 * never an exception, even for tasks that are odd (no steps, code that does not parse, no images); flags only on
 * steps that exist; the same answer from many threads at once. A criterion's test extends this and gives a task it
 * judges well and one it judges badly.
 */
abstract class ScoringCriterionContract {

    abstract ScoringCriterion criterion() throws Exception;

    /** A task the criterion should score high. */
    abstract Tasks good();

    /** A task the criterion should score low. */
    abstract Tasks bad();

    static TaskInput input(Task task) {
        return new TaskInput() {
            @Override
            public Task task() {
                return task;
            }

            @Override
            public String imageHash(int position) {
                return null;
            }

            @Override
            public byte[] image(int position) throws IOException {
                return null;
            }

            @Override
            public byte[] imageHead(int position, int max) throws IOException {
                return null;
            }

            @Override
            public Retrying model() {
                return null;
            }
        };
    }

    private static void assertWellFormed(Score score, Task task) {
        assertNotNull(score);
        if (score.failed()) {
            assertNotNull(score.error(), "a failed score says why");
        } else {
            assertTrue(score.value() >= 0 && score.value() <= 1, "in [0,1]: " + score.value());
            assertNotNull(score.reason(), "a reason");
            assertFalse(score.reason().isBlank(), "a reason");
        }
        score.flags().forEach(f -> assertTrue(f.step() >= 0 && f.step() < task.steps().size(), "a flag on a step that exists: " + f));
    }

    @Test
    void hasAVersion() throws Exception {
        assertNotNull(criterion().version());
        assertFalse(criterion().version().isBlank());
    }

    @Test
    void judgesTheGoodTaskAboveTheBadOne() throws Exception {
        Score good = criterion().score(input(good().task()));
        Score bad = criterion().score(input(bad().task()));
        assertWellFormed(good, good().task());
        assertWellFormed(bad, bad().task());
        assertTrue(good.value() > bad.value(), "good " + good + " above bad " + bad);
    }

    @Test
    void oddTasksGetAScoreOrAnErrorNeverAnException() throws Exception {
        for (Tasks odd : List.of(new Tasks("empty", "nothing"), new Tasks("garbage", "x").step("this is not code(").step("pyautogui.click(x=9)"),
                new Tasks("terminate", "x").step("computer.terminate(status='failure')"))) {
            assertWellFormed(criterion().score(input(odd.task())), odd.task());
        }
    }

    @Test
    void givesTheSameAnswerFromManyThreads() throws Exception {
        ScoringCriterion criterion = criterion();
        Task task = bad().task();
        Score first = criterion.score(input(task));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Score>> scores = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                scores.add(pool.submit(() -> criterion.score(input(task))));
            }
            for (Future<Score> score : scores) {
                assertEquals(first.value(), score.get().value());
                assertEquals(first.reason(), score.get().reason());
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
