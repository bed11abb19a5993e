package org.trajectory.export;

import java.util.Iterator;
import java.util.Set;

import org.trajectory.dataset.ReviewGrades;
import org.trajectory.model.Step;
import org.trajectory.model.Task;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a record keeps when an export strips our own fields: AgentNet's task and step fields, the OS, the scores, who
 * wrote the reasoning, and of an extraction its method, model and confidence. Window titles, times, event ranges,
 * frame numbers, screen sizes, build doubts, score reasons, the submitter and any field we do not know are dropped.
 * Typed text that was redacted when recorded stays as it was stored (the secret was never kept).
 *
 * @since 0.1
 */
public final class Privacy {

    /** The setting every exporter has: {@value #KEEP} writes records as stored, {@value #STRIP} keeps only the fields above. */
    public static final String SETTING = "privacy";
    public static final String KEEP = "keep";
    public static final String STRIP = "strip";
    public static final String WINDOW_TITLE = Step.WINDOW_TITLE;

    private static final Set<String> TASK_FIELDS = Set.of(Task.TASK_ID, Task.INSTRUCTION, Task.NATURAL_LANGUAGE_TASK,
            Task.ACTUAL_TASK, Task.TASK_COMPLETED, Task.ALIGNMENT_SCORE, Task.EFFICIENCY_SCORE, Task.TASK_DIFFICULTY, Task.REASON,
            Task.DOMAIN, Task.OS, Task.TRAJECTORY_ID, Task.SCORES, Task.EXTRACTION, Task.ANNOTATED_BY, Task.TRAJ,
            ReviewGrades.FIELD); // a reviewer's grades say how good the task is, nothing of who made it
    private static final Set<String> EXTRACTION_FIELDS = Set.of("method", "model", Task.CONFIDENCE);
    private static final Set<String> STEP_FIELDS = Set.of(Step.INDEX, Step.IMAGE, Step.VALUE);
    private static final Set<String> VALUE_FIELDS = Set.of(Step.CODE, Step.OBSERVATION, Step.THOUGHT, Step.ACTION,
            Step.REFLECTION, Step.LAST_STEP_CORRECT, Step.LAST_STEP_REDUNDANT);

    private Privacy() {
    }

    public static ExportSetting setting(String defaultValue) {
        return ExportSetting.choice(SETTING, defaultValue, "strip: drop our own fields (window titles, times, recorder"
                + " details, submitter); keep: the records as stored", STRIP, KEEP);
    }

    /**
     * Whether a change in the audit trail may go out with stripped records: reviews, verdicts and the step count, and
     * changes of the fields a stripped record keeps ({@code "instruction"}, {@code "step 3 code"}...).
     */
    public static boolean keepsChange(String what) {
        String field = what.startsWith("step ") && what.indexOf(' ', 5) > 0 ? what.substring(what.indexOf(' ', 5) + 1) : what;
        return what.equals("review") || what.equals("verdict") || what.equals("steps") || TASK_FIELDS.contains(field)
                || VALUE_FIELDS.contains(field);
    }

    /** Strips a whole record (a task with its {@code traj}) in place. */
    public static ObjectNode strip(ObjectNode record) {
        keepOnly(record, TASK_FIELDS);
        if (record.get(Task.EXTRACTION) instanceof ObjectNode extraction) {
            keepOnly(extraction, EXTRACTION_FIELDS);
        }
        for (JsonNode step : record.path(Task.TRAJ)) {
            if (step instanceof ObjectNode object) {
                keepOnly(object, STEP_FIELDS);
                if (object.get(Step.VALUE) instanceof ObjectNode value) {
                    keepOnly(value, VALUE_FIELDS);
                }
            }
        }
        return record;
    }

    private static void keepOnly(ObjectNode node, Set<String> fields) {
        for (Iterator<String> names = node.fieldNames(); names.hasNext();) {
            if (!fields.contains(names.next())) {
                names.remove();
            }
        }
    }
}
