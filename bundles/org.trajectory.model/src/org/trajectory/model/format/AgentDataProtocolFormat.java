package org.trajectory.model.format;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.trajectory.model.Json;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ActionPrinter;
import org.trajectory.model.action.ParsedCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The Agent Data Protocol's standardized trajectories (neulab/agent-data-protocol, schema 1.2.0) and our records, both
 * ways, laid out as ADP's own AgentNet converter ({@code datasets/agentnet/raw_to_standardized.py}) lays them out: a
 * {@code text_observation} from the user with the instruction, then per step an {@code image_observation} (its
 * screenshot, {@value #SCREENSHOTS}NAME) and one {@code api_action} per call of the step's code, the call's name as
 * {@code function}, its arguments as {@code kwargs} (positional ones named as PyAutoGUI names them), the step's thought
 * as the first action's {@code description}.
 * <p>
 * ADP keeps no observation, action sentence, reflection or correctness flags per step, and only a few task fields;
 * its {@code details} hold what a dataset wants to add, so the rest of our record goes there, under
 * {@value #KEPT}, and comes back on import: AgentNet to ADP and back is exact.
 * <p>
 * Other people's ADP files are read for what ADP expresses: a {@code code_action} is a step's code (PyAutoGUI, as
 * OmniACT's is); a {@code message_action} before anything happened is the task (ADP's Android converters give the goal
 * so), after that the agent's final answer ({@value #FINAL_ANSWER}). What our records cannot hold (an Android
 * {@code open_app}, a web observation) is kept as it came in the step's {@link Step#NOT_HELD}, with why, and the
 * rest of the trajectory is kept: nothing is refused whole for one action.
 *
 * @since 0.1
 */
public final class AgentDataProtocolFormat {

    public static final String SCHEMA_VERSION = "1.2.0";
    /** Where ADP's AgentNet converter says a screenshot is, before its name. */
    public static final String SCREENSHOTS = "datasets/agentnet/screenshots/";
    /** The key in {@code details} under which the rest of our record is kept for the way back. */
    public static final String KEPT = "trajectory_workbench";
    /** In each kept step: how many content items (its screenshot and actions) it has, so that the steps come back as they were. */
    private static final String LAYOUT = "adp";
    /** The task's field for the agent's last message (ADP's closing {@code message_action}). */
    public static final String FINAL_ANSWER = "final_answer";
    private static final Set<String> SCORES = Set.of(Task.TASK_COMPLETED, Task.ALIGNMENT_SCORE, Task.EFFICIENCY_SCORE, Task.TASK_DIFFICULTY);

    private AgentDataProtocolFormat() {
    }

    /** A standardized trajectory as our record; what cannot be read is a {@link RecordFormatException} saying where. */
    public static Task toTask(JsonNode trajectory) throws RecordFormatException {
        if (!(trajectory instanceof ObjectNode adp) || !adp.path("id").isTextual() || !adp.path("content").isArray()) {
            throw new RecordFormatException("an ADP trajectory is an object with an \"id\" string and a \"content\" list");
        }
        JsonNode kept = adp.path("details").path(KEPT);
        ObjectNode task = Json.MAPPER.createObjectNode().put(Task.TASK_ID, adp.get("id").asText());
        List<JsonNode> items = new ArrayList<>();
        JsonNode content = adp.get("content");
        for (int i = 0; i < content.size(); i++) {
            JsonNode item = content.get(i);
            String kind = item.path("class_").asText("");
            switch (kind) {
                case "text_observation" -> {
                    if (!task.has(Task.INSTRUCTION) && "user".equals(item.path("source").asText()) && item.path("content").isTextual()) {
                        task.put(Task.INSTRUCTION, item.get("content").asText());
                    }
                }
                case "message_action" -> {
                    if (item.path("content").isTextual() && items.isEmpty() && !task.has(Task.INSTRUCTION)) {
                        task.put(Task.INSTRUCTION, item.get("content").asText());
                    } else if (item.path("content").isTextual()) {
                        task.put(FINAL_ANSWER, item.get("content").asText());
                    }
                }
                case "image_observation", "api_action", "code_action", "web_observation" -> items.add(item);
                default -> throw new RecordFormatException("content[" + i + "].class_ '" + kind + "' is not one ADP defines");
            }
        }
        if (!task.has(Task.INSTRUCTION)) {
            task.put(Task.INSTRUCTION, "");
        }
        restoreTask(task, adp.path("details"), kept);
        ArrayNode traj = task.putArray(Task.TRAJ);
        for (List<JsonNode> stepItems : steps(items, kept.path("steps"))) {
            ObjectNode step = step(stepItems, traj.addObject().put(Step.INDEX, traj.size() - 1));
            restoreStep(step, kept.path("steps").path(traj.size() - 1));
        }
        return Task.of(task);
    }

    /** One step of ADP content: its screenshot, its actions as our code (what we cannot hold kept aside), its thought. */
    private static ObjectNode step(List<JsonNode> stepItems, ObjectNode step) throws RecordFormatException {
        ObjectNode value = step.putObject(Step.VALUE).put(Step.CODE, "");
        List<String> calls = new ArrayList<>();
        for (JsonNode item : stepItems) {
            String kind = item.path("class_").asText();
            if (kind.equals("image_observation")) {
                String path = item.path("content").asText("");
                step.put(Step.IMAGE, path.substring(path.lastIndexOf('/') + 1));
                continue;
            }
            String why = notHeld(item);
            if (why != null) {
                ObjectNode asItCame = ((ObjectNode) item).deepCopy().put("not_held_because", why);
                (step.has(Step.NOT_HELD) ? (ArrayNode) step.get(Step.NOT_HELD) : step.putArray(Step.NOT_HELD)).add(asItCame);
                continue;
            }
            calls.add(kind.equals("code_action") ? item.get("content").asText().strip()
                    : call(item, "action " + calls.size() + " of step " + step.path(Step.INDEX).asInt()));
            if (item.path("description").isTextual() && !item.get("description").asText().isEmpty() && !value.has(Step.THOUGHT)) {
                value.put(Step.THOUGHT, item.get("description").asText());
            }
            if (item.path("reasoning_content").isTextual()) {
                step.put("reasoning_content", item.get("reasoning_content").asText());
            }
        }
        String code = String.join("\n", calls);
        ParsedCode parsed = ActionParser.parse(code);
        value.put(Step.CODE, parsed.ok() ? ActionPrinter.print(parsed.actions()) : code); // what we write; as given when it does not parse
        return step;
    }

    /**
     * The content's screenshots and actions grouped into steps: by the counts our export kept in {@code details} when it
     * is ours, else a step begins at each screenshot (an action before any screenshot begins a step of its own).
     */
    private static List<List<JsonNode>> steps(List<JsonNode> items, JsonNode keptSteps) {
        List<List<JsonNode>> steps = new ArrayList<>();
        int at = 0;
        if (keptSteps.isArray() && !keptSteps.isEmpty()) {
            for (JsonNode kept : keptSteps) {
                int count = kept.path(LAYOUT).path("items").asInt(0);
                steps.add(new ArrayList<>(items.subList(Math.min(at, items.size()), Math.min(at + count, items.size()))));
                at += count;
            }
        }
        for (; at < items.size(); at++) {
            JsonNode item = items.get(at);
            if (steps.isEmpty() || item.path("class_").asText().equals("image_observation")) {
                steps.add(new ArrayList<>());
            }
            steps.get(steps.size() - 1).add(item);
        }
        return steps;
    }

    /**
     * Why an item cannot be a line of our code (a web observation; code in another language; a call that is no
     * PyAutoGUI action our records hold, such as Android's {@code open_app} or OmniACT's pixel points), or null.
     */
    private static String notHeld(JsonNode item) {
        String kind = item.path("class_").asText();
        if (kind.equals("web_observation")) {
            return "a web page observation, which a computer-use step does not hold";
        }
        if (kind.equals("code_action") && !item.path("language").asText("python").equals("python")) {
            return "code in " + item.path("language").asText() + ", not PyAutoGUI";
        }
        String code;
        try {
            code = kind.equals("code_action") ? item.path("content").asText("") : call(item, "the action");
        } catch (RecordFormatException e) {
            return e.getMessage();
        }
        ParsedCode parsed = ActionParser.parse(code);
        return parsed.ok() && !parsed.actions().isEmpty() ? null : "not a PyAutoGUI action our records hold"
                + (parsed.ok() ? "" : ": " + parsed.problems().get(0));
    }

    /** One api_action as a line of our code: {@code pyautogui.FUNCTION(NAME=VALUE, ...)} ({@code computer.terminate}). */
    private static String call(JsonNode action, String where) throws RecordFormatException {
        String function = action.path("function").asText("");
        if (!function.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new RecordFormatException(where + ": function '" + function + "' is not a function name");
        }
        List<String> arguments = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = action.path("kwargs").fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> argument = it.next();
            // ADP names press's first argument "key"; PyAutoGUI names it "keys"
            String name = function.equals("press") && argument.getKey().equals("key") ? "keys" : argument.getKey();
            arguments.add(name + "=" + python(argument.getValue(), where + ": kwargs." + argument.getKey()));
        }
        return (function.equals("terminate") ? "computer." : "pyautogui.") + function + "(" + String.join(", ", arguments) + ")";
    }

    /** A JSON value as the Python literal ADP's converter read it from. */
    private static String python(JsonNode value, String where) throws RecordFormatException {
        if (value.isTextual()) {
            return ActionPrinter.quote(value.asText());
        }
        if (value.isNumber()) {
            return value.asText();
        }
        if (value.isBoolean()) {
            return value.asBoolean() ? "True" : "False";
        }
        if (value.isNull()) {
            return "None";
        }
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            for (int i = 0; i < value.size(); i++) {
                items.add(python(value.get(i), where + "[" + i + "]"));
            }
            return "[" + String.join(", ", items) + "]";
        }
        throw new RecordFormatException(where + " is an object, which no PyAutoGUI argument is");
    }

    private static void restoreTask(ObjectNode task, JsonNode details, JsonNode kept) {
        for (String score : SCORES) {
            JsonNode given = details.get(score);
            if (given != null && !kept.has(score) && given.isTextual()) {
                String text = given.asText(); // ADP's converter writes them as strings
                if (text.equals("True") || text.equals("False")) {
                    task.put(score, text.equals("True"));
                } else {
                    try {
                        task.put(score, Double.parseDouble(text));
                    } catch (NumberFormatException e) {
                        task.put(score, text);
                    }
                }
            }
        }
        kept.fields().forEachRemaining(field -> {
            if (!field.getKey().equals("steps")) {
                task.set(field.getKey(), field.getValue());
            }
        });
    }

    private static void restoreStep(ObjectNode step, JsonNode kept) {
        if (!kept.isObject()) {
            return;
        }
        ObjectNode value = (ObjectNode) step.get(Step.VALUE);
        kept.fields().forEachRemaining(field -> {
            if (field.getKey().equals(LAYOUT)) {
                return;
            }
            if (field.getKey().equals(Step.VALUE)) {
                field.getValue().fields().forEachRemaining(v -> value.set(v.getKey(), v.getValue()));
            } else {
                step.set(field.getKey(), field.getValue());
            }
        });
    }

    /**
     * Our task as a standardized trajectory. A step whose code does not parse cannot become api_actions: it is said in
     * {@code problems} as "step N: what" and its actions left out (its code is kept in {@code details}).
     */
    public static ObjectNode fromTask(Task task, List<String> problems) {
        ObjectNode adp = Json.MAPPER.createObjectNode().put("schema_version", SCHEMA_VERSION).put("id", task.taskId());
        ArrayNode content = adp.putArray("content");
        content.addObject().putNull("reward").put("class_", "text_observation").put("content", task.instruction() == null ? "" : task.instruction())
                .put("source", "user");
        ObjectNode details = Json.MAPPER.createObjectNode().put("dataset", "agentnet");
        ObjectNode kept = Json.MAPPER.createObjectNode();
        task.json().fields().forEachRemaining(field -> {
            String name = field.getKey();
            if (SCORES.contains(name) && (field.getValue().isNumber() || field.getValue().isBoolean())) {
                details.put(name, field.getValue().isBoolean() ? (field.getValue().asBoolean() ? "True" : "False") : field.getValue().asText());
            }
            if (!name.equals(Task.TASK_ID) && !name.equals(Task.INSTRUCTION) && !name.equals(Task.TRAJ)) {
                kept.set(name, field.getValue());
            }
        });
        ArrayNode keptSteps = Json.MAPPER.createArrayNode();
        List<Step> steps = task.steps();
        for (int i = 0; i < steps.size(); i++) {
            keptSteps.add(step(steps.get(i), i, content, problems));
        }
        kept.set("steps", keptSteps);
        details.set(KEPT, kept);
        adp.set("details", details);
        return adp;
    }

    /** Writes a step's screenshot and actions into {@code content}; what ADP does not hold, for {@code details}. */
    private static ObjectNode step(Step step, int position, ArrayNode content, List<String> problems) {
        ObjectNode kept = step.json().deepCopy();
        kept.remove(Step.IMAGE);
        ObjectNode value = (ObjectNode) kept.path(Step.VALUE);
        if (step.image() != null) {
            content.addObject().putNull("reward").put("class_", "image_observation").put("content", SCREENSHOTS + step.image())
                    .putNull("annotations").put("source", "user");
        }
        ParsedCode code = ActionParser.parse(step.code() == null ? "" : step.code());
        int items = step.image() == null ? 0 : 1;
        if (!code.ok() || code.actions().isEmpty()) {
            if (!code.ok()) {
                problems.add("step " + position + ": code " + code.problems().get(0) + "; its actions are left out of the ADP content");
            }
            kept.putObject(LAYOUT).put("items", items);
            return kept; // the code and the thought stay in details
        }
        String description = step.text(Step.THOUGHT) == null ? "" : step.text(Step.THOUGHT);
        for (Action action : code.actions()) {
            ObjectNode call = content.addObject().putNull("reasoning_content").putNull("reward").put("class_", "api_action");
            call.put("function", action.function());
            call.set("kwargs", kwargs(action));
            call.put("description", description);
            description = "";
            items++;
        }
        kept.putObject(LAYOUT).put("items", items);
        value.remove(Step.THOUGHT);
        if (ActionPrinter.print(code.actions()).equals(step.code())) {
            value.remove(Step.CODE); // the content says it exactly
        }
        if (value.isEmpty()) {
            kept.remove(Step.VALUE);
        }
        return kept;
    }

    /** The call's arguments by the names PyAutoGUI (and ADP's converter) give them. */
    private static ObjectNode kwargs(Action action) {
        ObjectNode kwargs = Json.MAPPER.createObjectNode();
        switch (action) {
            case Action.Click c -> point(kwargs, c.at());
            case Action.MoveTo m -> point(kwargs, m.to());
            case Action.DragTo d -> point(kwargs, d.to()).put("button", d.button().pythonName());
            case Action.Scroll s -> point(kwargs.put("clicks", s.clicks()), s.at());
            case Action.HScroll s -> point(kwargs.put("clicks", s.clicks()), s.at());
            case Action.Write w -> kwargs.put("message", w.text());
            case Action.Press p -> {
                if (p.keys().size() == 1) {
                    kwargs.put("key", p.keys().get(0));
                } else {
                    p.keys().forEach(kwargs.putArray("key")::add);
                }
                if (p.presses() != 1) {
                    kwargs.put("presses", p.presses());
                }
            }
            case Action.Hotkey h -> h.keys().forEach(kwargs.putArray("keys")::add);
            case Action.KeyDown k -> kwargs.put("key", k.key());
            case Action.KeyUp k -> kwargs.put("key", k.key());
            case Action.Sleep s -> kwargs.put("seconds", s.seconds());
            case Action.Terminate t -> kwargs.put("status", t.status());
        }
        return kwargs;
    }

    private static ObjectNode point(ObjectNode kwargs, Action.Point point) {
        if (point != null) {
            kwargs.put("x", point.x()).put("y", point.y());
        }
        return kwargs;
    }
}
