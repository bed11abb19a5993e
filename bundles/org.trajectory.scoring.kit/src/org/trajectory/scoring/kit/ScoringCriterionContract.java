package org.trajectory.scoring.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import org.trajectory.model.Json;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Task;
import org.trajectory.scoring.Score;
import org.trajectory.scoring.ScoringCriterion;
import org.trajectory.scoring.TaskInput;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What every scoring criterion must do, whatever it judges: a version; a score in [0,1] with a reason, or an error,
 * never an exception, even for tasks that are odd (no steps, code that does not parse, no images); flags only on
 * steps that exist; the same answer from many threads at once. A criterion's test extends this and gives a task it
 * judges well and one it judges badly. Published in this bundle so that a criterion in a plugin of its own is proven
 * the way ours are: require {@code org.trajectory.scoring.kit} in its test bundle.
 *
 * @since 0.1
 */
public abstract class ScoringCriterionContract {

    /** The criterion as the workbench would make it (through the catalogue, for a contributed one). */
    protected abstract ScoringCriterion criterion() throws Exception;

    /** A task the criterion should score high. */
    protected abstract Task good();

    /** A task the criterion should score low. */
    protected abstract Task bad();

    /** A task of these steps' code, without images. */
    public static Task task(String id, String instruction, String... codes) {
        ObjectNode record = Json.MAPPER.createObjectNode().put(Task.TASK_ID, id).put(Task.INSTRUCTION, instruction);
        ArrayNode traj = record.putArray(Task.TRAJ);
        for (String code : codes) {
            traj.addObject().put("index", traj.size()).putObject("value").put("code", code);
        }
        try {
            return Task.of(record);
        } catch (RecordFormatException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** The task as a criterion receives it, without images or a model. */
    public static TaskInput input(Task task) {
        return TaskInput.of(task);
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
    public void hasAVersion() throws Exception {
        assertNotNull(criterion().version());
        assertFalse(criterion().version().isBlank());
    }

    @Test
    public void judgesTheGoodTaskAboveTheBadOne() throws Exception {
        Score good = criterion().score(input(good()));
        Score bad = criterion().score(input(bad()));
        assertWellFormed(good, good());
        assertWellFormed(bad, bad());
        assertTrue(good.value() > bad.value(), "good " + good + " above bad " + bad);
    }

    @Test
    public void oddTasksGetAScoreOrAnErrorNeverAnException() throws Exception {
        for (Task odd : List.of(task("empty", "nothing"), task("garbage", "x", "this is not code(", "pyautogui.click(x=9)"),
                task("terminate", "x", "computer.terminate(status='failure')"))) {
            assertWellFormed(criterion().score(input(odd)), odd);
        }
    }

    @Test
    public void givesTheSameAnswerFromManyThreads() throws Exception {
        ScoringCriterion criterion = criterion();
        Task task = bad();
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
