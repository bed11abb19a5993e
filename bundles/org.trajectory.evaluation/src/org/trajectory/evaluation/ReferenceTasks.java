package org.trajectory.evaluation;

import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.trajectory.dataset.DatasetAddress;
import org.trajectory.evaluation.internal.Evaluator;
import org.trajectory.evaluation.internal.Trajectories;
import org.trajectory.evaluation.internal.Trajectory;
import org.trajectory.model.Task;
import org.trajectory.model.operation.Progress;

/**
 * A reference read once, its tasks compared one at a time with a predicted task, as the workbench's Comparison view
 * does: by both metrics with {@code evaluate}'s defaults (Sharingan at {@link Sharingan#DEFAULT_THRESHOLD},
 * AgentNetBench's {@link AgentNetBench#DEFAULT} rules, predicted code read as PyAutoGUI runs it).
 *
 * @since 0.1
 */
public final class ReferenceTasks {

    private final Map<String, Trajectory> tasks;

    private ReferenceTasks(Map<String, Trajectory> tasks) {
        this.tasks = tasks;
    }

    /** Reads a dataset (folder or server) or a JSONL file; what could not be read is added to {@code problems}, the rest kept. */
    public static ReferenceTasks read(DatasetAddress address, List<String> problems) throws IOException, SQLException {
        return new ReferenceTasks(Trajectories.read(address, problems, Progress.NONE));
    }

    /** The reference's task ids, in its order. */
    public List<String> ids() {
        return List.copyOf(tasks.keySet());
    }

    public int size() {
        return tasks.size();
    }

    public boolean contains(String taskId) {
        return tasks.containsKey(taskId);
    }

    /**
     * One predicted task against one reference task, with each Sharingan row's step score: AgentNetBench's score of the
     * row's own pair of steps, as aligned (by position a merged or deleted step would shift every later one).
     */
    public Comparison compare(String referenceId, Task predicted, TextSimilarity similarity) throws IOException {
        Trajectory wanted = tasks.get(referenceId);
        if (wanted == null) {
            throw new IllegalArgumentException("the reference has no task " + referenceId);
        }
        Evaluator evaluator = new Evaluator(new Sharingan(similarity, Sharingan.DEFAULT_THRESHOLD), new AgentNetBench(AgentNetBench.DEFAULT));
        Trajectory got = Trajectory.of(predicted);
        TaskEvaluation evaluation = evaluator.evaluate(wanted, got);
        List<Double> stepScores = new ArrayList<>();
        for (Sharingan.Row row : evaluation.sharingan().rows()) {
            stepScores.add(row.reference() == null ? null
                    : row.predicted() == null ? 0.0 : evaluator.stepScore(wanted, row.reference().step(), got, row.predicted().step()));
        }
        return new Comparison(evaluation, stepScores);
    }

    /** A comparison and, for each of its Sharingan rows, the step score (null for a row the reference does not have). */
    public record Comparison(TaskEvaluation evaluation, List<Double> stepScores) {
    }
}
