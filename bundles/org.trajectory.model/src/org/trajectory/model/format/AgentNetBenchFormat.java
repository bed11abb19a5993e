package org.trajectory.model.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.trajectory.model.Json;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.Action.ClickKind;
import org.trajectory.model.action.Action.Point;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ActionPrinter;
import org.trajectory.model.action.ParsedCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * AgentNetBench's task files (OpenCUA's {@code evaluation/agentnetbench/sample_data/*.json}) and our records, both ways.
 * A benchmark step's truth is its {@code ground_truth_actions}; they become the step's code (coordinates as precise as
 * given), each action's {@code metadata.bboxes} its {@link Step#ACTION_BOXES}, the {@code alternative_options} its
 * {@link Step#ALTERNATIVES}. The step's own {@code action} code (what was recorded, which the ground truth sometimes
 * corrects), {@code step_num} and {@code milestone} are kept beside for the way back; so is {@code meta_info}.
 *
 * @since 0.1
 */
public final class AgentNetBenchFormat {

    /** The step field keeping a benchmark step's recorded {@code action} code where it differs from its ground truth. */
    public static final String RECORDED_CODE = "recorded_code";
    public static final String STEP_NUM = "step_num";
    public static final String MILESTONE = "milestone";
    public static final String META_INFO = "meta_info";

    private AgentNetBenchFormat() {
    }

    /** The task of one task file, as our record; a field that cannot be read is a {@link RecordFormatException} saying where. */
    public static Task toTask(JsonNode file) throws RecordFormatException {
        if (!(file instanceof ObjectNode bench)) {
            throw new RecordFormatException("an AgentNetBench task file holds one JSON object");
        }
        if (!bench.path(Task.TASK_ID).isTextual()) {
            throw new RecordFormatException("task_id must be a string");
        }
        ObjectNode task = Json.MAPPER.createObjectNode().put(Task.TASK_ID, bench.get(Task.TASK_ID).asText());
        copyText(bench, "high_level_task_description", task, Task.INSTRUCTION);
        copyText(bench, "user_task_description", task, Task.NATURAL_LANGUAGE_TASK);
        JsonNode meta = bench.get(META_INFO);
        if (meta != null && meta.isObject()) {
            task.set(META_INFO, meta);
            JsonNode screen = meta.path("screen_resolution");
            if (screen.path("width").isNumber() && screen.path("height").isNumber()) {
                task.put("screen_width", screen.get("width").asInt()).put("screen_height", screen.get("height").asInt());
            }
            if (meta.path("system").isTextual()) {
                task.put(Task.OS, meta.get("system").asText());
            }
        }
        ArrayNode traj = task.putArray(Task.TRAJ);
        JsonNode steps = bench.path("steps");
        if (!steps.isArray()) {
            throw new RecordFormatException("steps must be a list");
        }
        for (int i = 0; i < steps.size(); i++) {
            traj.add(step(steps.get(i), i, "steps[" + i + "]"));
        }
        return Task.of(task);
    }

    private static ObjectNode step(JsonNode bench, int index, String where) throws RecordFormatException {
        ObjectNode step = Json.MAPPER.createObjectNode().put(Step.INDEX, index);
        copyText(bench, "image", step, Step.IMAGE);
        Way truth = way(bench.path("ground_truth_actions"), where + ".ground_truth_actions");
        ObjectNode value = step.putObject(Step.VALUE).put(Step.CODE, truth.code());
        JsonNode monologue = bench.path("inner_monologue");
        copyText(monologue, "observation", value, Step.OBSERVATION);
        copyText(monologue, "thought", value, Step.THOUGHT);
        copyText(monologue, "low_level_instruction", value, Step.ACTION);
        if (bench.path("action").isTextual() && !bench.get("action").asText().equals(truth.code())) {
            step.put(RECORDED_CODE, bench.get("action").asText());
        }
        if (bench.has(STEP_NUM)) {
            step.set(STEP_NUM, bench.get(STEP_NUM));
        }
        if (bench.has(MILESTONE)) {
            step.set(MILESTONE, bench.get(MILESTONE));
        }
        truth.putInto(step);
        JsonNode options = bench.path("alternative_options");
        if (options.isArray()) { // kept even when empty, so that the file comes back as it was
            ArrayNode alternatives = step.putArray(Step.ALTERNATIVES);
            for (int k = 0; k < options.size(); k++) {
                Way other = way(options.get(k), where + ".alternative_options[" + k + "]");
                other.putInto(alternatives.addObject().put(Step.CODE, other.code()));
            }
        }
        return step;
    }

    /** A way of doing a step: its code, each action's relative boxes, and the rest of each box as it came (or null). */
    private record Way(String code, ArrayNode boxes, ArrayNode boxDetails) {

        void putInto(ObjectNode holder) {
            holder.set(Step.ACTION_BOXES, boxes);
            if (boxDetails != null) {
                holder.set(Step.ACTION_BOX_DETAILS, boxDetails);
            }
        }
    }

    private static Way way(JsonNode actions, String where) throws RecordFormatException {
        if (!actions.isArray()) {
            throw new RecordFormatException(where + " must be a list");
        }
        List<Action> read = new ArrayList<>();
        ArrayNode boxes = Json.MAPPER.createArrayNode();
        ArrayNode details = Json.MAPPER.createArrayNode();
        boolean detailed = false;
        for (int i = 0; i < actions.size(); i++) {
            read.add(action(actions.get(i), where + "[" + i + "]"));
            ArrayNode own = boxes.addArray();
            ArrayNode ownDetails = details.addArray();
            for (JsonNode box : actions.get(i).path("metadata").path("bboxes")) {
                JsonNode relative = box.path("rel_bbox");
                if (relative.isArray() && relative.size() == 4) {
                    own.add(relative);
                    ObjectNode rest = box.deepCopy();
                    rest.remove("rel_bbox");
                    ownDetails.add(rest);
                    detailed |= !rest.isEmpty();
                }
            }
        }
        return new Way(ActionPrinter.print(read), boxes, detailed ? details : null);
    }

    /** One ground-truth action: {@code {type, params: {position: {x, y}, text|content, keys, amount, status}}}. */
    static Action action(JsonNode action, String where) throws RecordFormatException {
        String type = action.path("type").asText("");
        JsonNode params = action.path("params");
        return switch (type.toLowerCase(Locale.ROOT)) {
            case "click" -> new Action.Click(ClickKind.CLICK, point(params, where, false));
            case "doubleclick" -> new Action.Click(ClickKind.DOUBLE_CLICK, point(params, where, false));
            case "tripleclick" -> new Action.Click(ClickKind.TRIPLE_CLICK, point(params, where, false));
            case "rightclick" -> new Action.Click(ClickKind.RIGHT_CLICK, point(params, where, false));
            case "middleclick" -> new Action.Click(ClickKind.MIDDLE_CLICK, point(params, where, false));
            case "moveto" -> new Action.MoveTo(point(params, where, true));
            case "dragto" -> new Action.DragTo(point(params, where, true), Action.Button.LEFT);
            case "scroll" -> new Action.Scroll(amount(params, where), point(params, where, false));
            case "hscroll" -> new Action.HScroll(amount(params, where), point(params, where, false));
            case "write", "typewrite" -> new Action.Write(text(params, where));
            case "press" -> new Action.Press(keys(params, where), 1);
            case "hotkey" -> new Action.Hotkey(keys(params, where));
            case "terminate" -> new Action.Terminate(params.path("status").asText("success"));
            default -> throw new RecordFormatException(where + ".type '" + type + "' is not an action AgentNetBench knows");
        };
    }

    private static Point point(JsonNode params, String where, boolean required) throws RecordFormatException {
        JsonNode position = params.path("position");
        if (position.path("x").isNumber() && position.path("y").isNumber()) {
            return new Point(position.get("x").asDouble(), position.get("y").asDouble());
        }
        if (required || !position.isMissingNode()) {
            throw new RecordFormatException(where + ".params.position must be {\"x\": number, \"y\": number}");
        }
        return null;
    }

    private static int amount(JsonNode params, String where) throws RecordFormatException {
        if (!params.path("amount").isIntegralNumber()) {
            throw new RecordFormatException(where + ".params.amount must be a whole number");
        }
        return params.get("amount").asInt();
    }

    private static String text(JsonNode params, String where) throws RecordFormatException {
        JsonNode text = params.has("text") ? params.get("text") : params.get("content");
        if (text == null || !text.isTextual()) {
            throw new RecordFormatException(where + ".params.text must be a string");
        }
        return text.asText();
    }

    private static List<String> keys(JsonNode params, String where) throws RecordFormatException {
        JsonNode keys = params.path("keys");
        List<String> read = new ArrayList<>();
        if (keys.isTextual()) {
            read.add(keys.asText());
        }
        for (JsonNode key : keys) {
            if (!key.isTextual()) {
                throw new RecordFormatException(where + ".params.keys must be a list of key names");
            }
            read.add(key.asText());
        }
        if (read.isEmpty()) {
            throw new RecordFormatException(where + ".params.keys must name at least one key");
        }
        return read;
    }

    private static void copyText(JsonNode from, String field, ObjectNode to, String as) {
        if (from.path(field).isTextual()) {
            to.put(as, from.get(field).asText());
        }
    }

    /**
     * Our task as an AgentNetBench task file. What the format cannot hold (a step whose code does not parse, a keyDown,
     * a sleep, a click without a position) is said in {@code problems} as "step N: what", and left out.
     */
    public static ObjectNode fromTask(Task task, List<String> problems) {
        ObjectNode bench = Json.MAPPER.createObjectNode().put(Task.TASK_ID, task.taskId());
        String instruction = task.instruction();
        String userTask = task.text(Task.NATURAL_LANGUAGE_TASK);
        bench.put("user_task_description", userTask != null ? userTask : instruction);
        bench.put("high_level_task_description", instruction);
        ArrayNode steps = bench.putArray("steps");
        List<Step> ours = task.steps();
        for (int i = 0; i < ours.size(); i++) {
            ObjectNode step = benchStep(ours.get(i), i, problems);
            if (step != null) {
                steps.add(step);
            }
        }
        JsonNode meta = task.json().get(META_INFO);
        if (meta != null && meta.isObject()) {
            bench.set(META_INFO, meta);
        } else if (task.number("screen_width") != null && task.number("screen_height") != null) {
            bench.putObject(META_INFO).putObject("screen_resolution").put("width", task.number("screen_width").intValue())
                    .put("height", task.number("screen_height").intValue());
        }
        return bench;
    }

    private static ObjectNode benchStep(Step step, int position, List<String> problems) {
        JsonNode json = step.json();
        ArrayNode truth = groundTruth(step.code(), json, "step " + position, problems);
        if (truth == null) {
            return null;
        }
        ObjectNode bench = Json.MAPPER.createObjectNode();
        bench.set(STEP_NUM, json.has(STEP_NUM) ? json.get(STEP_NUM) : Json.MAPPER.getNodeFactory().numberNode(position));
        if (step.image() != null) {
            bench.put("image", step.image());
        }
        bench.put("action", json.path(RECORDED_CODE).isTextual() ? json.get(RECORDED_CODE).asText() : step.code());
        bench.put(MILESTONE, json.path(MILESTONE).asBoolean(false));
        ObjectNode monologue = bench.putObject("inner_monologue");
        putText(monologue, "observation", step.text(Step.OBSERVATION));
        putText(monologue, "thought", step.text(Step.THOUGHT));
        putText(monologue, "low_level_instruction", step.text(Step.ACTION));
        bench.set("ground_truth_actions", truth);
        JsonNode alternatives = json.path(Step.ALTERNATIVES);
        if (alternatives.isArray()) {
            ArrayNode options = bench.putArray("alternative_options");
            for (int k = 0; k < alternatives.size(); k++) {
                JsonNode alternative = alternatives.get(k);
                ArrayNode other = groundTruth(alternative.path(Step.CODE).asText(""), alternative, "step " + position + " alternative " + k, problems);
                if (other != null) {
                    options.add(other);
                }
            }
        }
        return bench;
    }

    /** The ground-truth actions of {@code code}, each with its boxes from {@code holder}; null when the code cannot be held. */
    private static ArrayNode groundTruth(String code, JsonNode holder, String where, List<String> problems) {
        ParsedCode parsed = ActionParser.parse(code == null ? "" : code);
        if (!parsed.ok()) {
            problems.add(where + ": code " + parsed.problems().get(0) + "; left out");
            return null;
        }
        ArrayNode actions = Json.MAPPER.createArrayNode();
        JsonNode boxes = holder.get(Step.ACTION_BOXES);
        JsonNode details = holder.path(Step.ACTION_BOX_DETAILS);
        boolean elementGiven = false;
        for (int i = 0; i < parsed.actions().size(); i++) {
            Action action = parsed.actions().get(i);
            ObjectNode written = groundTruth(action);
            if (written == null) {
                problems.add(where + ": " + ActionPrinter.print(action) + " has no AgentNetBench form; left out");
                continue;
            }
            ObjectNode metadata = written.putObject("metadata");
            if (!written.path("params").has("position")) {
                actions.add(written);
                continue;
            }
            ArrayNode own = metadata.putArray("bboxes");
            JsonNode given = boxes != null && boxes.isArray() ? boxes.get(i) : null;
            boolean pointer = !(action instanceof Action.Scroll || action instanceof Action.HScroll);
            if (given == null && pointer && !elementGiven && holder.path(Step.ELEMENT).path("bbox").isArray()) {
                given = Json.MAPPER.createArrayNode().add(holder.path(Step.ELEMENT).get("bbox")); // the element a recording captured
            }
            elementGiven |= pointer;
            if (given != null) {
                for (int j = 0; j < given.size(); j++) {
                    ObjectNode box = own.addObject();
                    box.set("rel_bbox", given.get(j));
                    if (details.path(i).path(j).isObject() && boxes != null && given == boxes.get(i)) {
                        box.setAll((ObjectNode) details.path(i).path(j).deepCopy()); // abs_bbox, area, category_id as they came
                        box.set("rel_bbox", given.get(j));
                    }
                }
            }
            actions.add(written);
        }
        return actions;
    }

    private static ObjectNode groundTruth(Action action) {
        ObjectNode written = Json.MAPPER.createObjectNode();
        ObjectNode params = Json.MAPPER.createObjectNode();
        switch (action) {
            case Action.Click c -> {
                if (c.at() == null) {
                    return null;
                }
                position(params, c.at());
            }
            case Action.MoveTo m -> position(params, m.to());
            case Action.DragTo d -> position(params, d.to());
            case Action.Scroll s -> position(params, s.at()).put("amount", s.clicks());
            case Action.HScroll s -> position(params, s.at()).put("amount", s.clicks());
            case Action.Write w -> params.put("text", w.text());
            case Action.Press p -> {
                ArrayNode keys = params.putArray("keys");
                for (int i = 0; i < p.presses(); i++) {
                    p.keys().forEach(keys::add);
                }
            }
            case Action.Hotkey h -> h.keys().forEach(params.putArray("keys")::add);
            case Action.Terminate t -> params.put("status", t.status());
            case Action.KeyDown k -> {
                return null;
            }
            case Action.KeyUp k -> {
                return null;
            }
            case Action.Sleep s -> {
                return null;
            }
        }
        written.put("type", action.function());
        written.set("params", params);
        return written;
    }

    private static ObjectNode position(ObjectNode params, Point point) {
        if (point != null) {
            params.putObject("position").put("x", point.x()).put("y", point.y());
        }
        return params;
    }

    private static void putText(ObjectNode to, String field, String text) {
        if (text != null) {
            to.put(field, text);
        }
    }
}
