package org.trajectory.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.model.Json;
import org.trajectory.model.Task;
import org.trajectory.model.format.AgentNetBenchFormat;
import org.trajectory.model.operation.Progress;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * AgentNetBench (2025 rules) against the evaluator OpenCUA publishes: its {@code eval.py}, unchanged, run under Python
 * as its {@code run.py} runs it, on the five sample tasks and on predictions derived from them in 30 ways. Every step
 * must agree within 1e-9, in its total and in each type's score.
 * <p>
 * The predictions are (type, value) pairs, which is what the agents' parsers hand {@code eval.py}; our side gets the
 * same pairs as code, written in the forms agents write (keyword and positional, {@code hotkey(keys=[...])}), and reads
 * them with the workbench's own parser.
 */
class AgentNetBenchDifferentialTest {

    private static final Path DATA = Path.of("../../releng/testdata/agentnetbench").toAbsolutePath();
    /** OpenCUA's published files, unchanged, outside the repository (../shared/fixtures beside it). */
    private static final Path OPENCUA = Path.of("../../../shared/fixtures/opencua-agentnetbench").toAbsolutePath().normalize();

    /** One predicted action: its type as PyAutoGUI names it and the value eval.py judges it by. */
    private record Act(String type, Object value) {
    }

    private record Kind(String name, Function<Step, List<Act>> derive) {
    }

    /** A reference step as the derivations see it: its ground truth, its first alternative, the next step's truth. */
    private record Step(JsonNode truth, JsonNode alternative, JsonNode next) {
    }

    @Test
    void everyStepAgreesWithThePublishedEvaluator(@TempDir Path dir) throws Exception {
        List<Kind> kinds = kinds();
        assertEquals(30, kinds.size());
        compare(dir, kinds, AgentNetBench.Reading.PYAUTOGUI);
    }

    /**
     * The same code read as OpenCUA's agent reads a model's answer ({@code agent/opencua.py}, unchanged, run under
     * Python), on the 30 kinds and on the forms where that reading differs from PyAutoGUI's.
     */
    @Test
    void everyStepAgreesWhenCodeIsReadAsOpenCuasAgentReadsIt(@TempDir Path dir) throws Exception {
        List<Kind> kinds = new ArrayList<>(kinds());
        kinds.add(new Kind("command for ctrl", keyLists(k -> k.stream().map(key -> key.equals("ctrl") ? "command" : key).toList())));
        kinds.add(new Kind("cmd for ctrl", keyLists(k -> k.stream().map(key -> key.equals("ctrl") ? "cmd" : key).toList())));
        kinds.add(new Kind("scroll at a point", step -> map(step, a -> List.of(a.type().equals("scroll") ? new Act("scroll", new int[] {(Integer) a.value()}) : a))));
        kinds.add(new Kind("a quote in the text", texts(t -> t + "'s")));
        kinds.add(new Kind("a backslash in the text", texts(t -> "C:\\" + t)));
        compare(dir, kinds, AgentNetBench.Reading.OPENCUA);
    }

