package org.trajectory.dataset;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import org.trajectory.model.Json;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Step;
import org.trajectory.model.Task;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

/**
 * A task being edited: its record and the stored image of each step. Immutable: every edit returns a new draft, so
 * an editor keeps the drafts before and after an edit for undo and redo, and saves one in a single transaction.
 *
 * @since 0.1
 */
public final class TaskDraft {

    private final ObjectNode record;
    private final List<String> images;
    private final long version;

    TaskDraft(ObjectNode record, List<String> images, long version) {
        if (record.path(Task.TRAJ).size() != images.size()) {
            throw new IllegalArgumentException("one image hash per step");
        }
        this.record = record;
        this.images = Collections.unmodifiableList(new ArrayList<>(images));
        this.version = version;
    }

    /**
     * The stored version of the task this draft was made from: a save is refused when the task has changed since
     * (another person's save). Not part of the draft's content: equal drafts may come from different versions.
     */
    public long version() {
        return version;
    }

    /** This draft, made from stored version {@code version} (after a save of one's own, the version it stored). */
    public TaskDraft at(long version) {
        return new TaskDraft(record, images, version);
    }

    public String taskId() {
        return record.path(Task.TASK_ID).asText();
    }

    /** The record as a Task; read-only by convention (edits go through this class). */
    public Task task() {
        try {
            return Task.of(record);
        } catch (RecordFormatException e) {
            throw new IllegalStateException("a draft always holds a well-formed record", e);
        }
    }

    public int stepCount() {
        return images.size();
    }

    /** The hash of the stored image of step {@code position}, or null. */
    public String image(int position) {
        return images.get(position);
    }

    public String stepText(int position, String field) {
        JsonNode value = step(position).path(Step.VALUE).get(field);
        return value != null && value.isTextual() ? value.textValue() : null;
    }

    /** A field of the step itself, beside its value ({@code element}, {@code window_title}...); a missing node when absent. */
    public JsonNode stepField(int position, String field) {
        return step(position).path(field);
    }

    /** {@code last_step_correct} or {@code last_step_redundant}: true, false, or null when unset. */
    public Boolean stepFlag(int position, String field) {
        JsonNode value = step(position).path(Step.VALUE).get(field);
        return value != null && value.isBoolean() ? value.booleanValue() : null;
    }

    public String taskText(String field) {
        JsonNode value = record.get(field);
        return value != null && value.isTextual() ? value.textValue() : null;
    }

    public Double taskNumber(String field) {
        JsonNode value = record.get(field);
        return value != null && value.isNumber() ? value.doubleValue() : null;
    }

    private ObjectNode step(int position) {
        return (ObjectNode) record.get(Task.TRAJ).get(position);
    }

    // Edits. Each returns a new draft and leaves this one as it was.

    public TaskDraft withStepText(int position, String field, String text) {
        TaskDraft copy = copy();
        ((ObjectNode) copy.step(position).get(Step.VALUE)).put(field, text);
        return copy;
    }

    public TaskDraft withStepFlag(int position, String field, Boolean flag) {
        TaskDraft copy = copy();
        set((ObjectNode) copy.step(position).get(Step.VALUE), field, flag == null ? null : BooleanNode.valueOf(flag));
        return copy;
    }

    /** Sets a text field of the task; null removes it (the record then has no such field, as before it was set). */
    public TaskDraft withTaskText(String field, String text) {
        return withTaskValue(field, text == null ? null : TextNode.valueOf(text));
    }

    /** Sets a true/false field of the task; null removes it. */
    public TaskDraft withTaskFlag(String field, Boolean flag) {
        return withTaskValue(field, flag == null ? null : BooleanNode.valueOf(flag));
    }

    public TaskDraft withTaskNumber(String field, Double number) {
        return withTaskValue(field, number == null ? null
                : number == Math.rint(number) && Math.abs(number) < 1e9 ? IntNode.valueOf(number.intValue()) // AgentNet writes 0-10 scores as integers
                : DoubleNode.valueOf(number));
    }

    private TaskDraft withTaskValue(String field, JsonNode value) {
        TaskDraft copy = copy();
        set(copy.record, field, value);
        return copy;
    }

