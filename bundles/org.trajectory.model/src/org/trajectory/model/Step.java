package org.trajectory.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One step of a trajectory: {@code {index, image, value: {code, observation, thought, action, reflection,
 * last_step_correct, last_step_redundant}}}. A view over the record's JSON, so fields it does not know survive.
 *
 * @since 0.1
 */
public final class Step {

    public static final String INDEX = "index";
    public static final String IMAGE = "image";
    public static final String VALUE = "value";
    public static final String CODE = "code";
    public static final String OBSERVATION = "observation";
    public static final String THOUGHT = "thought";
    public static final String ACTION = "action";
    public static final String REFLECTION = "reflection";
    public static final String LAST_STEP_CORRECT = "last_step_correct";
    public static final String LAST_STEP_REDUNDANT = "last_step_redundant";
    /** What the trajectory builder found doubtful about a step it made (an event left out, no screenshot), a list of lines. */
    public static final String BUILD_PROBLEMS = "build_problems";
    /**
     * What an imported file gave for a step that our record cannot hold (an Android {@code open_app}, a point in pixels
     * of an unknown screen), each item as it came with {@code not_held_because}: kept, and named by the import.
     */
    public static final String NOT_HELD = "not_held";
    /** The title of the window active when a recorded step began (our field, not AgentNet's). */
    public static final String WINDOW_TITLE = "window_title";
    /** The application of that window, its class or else its process (our field; AgentNet keeps applications apart). */
    public static final String APPLICATION = "application";
    /**
     * The element the step acted on, as the desktop's accessibility interface named it (our field): {@code role},
     * {@code name} (absent when none or kept private), {@code bbox} [x, y, width, height] normalized to [0,1] (as AgentNetBench's boxes), {@code cause}
     * (press: under the pointer; focus: the field that had the keyboard focus).
     */
    public static final String ELEMENT = "element";
    /** Element boxes {@code [[x, y, w, h], ...]} (normalized) around the step's target, when known (the corpus writes them). */
    public static final String BOXES = "bboxes";
    /**
     * Per call of the code, in order, the element boxes around that call's target: {@code [[[x, y, w, h], ...], ...]}
     * (AgentNetBench's {@code metadata.bboxes} of each ground-truth action, normalized). An action's own boxes, where
     * {@link #BOXES} and {@link #ELEMENT} are the step's.
     */
    public static final String ACTION_BOXES = "action_bboxes";
    /**
     * Beside {@link #ACTION_BOXES}, box for box, the rest of each box as an AgentNetBench file gave it
     * ({@code abs_bbox}, {@code area}, {@code category_id}), written back with it on export.
     */
    public static final String ACTION_BOX_DETAILS = "action_bbox_details";
    /**
     * Other ways of doing the step that are as right as its code (AgentNetBench's {@code alternative_options}):
     * {@code [{code, action_bboxes}, ...]}. A prediction is scored against the best of them when the code does not give it full marks.
     */
    public static final String ALTERNATIVES = "alternatives";
    /** An extracted step's evidence: what the extraction method read its action from (the offline method's, say "click-at-rest"). */
    public static final String EVIDENCE = "evidence";

    private final ObjectNode node;

    Step(ObjectNode node) {
        this.node = node;
    }

    public ObjectNode json() {
        return node;
    }

    public int index() {
        return node.path(INDEX).asInt();
    }

    /** The image file name, resolved against the dataset's images; null when the step has none. */
    public String image() {
        return Task.text(node, IMAGE);
    }

    /** The application the step was in ({@link #APPLICATION}), or null when the record does not say. */
    public String application() {
        String application = Task.text(node, APPLICATION);
        return application == null || application.isBlank() ? null : application;
    }

    public String code() {
        return Task.text(value(), CODE);
    }

    public String text(String valueField) {
        return Task.text(value(), valueField);
    }

    /** A true/false field of {@code value} ({@code last_step_correct}, {@code last_step_redundant}), or null. */
    public Boolean flag(String valueField) {
        JsonNode flag = node.path(VALUE).get(valueField);
        return flag != null && flag.isBoolean() ? flag.booleanValue() : null;
    }

    public void setText(String valueField, String text) {
        value().put(valueField, text);
    }

    private ObjectNode value() {
        JsonNode value = node.get(VALUE);
        return value instanceof ObjectNode object ? object : node.putObject(VALUE);
    }

    /** Checks the shape of a step; {@code where} prefixes every message (e.g. "traj[3]"). */
    static void check(JsonNode step, String where) throws RecordFormatException {
        if (!(step instanceof ObjectNode)) {
            throw new RecordFormatException(where + " must be an object");
        }
        if (!step.path(INDEX).isIntegralNumber()) {
            throw new RecordFormatException(where + ".index must be a whole number");
        }
        Task.optional(step, IMAGE, where, JsonNode::isTextual, "a string");
        JsonNode value = step.get(VALUE);
        if (!(value instanceof ObjectNode)) {
            throw new RecordFormatException(where + ".value must be an object");
        }
        if (!value.path(CODE).isTextual()) {
            throw new RecordFormatException(where + ".value.code must be a string");
        }
        for (String field : new String[] { OBSERVATION, THOUGHT, ACTION, REFLECTION }) {
            Task.optional(value, field, where + ".value", JsonNode::isTextual, "a string");
        }
        for (String field : new String[] { LAST_STEP_CORRECT, LAST_STEP_REDUNDANT }) {
            Task.optional(value, field, where + ".value", JsonNode::isBoolean, "true or false");
        }
    }
}