    /**
     * Derives each kind of prediction from each reference step, has the published evaluator score them (given the pairs
     * directly, or the code for OpenCUA's agent to read) and our evaluate, and requires every step to agree.
     */
    private static void compare(Path dir, List<Kind> kinds, AgentNetBench.Reading reading) throws Exception {
        List<JsonNode> files = new ArrayList<>();
        try (var listing = Files.list(OPENCUA.resolve("sample_data"))) {
            for (Path file : listing.sorted().toList()) {
                files.add(Json.MAPPER.readTree(file.toFile()));
            }
        }
        Path reference = dir.resolve("reference.jsonl");
        StringBuilder lines = new StringBuilder();
        for (JsonNode file : files) {
            lines.append(AgentNetBenchFormat.toTask(file).toJson()).append('\n');
        }
        Files.writeString(reference, lines);

        ArrayNode cases = Json.MAPPER.createArrayNode();
        for (int k = 0; k < kinds.size(); k++) {
            StringBuilder predicted = new StringBuilder();
            for (JsonNode file : files) {
                ObjectNode task = Json.MAPPER.createObjectNode().put("task_id", file.get("task_id").asText()).put("instruction", "-");
                ArrayNode traj = task.putArray("traj");
                JsonNode steps = file.get("steps");
                for (int i = 0; i < steps.size(); i++) {
                    JsonNode step = steps.get(i);
                    JsonNode alternative = step.path("alternative_options").path(0);
                    List<Act> acts = kinds.get(k).derive().apply(new Step(step.get("ground_truth_actions"),
                            alternative.isMissingNode() ? null : alternative, steps.get((i + 1) % steps.size()).get("ground_truth_actions")));
                    String code = code(acts, k % 2 == 0);
                    traj.addObject().put("index", i).putObject("value").put("code", code);
                    ObjectNode item = cases.addObject();
                    item.set("ground_truth_actions", step.get("ground_truth_actions"));
                    item.set("alternative_options", step.has("alternative_options") ? step.get("alternative_options") : Json.MAPPER.createArrayNode());
                    if (reading == AgentNetBench.Reading.OPENCUA) {
                        item.put("code", code);
                    } else {
                        item.set("predicted_actions", Json.MAPPER.valueToTree(acts.stream().map(a -> List.of(a.type(), a.value())).toList()));
                    }
                }
                predicted.append(Json.MAPPER.writeValueAsString(task)).append('\n');
            }
            Files.writeString(dir.resolve("predicted" + k + ".jsonl"), predicted);
        }
        JsonNode published = runPublished(cases, dir);

        Iterator<JsonNode> theirs = published.iterator();
        int agree = 0;
        int steps = 0;
        double worst = 0;
        List<String> disagreements = new ArrayList<>();
        for (int k = 0; k < kinds.size(); k++) {
            EvaluationReport report = new EvaluateOperation(new EvaluateOperation.Options(new DatasetAddress.Folder(reference),
                    new DatasetAddress.Folder(dir.resolve("predicted" + k + ".jsonl")), null, null, AgentNetBench.Version.V2025, reading, 1), null)
                    .run(Progress.NONE);
            assertTrue(report.unread().isEmpty(), "our side read every prediction: " + report.unread());
            for (TaskEvaluation task : report.tasks()) {
                for (int i = 0; i < task.steps().size(); i++) {
                    AgentNetBench.StepScore ours = task.steps().get(i);
                    JsonNode their = theirs.next();
                    double difference = difference(ours, their);
                    worst = Math.max(worst, difference);
                    steps++;
                    if (difference <= 1e-9) {
                        agree++;
                    } else if (disagreements.size() < 20) {
                        disagreements.add(kinds.get(k).name() + " " + task.referenceId() + " step " + i + ": ours " + ours.total() + " "
                                + ours.byType() + ", published " + their);
                    }
                }
            }
        }
        System.out.printf(Locale.ROOT, "AgentNetBench 2025 against the published eval.py, code read as %s: %d of %d steps agree (%d kinds),"
                + " largest difference %.3g%n", reading.id(), agree, steps, kinds.size(), worst);
        assertEquals(published.size(), steps, "every case was compared");
        assertEquals(steps, agree, "steps that disagree:\n" + String.join("\n", disagreements));
    }

    /** How far apart two step scores are: in the total and in each type's score; 1 when they score other types. */
    private static double difference(AgentNetBench.StepScore ours, JsonNode their) {
        double difference = Math.abs(ours.total() - their.get("total").asDouble());
        Map<String, Double> theirTypes = new TreeMap<>();
        their.get("actions").properties().forEach(e -> theirTypes.put(e.getKey(), e.getValue().asDouble()));
        if (!theirTypes.keySet().equals(new TreeMap<>(ours.byType()).keySet())) {
            return 1;
        }
        for (var type : theirTypes.entrySet()) {
            difference = Math.max(difference, Math.abs(ours.byType().get(type.getKey()) - type.getValue()));
        }
        return difference;
    }

    @Test
    void theSampleTasksImportWithoutACodeProblemAndScoreOneAgainstThemselves(@TempDir Path dir) throws Exception {
        Path reference = dir.resolve("sample.jsonl");
        StringBuilder lines = new StringBuilder();
        try (var listing = Files.list(OPENCUA.resolve("sample_data"))) {
            for (Path file : listing.sorted().toList()) {
                lines.append(AgentNetBenchFormat.toTask(Json.MAPPER.readTree(file.toFile())).toJson()).append('\n');
            }
        }
        Files.writeString(reference, lines);
        EvaluationReport report = new EvaluateOperation(new EvaluateOperation.Options(new DatasetAddress.Folder(reference),
                new DatasetAddress.Folder(reference), null, null, AgentNetBench.Version.V2025, 1), null).run(Progress.NONE);
        assertTrue(report.unread().isEmpty(), report.unread().toString());
        assertEquals(54, report.tasks().stream().mapToInt(t -> t.steps().size()).sum());
        assertEquals(1.0, report.benchScore(), 1e-12);
    }

