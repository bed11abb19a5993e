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
    /** Element boxes {@code [[x, y, w, h], ...]} (normalized) around the reference's target, when known. */
    public static final String BOXES = "bboxes";

    public Trajectory {
        steps = List.copyOf(steps);
    }

    /**
     * One step: its position, its code's actions (null when the code does not parse: it then scores nothing), and
     * Sharingan's words: {@code detail} is the step's action sentence, {@code context} where it happened (null if the
     * record has none).
     */
    public record StepActions(int index, List<Action> actions, String detail, String context, List<double[]> boxes) {
        public StepActions {
            actions = actions == null ? null : List.copyOf(actions);
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
            var parsed = ActionParser.parse(step.code() == null ? "" : step.code());
            if (!parsed.ok() && where != null) {
                problems.add(where + ": task " + task.taskId() + " step " + i + ": code " + parsed.problems().get(0) + "; the step scores nothing");
            }
            String context = text(step.json().get(CONTEXT));
            steps.add(new StepActions(i, parsed.ok() ? parsed.actions() : null, blankToNull(step.text(Step.ACTION)),
                    context != null ? context : text(step.json().get(WINDOW_TITLE)), boxes(step.json())));
        }
        Double width = task.number("screen_width");
        Double height = task.number("screen_height");
        return new Trajectory(task.taskId(), width == null ? null : width.intValue(), height == null ? null : height.intValue(), steps);
    }

    private static String text(JsonNode node) {
        return node != null && node.isTextual() ? blankToNull(node.asText()) : null;
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }

    /** The step's {@value #BOXES}, else the box of the element a recording captured for it ({@link Step#ELEMENT}). */
    private static List<double[]> boxes(JsonNode step) {
        JsonNode node = step.has(BOXES) ? step.get(BOXES) : step.path(Step.ELEMENT).has("bbox") ? Json.MAPPER.createArrayNode()
                .add(step.path(Step.ELEMENT).get("bbox")) : null;
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