    /** Null removes the field, so a record never holds a null the user did not write. */
    private static void set(ObjectNode node, String field, JsonNode value) {
        if (value == null) {
            node.remove(field);
        } else {
            node.set(field, value);
        }
    }

    /** A new empty step at {@code position}, showing the same screen as the step that was there. */
    public TaskDraft insertStep(int position) {
        TaskDraft copy = copy();
        ArrayNode traj = copy.traj();
        ObjectNode step = Json.MAPPER.createObjectNode();
        step.put(Step.INDEX, position);
        String image = null;
        if (stepCount() > 0) {
            int neighbour = Math.min(position, stepCount() - 1);
            JsonNode name = step(neighbour).get(Step.IMAGE);
            if (name != null) {
                step.set(Step.IMAGE, name.deepCopy());
            }
            image = images.get(neighbour);
        }
        step.putObject(Step.VALUE).put(Step.CODE, "");
        traj.insert(position, step);
        List<String> hashes = new ArrayList<>(images);
        hashes.add(position, image);
        return new TaskDraft(copy.record, hashes, version).renumbered();
    }

    public TaskDraft deleteStep(int position) {
        TaskDraft copy = copy();
        copy.traj().remove(position);
        List<String> hashes = new ArrayList<>(images);
        hashes.remove(position);
        return new TaskDraft(copy.record, hashes, version).renumbered();
    }

    /**
     * Merges step {@code position} with the next: the first's screenshot, both codes one after the other, texts joined.
     * Flags keep the first step's values (they judge the step before it).
     */
    public TaskDraft mergeWithNext(int position) {
        if (position + 1 >= stepCount()) {
            throw new IllegalArgumentException("no step after " + position);
        }
        TaskDraft copy = copy();
        ObjectNode first = (ObjectNode) copy.step(position).get(Step.VALUE);
        ObjectNode second = (ObjectNode) copy.step(position + 1).get(Step.VALUE);
        second.fieldNames().forEachRemaining(field -> {
            JsonNode a = first.get(field);
            JsonNode b = second.get(field);
            if (a == null || a.isNull()) {
                first.set(field, b.deepCopy());
            } else if (a.isTextual() && b.isTextual() && !b.textValue().isEmpty()) {
                String separator = field.equals(Step.CODE) ? "\n" : " ";
                first.put(field, a.textValue().isEmpty() ? b.textValue() : a.textValue() + separator + b.textValue());
            }
        });
        return copy.deleteStepKeepingImages(position + 1);
    }

    private TaskDraft deleteStepKeepingImages(int position) {
        traj().remove(position);
        List<String> hashes = new ArrayList<>(images);
        hashes.remove(position);
        return new TaskDraft(record, hashes, version).renumbered();
    }

    /** Moves step {@code position} by {@code delta} places (-1 up, +1 down), with its screenshot. */
    public TaskDraft moveStep(int position, int delta) {
        int target = position + delta;
        if (target < 0 || target >= stepCount()) {
            return this;
        }
        TaskDraft copy = copy();
        ArrayNode traj = copy.traj();
        JsonNode step = traj.remove(position);
        traj.insert(target, step);
        List<String> hashes = new ArrayList<>(images);
        hashes.add(target, hashes.remove(position));
        return new TaskDraft(copy.record, hashes, version).renumbered();
    }

    /** Step indices count 0, 1, 2... after a structural edit, as AgentNet's do. */
    private TaskDraft renumbered() {
        ArrayNode traj = traj();
        for (int i = 0; i < traj.size(); i++) {
            ((ObjectNode) traj.get(i)).put(Step.INDEX, i);
        }
        return this;
    }

    private ArrayNode traj() {
        return (ArrayNode) record.get(Task.TRAJ);
    }

    private TaskDraft copy() {
        return new TaskDraft(record.deepCopy(), images, version);
    }

    ObjectNode record() {
        return record;
    }

    List<String> images() {
        return images;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TaskDraft draft && record.equals(draft.record) && images.equals(draft.images);
    }

    @Override
    public int hashCode() {
        return Objects.hash(record, images);
    }
}