    private static JsonNode runPublished(ArrayNode cases, Path dir) throws IOException, InterruptedException {
        Path in = dir.resolve("cases.json");
        Path out = dir.resolve("scores.json");
        Json.MAPPER.writeValue(in.toFile(), cases);
        Process python = new ProcessBuilder("python3", DATA.resolve("differential.py").toString(), in.toString(), out.toString())
                .redirectErrorStream(true).start();
        String output = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(python.waitFor(2, TimeUnit.MINUTES), "python3 ended");
        assertEquals(0, python.exitValue(), "the published evaluator ran: " + output);
        return Json.MAPPER.readTree(out.toFile());
    }

    /** The predicted pairs as step code: {@code keywords} writes hotkey(keys=[...]), press(keys=[...]), write(message=...), x=/y=. */
    private static String code(List<Act> acts, boolean keywords) {
        List<String> lines = new ArrayList<>();
        for (Act act : acts) {
            String type = act.type();
            String call = switch (type) {
                case "click", "doubleClick", "rightClick", "tripleClick", "moveTo", "dragTo" -> {
                    double[] xy = (double[]) act.value();
                    String point = keywords ? "x=" + xy[0] + ", y=" + xy[1] : xy[0] + ", " + xy[1];
                    yield "pyautogui." + type + "(" + point + (type.equals("dragTo") ? ", button='left'" : "") + ")";
                }
                case "write" -> "pyautogui.write(" + (keywords ? "message=" : "") + python((String) act.value()) + ")";
                case "press", "hotkey" -> {
                    @SuppressWarnings("unchecked")
                    List<String> keys = (List<String>) act.value();
                    String list = String.join(", ", keys.stream().map(AgentNetBenchDifferentialTest::python).toList());
                    yield "pyautogui." + type + "(" + (keywords ? "keys=[" + list + "]"
                            : type.equals("hotkey") ? list : keys.size() == 1 ? list : "[" + list + "]") + ")";
                }
                case "scroll" -> act.value() instanceof int[] at ? "pyautogui.scroll(" + at[0] + ", x=0.5, y=0.5)" : "pyautogui.scroll(" + act.value() + ")";
                case "terminate" -> "computer.terminate(status=" + python((String) act.value()) + ")";
                default -> throw new IllegalArgumentException(type);
            };
            lines.add(call);
        }
        return String.join("\n", lines);
    }

    private static String python(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'";
    }

    // ---- the predictions, each derived from a reference step ----

    private static List<Act> truth(JsonNode actions) {
        List<Act> acts = new ArrayList<>();
        for (JsonNode action : actions) {
            String type = action.get("type").asText();
            JsonNode params = action.get("params");
            acts.add(switch (type) {
                case "write" -> new Act(type, params.get("text").asText());
                case "press", "hotkey" -> new Act(type, keys(params.get("keys")));
                case "scroll" -> new Act(type, params.get("amount").asInt());
                case "terminate" -> new Act(type, params.get("status").asText());
                default -> new Act(type, new double[] {params.get("position").get("x").asDouble(), params.get("position").get("y").asDouble()});
            });
        }
        return acts;
    }

    private static List<String> keys(JsonNode keys) {
        List<String> list = new ArrayList<>();
        keys.forEach(k -> list.add(k.asText()));
        return list;
    }

    private static List<Act> map(Step step, Function<Act, List<Act>> change) {
        List<Act> acts = new ArrayList<>();
        truth(step.truth()).forEach(a -> acts.addAll(change.apply(a)));
        return acts;
    }

    private static Function<Step, List<Act>> points(double dx, double dy) {
        return step -> map(step, a -> List.of(a.value() instanceof double[] xy ? new Act(a.type(), new double[] {xy[0] + dx, xy[1] + dy}) : a));
    }

    /** Points moved by (dx, dy) toward the middle of the screen, so that they stay on it. */
    private static Function<Step, List<Act>> towardTheCentre(double dx, double dy) {
        return step -> map(step, a -> List.of(a.value() instanceof double[] xy
                ? new Act(a.type(), new double[] {xy[0] > 0.5 ? xy[0] - dx : xy[0] + dx, xy[1] > 0.5 ? xy[1] - dy : xy[1] + dy}) : a));
    }

    private static Function<Step, List<Act>> texts(Function<String, String> change) {
        return step -> map(step, a -> List.of(a.type().equals("write") ? new Act("write", change.apply((String) a.value())) : a));
    }

    @SuppressWarnings("unchecked")
    private static Function<Step, List<Act>> keyLists(Function<List<String>, List<String>> change) {
        return step -> map(step, a -> List.of(a.value() instanceof List<?> keys ? new Act(a.type(), change.apply((List<String>) keys)) : a));
    }

