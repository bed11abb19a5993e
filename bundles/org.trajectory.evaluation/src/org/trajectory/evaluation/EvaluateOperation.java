package org.trajectory.evaluation;

import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.trajectory.dataset.DatasetAddress;
import org.trajectory.evaluation.internal.ActionTuples;
import org.trajectory.evaluation.internal.Evaluator;
import org.trajectory.evaluation.internal.Trajectories;
import org.trajectory.evaluation.internal.Trajectory;
import org.trajectory.model.operation.Operation;
import org.trajectory.model.operation.Progress;

/**
 * The evaluate operation: reads a reference and a prediction (datasets or JSONL files), pairs their tasks by id (or by
 * a mapping), and compares each pair by the metrics asked for. The CLI's {@code evaluate} and the workbench's
 * comparison both run it.
 *
 * @since 0.1
 */
public final class EvaluateOperation implements Operation<EvaluationReport> {

    /**
     * @param reference the trajectories taken as true: a dataset (a folder or a server) or a JSONL file (a folder address naming a file)
     * @param predicted the trajectories to judge, the same way
     * @param mapping   reference task id to predicted task id, for tasks named differently on the two sides; null pairs by id
     * @param threshold Sharingan's cosine threshold; null leaves Sharingan out
     * @param version   AgentNetBench's rules; null leaves AgentNetBench out
     * @param reading   how AgentNetBench reads the predicted code
     */
    public record Options(DatasetAddress reference, DatasetAddress predicted, Map<String, String> mapping, Double threshold,
            AgentNetBench.Version version, AgentNetBench.Reading reading, int threads) {

        /** Predicted code read as PyAutoGUI runs it. */
        public Options(DatasetAddress reference, DatasetAddress predicted, Map<String, String> mapping, Double threshold,
                AgentNetBench.Version version, int threads) {
            this(reference, predicted, mapping, threshold, version, AgentNetBench.Reading.PYAUTOGUI, threads);
        }
    }

    private final Options options;
    private final TextSimilarity similarity;

    /** @param similarity how details and contexts are compared; only used with Sharingan */
    public EvaluateOperation(Options options, TextSimilarity similarity) {
        this.options = options;
        this.similarity = similarity;
    }

    @Override
    public String title() {
        return "Evaluating " + options.predicted() + " against " + options.reference();
    }

    @Override
    public EvaluationReport run(Progress progress) throws IOException, SQLException, InterruptedException {
        List<String> problems = new ArrayList<>();
        Map<String, Trajectory> reference = Trajectories.read(options.reference(), problems, true, progress);
        // read another way, a prediction's code that PyAutoGUI's grammar refuses may still score: not a problem then
        Map<String, Trajectory> predicted = Trajectories.read(options.predicted(), problems, options.reading() == AgentNetBench.Reading.PYAUTOGUI, progress);
        List<Trajectory[]> pairs = new ArrayList<>();
        List<String> referenceOnly = new ArrayList<>();
        Set<String> unpaired = new LinkedHashSet<>(predicted.keySet());
        for (Trajectory wanted : reference.values()) {
            String id = options.mapping() == null ? wanted.taskId() : options.mapping().getOrDefault(wanted.taskId(), wanted.taskId());
            Trajectory got = predicted.get(id);
            if (got == null) {
                referenceOnly.add(wanted.taskId());
            } else {
                pairs.add(new Trajectory[] {wanted, got});
                unpaired.remove(id);
            }
        }
        Sharingan sharingan = options.threshold() == null ? null : new Sharingan(similarity, options.threshold());
        if (sharingan != null) {
            similarity.prepare(textsToEmbed(pairs, progress), progress);
        }
        Evaluator evaluator = new Evaluator(sharingan, options.version() == null ? null : new AgentNetBench(options.version()), options.reading());
        progress.begin("Comparing", pairs.size(), "tasks");
        List<TaskEvaluation> results = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, options.threads()));
        try {
            List<Future<TaskEvaluation>> futures = new ArrayList<>();
            pairs.forEach(pair -> futures.add(pool.submit(() -> evaluator.evaluate(pair[0], pair[1]))));
            for (Future<TaskEvaluation> future : futures) {
                if (progress.isCancelled()) {
                    break;
                }
                results.add(get(future));
                progress.worked(1);
            }
        } finally {
            pool.shutdownNow();
            // a comparison still inside the embedding model must leave it before the process may end
            pool.awaitTermination(1, TimeUnit.MINUTES);
        }
        return new EvaluationReport(results, referenceOnly, List.copyOf(unpaired), problems, options.threshold(), options.version());
    }

    /**
     * The first of two passes: the matching runs with every pair of unequal texts taken as alike, which notes the texts
     * the real matching will most likely ask about, so that the model embeds them in batches rather than one by one.
     * Equal texts need no model at all. What the second pass asks beyond these is embedded when asked.
     */
    private Set<String> textsToEmbed(List<Trajectory[]> pairs, Progress progress) throws IOException {
        Set<String> wanted = ConcurrentHashMap.newKeySet();
        Sharingan planning = new Sharingan((a, b) -> {
            if (!a.equals(b)) {
                wanted.add(a);
                wanted.add(b);
            }
            return 1;
        }, options.threshold());
        progress.begin("Finding the texts to compare", pairs.size(), "tasks");
        for (Trajectory[] pair : pairs) {
            planning.compare(ActionTuples.of(pair[0]), ActionTuples.of(pair[1]));
            progress.worked(1);
        }
        return wanted;
    }

    private static TaskEvaluation get(Future<TaskEvaluation> future) throws IOException, InterruptedException {
        try {
            return future.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
