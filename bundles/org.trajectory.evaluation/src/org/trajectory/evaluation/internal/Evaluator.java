package org.trajectory.evaluation.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.trajectory.evaluation.AgentNetBench;
import org.trajectory.evaluation.Sharingan;
import org.trajectory.evaluation.TaskEvaluation;


/** Compares a predicted trajectory with its reference by Sharingan's metric, AgentNetBench's, or both. */
public final class Evaluator {

    private final Sharingan sharingan;
    private final AgentNetBench bench;
    private final AgentNetBench.Reading reading;

    /** @param sharingan null to leave the metric out; the same for {@code bench} */
    public Evaluator(Sharingan sharingan, AgentNetBench bench) {
        this(sharingan, bench, AgentNetBench.Reading.PYAUTOGUI);
    }

    /** @param reading how AgentNetBench reads the predicted code */
    public Evaluator(Sharingan sharingan, AgentNetBench bench, AgentNetBench.Reading reading) {
        if (sharingan == null && bench == null) {
            throw new IllegalArgumentException("evaluation needs at least one metric");
        }
        this.sharingan = sharingan;
        this.bench = bench;
        this.reading = reading;
    }

    public TaskEvaluation evaluate(Trajectory reference, Trajectory predicted) throws IOException {
        Sharingan.Result tuples = sharingan == null ? null : sharingan.compare(ActionTuples.of(reference), ActionTuples.of(predicted));
        List<AgentNetBench.StepScore> steps = null;
        List<Double> pixels = new ArrayList<>();
        if (bench != null) {
            steps = new ArrayList<>();
            Integer width = reference.screenWidth() != null ? reference.screenWidth() : predicted.screenWidth();
            Integer height = reference.screenHeight() != null ? reference.screenHeight() : predicted.screenHeight();
            for (int i = 0; i < reference.steps().size(); i++) {
                AgentNetBench.StepScore score = score(reference.steps().get(i),
                        i < predicted.steps().size() ? read(predicted.steps().get(i)) : List.of());
                steps.add(score);
                if (width != null && height != null) {
                    score.clickOffsets().forEach(d -> pixels.add(Math.hypot(d[0] * width, d[1] * height)));
                }
            }
        }
        return new TaskEvaluation(reference.taskId(), predicted.taskId(), tuples, steps,
                Math.max(0, predicted.steps().size() - reference.steps().size()), pixels);
    }

    /**
     * AgentNetBench's score of one reference step against one predicted step of another position (the pair an alignment
     * made, where the benchmark itself compares steps by position); null without AgentNetBench.
     */
    public Double stepScore(Trajectory reference, int referenceStep, Trajectory predicted, int predictedStep) {
        return bench == null ? null : score(reference.steps().get(referenceStep), read(predicted.steps().get(predictedStep))).total();
    }

    private List<BenchAction> read(Trajectory.StepActions predicted) {
        return reading == AgentNetBench.Reading.OPENCUA ? OpenCuaReading.actions(predicted.code()) : BenchAction.of(predicted.way());
    }

    /** The step's score against its own actions, or against the best of its alternatives when that is not 1 (as OpenCUA's runner). */
    private AgentNetBench.StepScore score(Trajectory.StepActions reference, List<BenchAction> got) {
        AgentNetBench.StepScore best = bench.score(BenchAction.of(reference.way()), got);
        for (Trajectory.Way alternative : reference.alternatives()) {
            if (best.total() >= 1 || got.isEmpty()) {
                break;
            }
            AgentNetBench.StepScore other = bench.score(BenchAction.of(alternative), got);
            if (other.total() > best.total()) {
                best = other;
            }
        }
        return best;
    }
}
