package org.trajectory.dataset;

import java.util.LinkedHashMap;
import java.util.Map;

import org.trajectory.model.Task;

/**
 * What a dataset can hold, the same on both engines, so a folder never takes a record a server would refuse (and
 * {@code copy} of a folder to a server does not fail halfway): the lengths of the columns that show a task, and no
 * NUL character (U+0000) in the texts kept as columns, which PostgreSQL's text cannot hold.
 */
final class StorableTask {

    /** Column, and its longest value (the schema's VARCHAR sizes). */
    private static final Map<String, Integer> LIMITS = new LinkedHashMap<>();
    static {
        LIMITS.put(Task.TASK_ID, 255);
        LIMITS.put(Task.TRAJECTORY_ID, 255);
        LIMITS.put(Task.DOMAIN, 100);
        LIMITS.put(Task.OS, 40);
        LIMITS.put(Task.INSTRUCTION, Integer.MAX_VALUE);
    }

    private StorableTask() {
    }

    /** Why {@code task} cannot be stored, in the user's words, or null when it can. */
    static String problem(Task task) {
        for (Map.Entry<String, Integer> field : LIMITS.entrySet()) {
            String value = field.getKey().equals(Task.INSTRUCTION) ? task.instruction() : task.text(field.getKey());
            String problem = problem(field.getKey(), value, field.getValue());
            if (problem != null) {
                return problem;
            }
        }
        for (int i = 0; i < task.steps().size(); i++) {
            String problem = problem("step " + i + " image", task.steps().get(i).image(), Integer.MAX_VALUE);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    /** Why a column's value cannot be stored, or null. */
    static String problem(String field, String value, int limit) {
        if (value == null) {
            return null;
        }
        if (value.indexOf('\0') >= 0) {
            return "the " + field + " holds a NUL character (U+0000), which a dataset cannot keep (a server's text cannot hold it); skipped";
        }
        if (value.length() > limit) {
            return "the " + field + " is " + value.length() + " characters long; a dataset keeps at most " + limit + "; skipped";
        }
        return null;
    }
}
