package org.trajectory.evaluation;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The Sharingan paper's action-sequence metric (section IV-B). Per video, the reference actions are walked in time
 * order and each is paired with the first predicted action not yet paired that matches it; recall is pairs over
 * reference actions, precision pairs over predicted actions. "Operation" matches on the operation type alone, "all"
 * also needs the detail and the context to be at least {@code threshold} alike.
 *
 * @since 0.1
 */
public final class Sharingan {

    /** The paper's hand-tuned threshold on the cosine of two embeddings. */
    public static final double DEFAULT_THRESHOLD = 0.7;

    private final TextSimilarity similarity;
    private final double threshold;

    public Sharingan(TextSimilarity similarity, double threshold) {
        if (!(threshold >= -1 && threshold <= 1)) {
            throw new IllegalArgumentException("the threshold is a cosine, between -1 and 1, not " + threshold);
        }
        this.similarity = similarity;
        this.threshold = threshold;
    }

    /** One row of {@link Result#rows()}: a missed reference action has no prediction, an extra prediction no reference. */
    public record Row(ActionTuple reference, ActionTuple predicted, Pair pair) {
    }

    /**
     * A reference action and the predicted one paired with it (positions in the tuple lists), with how alike their
     * words are; null in an "operation" pair, which does not look at words.
     */
    public record Pair(int reference, int predicted, Double detailSimilarity, Double contextSimilarity) {
    }

    /**
     * One video's outcome. {@code allPairs} is null when "all" cannot be computed, and {@code allUnavailable} says why
     * (a side without detail or context words): an empty text is not scored as if it were one.
     */
    public record Result(List<ActionTuple> reference, List<ActionTuple> predicted, List<Pair> operationPairs, List<Pair> allPairs,
            String allUnavailable) {

        public double operationRecall() {
            return ratio(operationPairs.size(), reference.size(), predicted.size());
        }

        public double operationPrecision() {
            return ratio(operationPairs.size(), predicted.size(), reference.size());
        }

        /** NaN when "all" is unavailable. */
        public double allRecall() {
            return allPairs == null ? Double.NaN : ratio(allPairs.size(), reference.size(), predicted.size());
        }

        public double allPrecision() {
            return allPairs == null ? Double.NaN : ratio(allPairs.size(), predicted.size(), reference.size());
        }

        /**
         * The video's kind as the paper's Table VI groups them: the one operation of its reference actions (terminate
         * aside), else "mixed"; "empty" for a reference without actions.
         */
        public String category() {
            Set<OperationType> operations = EnumSet.noneOf(OperationType.class);
            reference.stream().map(ActionTuple::operation).filter(o -> o != OperationType.TERMINATE).forEach(operations::add);
            return operations.isEmpty() ? "empty" : operations.size() == 1 ? operations.iterator().next().id() : "mixed";
        }

        /**
         * The two sequences side by side for a person: each reference action in order with its partner (by "all" when
         * available, else by operation), and each unpaired prediction in the row before the next paired one.
         */
        public List<Row> rows() {
            List<Pair> pairs = allPairs != null ? allPairs : operationPairs;
            Pair[] byReference = new Pair[reference.size()];
            boolean[] paired = new boolean[predicted.size()];
            pairs.forEach(p -> {
                byReference[p.reference()] = p;
                paired[p.predicted()] = true;
            });
            List<Row> rows = new ArrayList<>();
            int nextPredicted = 0;
            for (int r = 0; r < reference.size(); r++) {
                Pair pair = byReference[r];
                if (pair != null) {
                    for (; nextPredicted < pair.predicted(); nextPredicted++) {
                        if (!paired[nextPredicted]) {
                            rows.add(new Row(null, predicted.get(nextPredicted), null));
                        }
                    }
                    nextPredicted = Math.max(nextPredicted, pair.predicted() + 1);
                }
                rows.add(new Row(reference.get(r), pair == null ? null : predicted.get(pair.predicted()), pair));
            }
            for (; nextPredicted < predicted.size(); nextPredicted++) {
                if (!paired[nextPredicted]) {
                    rows.add(new Row(null, predicted.get(nextPredicted), null));
                }
            }
            return rows;
        }

        /** Pairs over a count. Nothing to find and nothing found is perfect; nothing on one side only scores 0. */
        private static double ratio(int pairs, int count, int otherCount) {
            return count == 0 ? (otherCount == 0 ? 1 : 0) : (double) pairs / count;
        }
    }

    public Result compare(List<ActionTuple> reference, List<ActionTuple> predicted) throws IOException {
        List<Pair> operation = match(reference, predicted, false);
        String unavailable = missingWords("reference", reference);
        if (unavailable == null) {
            unavailable = missingWords("prediction", predicted);
        }
        return new Result(List.copyOf(reference), List.copyOf(predicted), operation,
                unavailable == null ? match(reference, predicted, true) : null, unavailable);
    }

    private List<Pair> match(List<ActionTuple> reference, List<ActionTuple> predicted, boolean all) throws IOException {
        boolean[] used = new boolean[predicted.size()];
        List<Pair> pairs = new ArrayList<>();
        for (int r = 0; r < reference.size(); r++) {
            ActionTuple wanted = reference.get(r);
            for (int p = 0; p < predicted.size(); p++) {
                ActionTuple candidate = predicted.get(p);
                if (used[p] || candidate.operation() != wanted.operation()) {
                    continue;
                }
                if (!all) { // the operation alone decides; the words are not consulted (nor embedded)
                    used[p] = true;
                    pairs.add(new Pair(r, p, null, null));
                    break;
                }
                // contexts repeat (a few windows), details rarely: the context is asked first
                double context = similarity.similarity(wanted.context(), candidate.context());
                double detail = context < threshold ? Double.NaN : similarity.similarity(wanted.detail(), candidate.detail());
                if (context >= threshold && detail >= threshold) {
                    used[p] = true;
                    pairs.add(new Pair(r, p, detail, context));
                    break;
                }
            }
        }
        return pairs;
    }

    private static String missingWords(String side, List<ActionTuple> tuples) {
        long noDetail = tuples.stream().filter(t -> t.detail() == null).count();
        long noContext = tuples.stream().filter(t -> t.context() == null).count();
        if (noDetail == 0 && noContext == 0) {
            return null;
        }
        String what = noDetail > 0 && noContext > 0 ? "no detail or context words" : noDetail > 0 ? "no detail words" : "no context words";
        return "the " + side + " has " + what + " for " + Math.max(noDetail, noContext) + " of " + tuples.size() + " actions";
    }
}
