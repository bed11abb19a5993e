package org.trajectory.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One AgentNet trajectory record (a line of the JSONL), with the fields of the workbench's own metadata (os,
 * trajectory_id, domain, scores, submitter). A view over the record's JSON: fields it does not know, key order, null
 * versus absent and number types all survive, so a record read and written unchanged is equal as JSON.
 *
 * @since 0.1
 */
public final class Task {

    public static final String TASK_ID = "task_id";
    public static final String INSTRUCTION = "instruction";
    public static final String NATURAL_LANGUAGE_TASK = "natural_language_task";
    public static final String ACTUAL_TASK = "actual_task";
    public static final String TASK_COMPLETED = "task_completed";
    public static final String ALIGNMENT_SCORE = "alignment_score";
    public static final String EFFICIENCY_SCORE = "efficiency_score";
    public static final String TASK_DIFFICULTY = "task_difficulty";
    public static final String REASON = "reason";
    public static final String DOMAIN = "domain";
    public static final String TRAJ = "traj";
    public static final String OS = "os";
    public static final String TRAJECTORY_ID = "trajectory_id";
    public static final String SUBMITTER = "submitter";
    /** Criterion id to score in [0,1], e.g. {@code {"final_score": 0.82, "coherence_score": 0.9}}. */
    public static final String SCORES = "scores";
    /** An extracted task's object: method, model, video, rate, and the mean confidence of its actions. */
    public static final String EXTRACTION = "extraction";
    /** Who wrote the task's reasoning (our field): the annotator, its model and a digest of its prompts. */
    public static final String ANNOTATED_BY = "annotated_by";
    /** An extracted task's (in {@link #EXTRACTION}) or step's confidence, 0-1. */
    public static final String CONFIDENCE = "confidence";

    private static final String[] TEXT_FIELDS = { NATURAL_LANGUAGE_TASK, ACTUAL_TASK, REASON, DOMAIN, OS, TRAJECTORY_ID, SUBMITTER };
    private static final String[] NUMBER_FIELDS = { ALIGNMENT_SCORE, EFFICIENCY_SCORE, TASK_DIFFICULTY };

    private final ObjectNode node;

    private Task(ObjectNode node) {
        this.node = node;
    }

    /** Parses and checks one JSONL line. */
    public static Task parse(String json) throws RecordFormatException {
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new RecordFormatException(Json.describe(e));
        }
        return of(node);
    }

    /** Checks a parsed record and wraps it. */
    public static Task of(JsonNode node) throws RecordFormatException {
        if (!(node instanceof ObjectNode object)) {
            throw new RecordFormatException("a trajectory record must be a JSON object");
        }
        check(object);
        return new Task(object);
    }

    public ObjectNode json() {
        return node;
    }

    public String toJson() {
        return node.toString();
    }

    public String taskId() {
        return text(node, TASK_ID);
    }

    public String instruction() {
        return text(node, INSTRUCTION);
    }

    public String text(String field) {
        return text(node, field);
    }

    /** A 0-10 score of the record (alignment, efficiency, difficulty), or null. */
    public Double number(String field) {
        JsonNode value = node.get(field);
        return value != null && value.isNumber() ? value.doubleValue() : null;
    }

    /** The mean confidence of an extracted task's actions, or null for a task not extracted from a video. */
    public Double extractionConfidence() {
        JsonNode value = node.path(EXTRACTION).get(CONFIDENCE);
        return value != null && value.isNumber() ? value.doubleValue() : null;
    }

    public Boolean taskCompleted() {
        JsonNode value = node.get(TASK_COMPLETED);
        return value != null && value.isBoolean() ? value.booleanValue() : null;
    }

    /** A workbench score in [0,1] from {@code scores}, or null. */
    public Double score(String criterion) {
        JsonNode value = node.path(SCORES).get(criterion);
        return value != null && value.isNumber() ? value.doubleValue() : null;
    }

    public List<Step> steps() {
        JsonNode traj = node.get(TRAJ);
        List<Step> steps = new ArrayList<>(traj.size());
        for (JsonNode step : traj) {
            steps.add(new Step((ObjectNode) step));
        }
        return Collections.unmodifiableList(steps);
    }

    /** The record without its steps: what a table row needs. */
    public ObjectNode header() {
        ObjectNode header = node.deepCopy();
        header.remove(TRAJ);
        return header;
    }

    /** Puts a record back together from its header and its steps' JSON. */
    public static Task assemble(ObjectNode header, List<ObjectNode> steps) throws RecordFormatException {
        ObjectNode record = header.deepCopy();
        ArrayNode traj = Json.MAPPER.createArrayNode();
        steps.forEach(traj::add);
        record.set(TRAJ, traj);
        return of(record);
    }

    static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() ? value.textValue() : null;
    }

    private static void check(ObjectNode node) throws RecordFormatException {
        if (!node.path(TASK_ID).isTextual() || node.path(TASK_ID).textValue().isBlank()) {
            throw new RecordFormatException(TASK_ID + " must be a non-empty string");
        }
        if (!node.path(INSTRUCTION).isTextual()) {
            throw new RecordFormatException(INSTRUCTION + " must be a string");
        }
        for (String field : TEXT_FIELDS) {
            optional(node, field, "", JsonNode::isTextual, "a string");
        }
        for (String field : NUMBER_FIELDS) {
            optional(node, field, "", JsonNode::isNumber, "a number");
        }
        optional(node, TASK_COMPLETED, "", JsonNode::isBoolean, "true or false");
        optional(node, SCORES, "", JsonNode::isObject, "an object");
        JsonNode traj = node.get(TRAJ);
        if (traj == null || !traj.isArray()) {
            throw new RecordFormatException(TRAJ + " must be a list of steps");
        }
        for (int i = 0; i < traj.size(); i++) {
            Step.check(traj.get(i), TRAJ + "[" + i + "]");
        }
    }

    /** A field that may be absent or null, and otherwise must pass {@code test}. */
    static void optional(JsonNode node, String field, String where, Predicate<JsonNode> test, String expected)
            throws RecordFormatException {
        JsonNode value = node.get(field);
        if (value != null && !value.isNull() && !test.test(value)) {
            throw new RecordFormatException((where.isEmpty() ? "" : where + ".") + field + " must be " + expected
                    + ", not " + value.getNodeType().toString().toLowerCase());
        }
    }
}
