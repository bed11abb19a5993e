package org.trajectory.evaluation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.trajectory.evaluation.internal.BenchAction;
import org.trajectory.model.EditDistance;

/**
 * AgentNetBench's step score (OpenCUA's offline evaluator, {@code evaluation/agentnetbench/eval.py}): the predicted
 * actions of one step against the reference's, by position, averaged per action type and then across types. Our own
 * implementation of its published rules, in both versions:
 * <ul>
 * <li>{@link Version#V2025}: keys compared as sets; a scroll scores 1 when the type matches.</li>
 * <li>{@link Version#V2026} (PR #56, the default): keys compared as ordered lists with repeats; a scroll scores 0 in the
 * wrong or no direction, else the smaller amount over the larger; a step with more predicted actions than reference
 * actions is scaled by their ratio.</li>
 * </ul>
 * Both: pointer actions score 1 inside a reference element box or within {@link #COORDINATE_THRESHOLD} (normalized), else
 * {@code exp(-120 * excess)}; {@code write} by edit similarity of the lower-cased, stripped texts (0.8 or more is 1, else
 * similarity / 0.8); a write followed by a lone Enter is one write with a newline (which the strip then removes, as in
 * the original); terminate by status; a step whose first predicted type is not among the reference's types scores 0.
 * Where the reference has alternatives, the best of them counts when the step's own actions do not score 1 (as the
 * original's runner does). Beyond the original, in 2026 only: middleClick is scored as a pointer action, hscroll as a
 * scroll, keyDown/keyUp by their key (2025 leaves a type it has no rule for out of the step's mean when it matches, and
 * counts it 0 when it does not, as the published file does). In both, a click without coordinates matches only a click
 * without coordinates.
 *
 * @since 0.1
 */
public final class AgentNetBench {

    public enum Version {
        V2025("2025"), V2026("2026");

        private final String id;

        Version(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        public static Version of(String id) {
            for (Version version : values()) {
                if (version.id.equals(id.strip())) {
                    return version;
                }
            }
            throw new IllegalArgumentException("no AgentNetBench version '" + id + "' (there are 2025 and 2026)");
        }
    }

    public static final Version DEFAULT = Version.V2026;

    /**
     * How predicted code is read before it is scored: {@link #PYAUTOGUI} as PyAutoGUI would run it (the default: what the
     * code does), or {@link #OPENCUA} as OpenCUA's AgentNetBench agent reads a model's answer (its published numbers
     * were made so; a positional press of several keys is a hotkey, cmd is ctrl, a scroll with a point and escaped
     * text are read differently). The reference is always read as PyAutoGUI's.
     */
    public enum Reading {
        PYAUTOGUI("pyautogui"), OPENCUA("opencua");

        private final String id;

        Reading(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        public static Reading of(String id) {
            for (Reading reading : values()) {
                if (reading.id.equals(id.strip().toLowerCase(Locale.ROOT))) {
                    return reading;
                }
            }
            throw new IllegalArgumentException("no reading '" + id + "' (there are pyautogui and opencua)");
        }
    }
    public static final double COORDINATE_THRESHOLD = 0.01 * Math.sqrt(2);
    static final double ALPHA = 120;
    static final double WRITE_THRESHOLD = 0.8;
    private static final Set<String> POINTER = Set.of("click", "doubleclick", "rightclick", "tripleclick", "middleclick", "moveto", "dragto");
    /** The types the published 2025 file has a rule for. */
    private static final Set<String> RULES_2025 = Set.of("click", "doubleclick", "rightclick", "tripleclick", "moveto", "dragto", "write",
            "press", "hotkey", "scroll");
    private static final Set<String> CLICKS = Set.of("click", "doubleclick", "rightclick", "tripleclick", "middleclick");

    private final Version version;

    public AgentNetBench(Version version) {
        this.version = version;
    }

    public Version version() {
        return version;
    }

    /**
     * One step's score. {@code byType} has every reference action type with its (scaled) average, or nothing when no
     * action was predicted (the step then counts 0 in the mean over steps and in no type's mean, as the original's);
     * {@code clickOffsets} holds, for each pair of same-type clicks both with coordinates, the predicted point minus the
     * reference point (normalized), for the pixel error.
     */
    public record StepScore(double total, Map<String, Double> byType, List<double[]> clickOffsets) {
    }

