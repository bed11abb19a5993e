package org.trajectory.evaluation.internal;

import java.util.ArrayList;
import java.util.List;

import org.trajectory.evaluation.Sharingan;
import org.trajectory.model.Json;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionParser;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What evaluation needs of a trajectory, and nothing else: per step its parsed actions and the words around them.
 * Small enough that 22,000 references stay in memory while the predictions stream past.
 *
 * @param screenWidth  the screen in pixels when the record says (AgentNet records do not), else null
 * @param screenHeight the same, for the height
 */
public record Trajectory(String taskId, Integer screenWidth, Integer screenHeight, List<StepActions> steps) {

    /** The step field that names where an action happened ("the Files window"), written by the corpus and by extraction. */
    public static final String CONTEXT = "context";
    /** The step field our builder writes: the title of the window that was active. Context when there is no {@link #CONTEXT}. */
    public static final String WINDOW_TITLE = "window_title";

    public Trajectory {
        steps = List.copyOf(steps);
    }

    /**
     * One step: its position, its code and the code's actions as a {@link Way} (null when the code does not parse: it
     * then scores nothing, unless it is read another way), the other ways the reference accepts, and Sharingan's words: {@code detail} is the step's action
     * sentence, {@code context} where it happened (null if the record has none).
     */
    public record StepActions(int index, String code, Way way, List<Way> alternatives, String detail, String context) {
        public StepActions {
            alternatives = List.copyOf(alternatives);
        }

        /** The code's actions, null when it does not parse. */
        public List<Action> actions() {
            return way == null ? null : way.actions();
        }
    }

    /**
     * One way of doing a step: its actions and, for each, the element boxes around its target (empty where none is
     * known), normalized [x, y, w, h].
     */
    public record Way(List<Action> actions, List<List<double[]>> boxes) {
        public Way {
            actions = List.copyOf(actions);
            boxes = List.copyOf(boxes);
        }
    }

    public static Trajectory of(Task task) {
        return of(task, null, new ArrayList<>());
    }

    /**
     * The trajectory of {@code task}; a step whose code does not parse scores nothing, and says so in {@code problems}
     * as "{@code where}: task ID step N: code LINE:COLUMN: what".
     */
    public static Trajectory of(Task task, String where, List<String> problems) {
        List<StepActions> steps = new ArrayList<>();
        List<Step> taskSteps = task.steps();
        for (int i = 0; i < taskSteps.size(); i++) {
            Step step = taskSteps.get(i);
            JsonNode json = step.json();
            String at = where + ": task " + task.taskId() + " step " + i;
            Way way = way(step.code(), json, where == null ? null : at + ": code ", problems);
            List<Way> alternatives = new ArrayList<>();
            for (JsonNode alternative : json.path(Step.ALTERNATIVES)) {
                Way other = way(text(alternative.get(Step.CODE)), alternative, where == null ? null : at + ": alternative code ", problems);
                if (other != null) {
                    alternatives.add(other);
                }
            }
            String context = text(json.get(CONTEXT));
            steps.add(new StepActions(i, step.code(), way, alternatives, blankToNull(step.text(Step.ACTION)),
                    context != null ? context : text(json.get(WINDOW_TITLE))));
        }
        Double width = task.number("screen_width");
        Double height = task.number("screen_height");
        return new Trajectory(task.taskId(), width == null ? null : width.intValue(), height == null ? null : height.intValue(), steps);
    }

    /** The actions of {@code code} with their boxes from {@code holder}; null (said in {@code problems} after {@code where}) when it does not parse. */
    private static Way way(String code, JsonNode holder, String where, List<String> problems) {
        var parsed = ActionParser.parse(code == null ? "" : code);
        if (!parsed.ok()) {
            if (where != null) {
                problems.add(where + parsed.problems().get(0) + "; the step scores nothing");
            }
            return null;
        }
        return new Way(parsed.actions(), boxes(parsed.actions(), holder));
    }

    private static String text(JsonNode node) {
        return node != null && node.isTextual() ? blankToNull(node.asText()) : null;
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }

    /**
     * Each action's boxes: its own ({@link Step#ACTION_BOXES}) when the record has them; else the step's ({@link
     * Step#BOXES}, or the box of the element a recording captured, {@link Step#ELEMENT}) go to its first pointer
     * action, which is the one they were captured for.
     */
    private static List<List<double[]>> boxes(List<Action> actions, JsonNode holder) {
        List<List<double[]>> boxes = new ArrayList<>();
        JsonNode own = holder.get(Step.ACTION_BOXES);
        if (own != null && own.isArray()) {
            for (int i = 0; i < actions.size(); i++) {
                boxes.add(boxList(own.get(i)));
            }
            return boxes;
        }
        JsonNode stepBoxes = holder.has(Step.BOXES) ? holder.get(Step.BOXES) : holder.path(Step.ELEMENT).has("bbox")
                ? Json.MAPPER.createArrayNode().add(holder.path(Step.ELEMENT).get("bbox")) : null;
        boolean given = false;
        for (Action action : actions) {
            boolean pointer = action instanceof Action.Click || action instanceof Action.MoveTo || action instanceof Action.DragTo;
            boxes.add(pointer && !given ? boxList(stepBoxes) : List.of());
            given |= pointer;
        }
        return boxes;
    }

    private static List<double[]> boxList(JsonNode node) {
        List<double[]> boxes = new ArrayList<>();
        if (node != null && node.isArray()) {
            for (JsonNode box : node) {
                if (box.isArray() && box.size() == 4 && box.get(0).isNumber() && box.get(1).isNumber() && box.get(2).isNumber()
                        && box.get(3).isNumber()) {
                    boxes.add(new double[] {box.get(0).asDouble(), box.get(1).asDouble(), box.get(2).asDouble(), box.get(3).asDouble()});
                }
            }
        }
        return boxes;
    }
}