    /** Points moved to a corner of the action's first box (inside when {@code inside}, just beyond it else). */
    private static Function<Step, List<Act>> boxCorner(boolean inside) {
        return step -> {
            List<Act> acts = truth(step.truth());
            for (int i = 0; i < acts.size(); i++) {
                JsonNode box = step.truth().get(i).path("metadata").path("bboxes").path(0).path("rel_bbox");
                if (acts.get(i).value() instanceof double[] && box.isArray()) {
                    double x = box.get(0).asDouble() + box.get(2).asDouble() * (inside ? 0.97 : 1) + (inside ? 0 : 0.002);
                    double y = box.get(1).asDouble() + box.get(3).asDouble() * (inside ? 0.97 : 1) + (inside ? 0 : 0.002);
                    acts.set(i, new Act(acts.get(i).type(), new double[] {Math.min(1, x), Math.min(1, y)})); // a box to the screen's edge has no outside there
                }
            }
            return acts;
        };
    }

    private static List<Kind> kinds() {
        List<Kind> kinds = new ArrayList<>();
        kinds.add(new Kind("exact", step -> truth(step.truth())));
        kinds.add(new Kind("jitter within the threshold", points(0.005, -0.004)));
        kinds.add(new Kind("jitter beyond it", points(0.02, 0.02)));
        kinds.add(new Kind("far off", towardTheCentre(0.1, 0.07)));
        kinds.add(new Kind("inside the box", boxCorner(true)));
        kinds.add(new Kind("just outside the box", boxCorner(false)));
        kinds.add(new Kind("many decimals", points(0.0012345678901, -0.00098765432101)));
        kinds.add(new Kind("one character edited", texts(t -> t.isEmpty() ? "x" : t.substring(0, t.length() - 1) + "x")));
        kinds.add(new Kind("half the text", texts(t -> t.substring(0, t.length() / 2))));
        kinds.add(new Kind("upper case", texts(t -> t.toUpperCase(Locale.ROOT))));
        kinds.add(new Kind("no-break spaces around", texts(t -> "\u00a0" + t.strip() + "\u00a0\u2007")));
        kinds.add(new Kind("Enter pressed apart", step -> map(step, a -> a.type().equals("write")
                ? List.of(new Act("write", ((String) a.value()).replace("\n", "")), new Act("press", List.of("enter"))) : List.of(a))));
        kinds.add(new Kind("no Enter", texts(t -> t.replace("\n", ""))));
        kinds.add(new Kind("keys reversed", keyLists(k -> k.reversed())));
        kinds.add(new Kind("keys in upper case", keyLists(k -> k.stream().map(s -> s.toUpperCase(Locale.ROOT)).toList())));
        kinds.add(new Kind("other keys", keyLists(k -> List.of("alt", "f4"))));
        kinds.add(new Kind("a repeated key", keyLists(k -> { List<String> more = new ArrayList<>(k); more.add(k.get(0)); return more; })));
        kinds.add(new Kind("hotkey and press swapped", step -> map(step, a -> List.of(a.type().equals("hotkey") ? new Act("press", a.value())
                : a.type().equals("press") ? new Act("hotkey", a.value()) : a))));
        kinds.add(new Kind("wrong first type", step -> {
            List<Act> acts = truth(step.truth());
            acts.set(0, acts.get(0).type().equals("write") ? new Act("click", new double[] {0.5, 0.5}) : new Act("write", "hello"));
            return acts;
        }));
        kinds.add(new Kind("an extra click", step -> { List<Act> acts = truth(step.truth()); acts.add(new Act("click", new double[] {0.5, 0.5})); return acts; }));
        kinds.add(new Kind("the last action missing", step -> { List<Act> acts = truth(step.truth()); return acts.subList(0, acts.size() - 1); }));
        kinds.add(new Kind("nothing predicted", step -> List.of()));
        kinds.add(new Kind("terminate success", step -> List.of(new Act("terminate", "success"))));
        kinds.add(new Kind("terminate failure", step -> List.of(new Act("terminate", "failure"))));
        kinds.add(new Kind("doubleClick for click", step -> map(step, a -> List.of(a.type().equals("click") ? new Act("doubleClick", a.value()) : a))));
        kinds.add(new Kind("a moveTo first", step -> { List<Act> acts = truth(step.truth()); acts.add(0, new Act("moveTo", new double[] {0.3, 0.3})); return acts; }));
        kinds.add(new Kind("order reversed", step -> truth(step.truth()).reversed()));
        kinds.add(new Kind("scroll the other way", step -> map(step, a -> List.of(a.type().equals("scroll") ? new Act("scroll", -2 * (Integer) a.value()) : a))));
        kinds.add(new Kind("the next step's truth", step -> truth(step.next())));
        kinds.add(new Kind("the alternative", step -> step.alternative() == null ? towardTheCentre(0.05, 0).apply(step) : truth(step.alternative())));
        return kinds;
    }
}