    public StepScore score(List<BenchAction> referenceActions, List<BenchAction> predictedActions) {
        List<BenchAction> reference = mergeWriteEnter(referenceActions, Set.of("press", "hotkey"));
        List<BenchAction> predicted = mergeWriteEnter(predictedActions, Set.of("press"));
        Map<String, Double> zero = new LinkedHashMap<>();
        reference.forEach(a -> zero.put(a.type(), 0.0));
        if (reference.isEmpty() || predicted.isEmpty()) {
            // nothing predicted (or no code that parses): 0 for the step, and no type's average, as eval.py and reeval.py count it
            return new StepScore(0, Map.of(), List.of());
        }
        double penalty = version == Version.V2026 && predicted.size() > reference.size()
                ? (double) reference.size() / predicted.size() : 1;
        BenchAction first = reference.get(0);
        if (first.type().equals("terminate")) {
            BenchAction guess = predicted.get(0);
            boolean right = guess.type().equals("terminate") && String.valueOf(guess.status()).equals(String.valueOf(first.status()));
            return new StepScore(right ? penalty : 0, Map.of("terminate", right ? penalty : 0.0), List.of());
        }
        if (!zero.containsKey(predicted.get(0).type())) {
            return new StepScore(0, zero, List.of());
        }
        // 2025 as published: a type it has no rule for (middleClick, hscroll, keyDown, a terminate after another action)
        // counts only where it was not matched, and then as 0; where it is matched it adds nothing, not even its type
        Map<String, Double> sums = version == Version.V2025 ? new LinkedHashMap<>() : new LinkedHashMap<>(zero);
        Map<String, Integer> counts = new LinkedHashMap<>();
        List<double[]> offsets = new ArrayList<>();
        for (int i = 0; i < reference.size(); i++) {
            BenchAction want = reference.get(i);
            counts.merge(want.type(), 1, Integer::sum);
            if (i >= predicted.size() || !predicted.get(i).type().equals(want.type())) {
                sums.merge(want.type(), 0.0, Double::sum);
                continue;
            }
            BenchAction got = predicted.get(i);
            if (version == Version.V2026 || RULES_2025.contains(want.type())) {
                sums.merge(want.type(), score(want, got), Double::sum);
            }
            if (CLICKS.contains(want.type()) && want.x() != null && got.x() != null) {
                offsets.add(new double[] {got.x() - want.x(), got.y() - want.y()});
            }
        }
        Map<String, Double> byType = new LinkedHashMap<>();
        sums.forEach((type, sum) -> byType.put(type, sum / counts.get(type) * penalty));
        double total = byType.values().stream().mapToDouble(Double::doubleValue).average().orElse(0);
        return new StepScore(total, byType, offsets);
    }

    private double score(BenchAction want, BenchAction got) {
        String type = want.type();
        if (POINTER.contains(type)) {
            return pointer(want, got);
        }
        return switch (type) {
            case "write" -> write(want.text(), got.text());
            case "press", "hotkey", "keydown", "keyup" -> keys(want.keys(), got.keys());
            case "scroll", "hscroll" -> scroll(want.amount(), got.amount());
            default -> 0;
        };
    }

    private static double pointer(BenchAction want, BenchAction got) {
        if (want.x() == null || got.x() == null) {
            return want.x() == null && got.x() == null ? 1 : 0;
        }
        for (double[] box : want.boxes()) {
            if (box[0] <= got.x() && got.x() <= box[0] + box[2] && box[1] <= got.y() && got.y() <= box[1] + box[3]) {
                return 1;
            }
        }
        double distance = Math.hypot(got.x() - want.x(), got.y() - want.y());
        return distance <= COORDINATE_THRESHOLD ? 1 : Math.exp(-ALPHA * (distance - COORDINATE_THRESHOLD));
    }

    static double write(String want, String got) {
        String reference = want == null ? "" : pythonStrip(want.toLowerCase(Locale.ROOT));
        String guess = got == null ? "" : pythonStrip(got.toLowerCase(Locale.ROOT));
        // The original checks for a trailing newline after strip(), which has removed it: the 0.9 never applies.
        int longest = Math.max(reference.codePointCount(0, reference.length()), guess.codePointCount(0, guess.length()));
        if (longest == 0) {
            return 1;
        }
        double similarity = 1 - (double) EditDistance.of(reference, guess) / longest;
        return similarity >= WRITE_THRESHOLD ? 1 : similarity / WRITE_THRESHOLD;
    }

    /**
     * The text without the white space Python's {@code str.strip()} removes at its ends: Java's {@code strip()} keeps
     * the no-break spaces (U+00A0, U+2007, U+202F) and U+0085, which Python counts as white space.
     */
    static String pythonStrip(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && pythonSpace(text.charAt(start))) {
            start++;
        }
        while (end > start && pythonSpace(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(start, end);
    }

    private static boolean pythonSpace(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u0085';
    }

    private double keys(List<String> want, List<String> got) {
        List<String> reference = lower(want);
        List<String> guess = lower(got);
        return (version == Version.V2025 ? new HashSet<>(reference).equals(new HashSet<>(guess)) : reference.equals(guess)) ? 1 : 0;
    }

    private double scroll(Integer want, Integer got) {
        if (version == Version.V2025) {
            return 1;
        }
        int wanted = want == null ? 0 : want;
        int guessed = got == null ? 0 : got;
        if (wanted != 0 && Integer.signum(wanted) != Integer.signum(guessed)) {
            return 0; // wrong direction, or none
        }
        if (wanted == 0 || guessed == 0) {
            return wanted == guessed ? 1 : 0;
        }
        return (double) Math.min(Math.abs(wanted), Math.abs(guessed)) / Math.max(Math.abs(wanted), Math.abs(guessed));
    }

    private static List<String> lower(List<String> keys) {
        return keys == null ? List.of() : keys.stream().map(k -> k.toLowerCase(Locale.ROOT)).toList();
    }

    /** A write followed by a lone Enter (or Return) press becomes one write ending in a newline. */
    private static List<BenchAction> mergeWriteEnter(List<BenchAction> actions, Set<String> enterTypes) {
        List<BenchAction> merged = new ArrayList<>();
        for (int i = 0; i < actions.size(); i++) {
            BenchAction action = actions.get(i);
            if (action.type().equals("write") && i + 1 < actions.size()) {
                BenchAction next = actions.get(i + 1);
                if (enterTypes.contains(next.type()) && next.keys() != null && next.keys().size() == 1
                        && Set.of("enter", "return").contains(next.keys().get(0).toLowerCase(Locale.ROOT))) {
                    merged.add(new BenchAction("write", null, null, String.valueOf(action.text()) + "\n", null, null, null, action.boxes()));
                    i++;
                    continue;
                }
            }
            merged.add(action);
        }
        return merged;
    }
}
