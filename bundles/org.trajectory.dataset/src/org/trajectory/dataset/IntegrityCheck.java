package org.trajectory.dataset;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import org.trajectory.model.Task;

/**
 * One check {@code validate} runs over a dataset's tasks, contributed to the {@code checks} extension point
 * ({@link IntegrityChecks}) with an id, a name and a severity: a team adds its own the way scoring criteria are added.
 * A check sees each task in turn (its record and each step's stored screenshot), and may remember across tasks to say
 * at the end what only the whole dataset shows (an image two tasks share, units mixed across tasks). Each finding is a
 * line a curator understands, with its task and step; the id and severity are added by {@code validate}.
 *
 * @since 0.1
 */
public interface IntegrityCheck {

    /** Errors make the data wrong to train on as it is; warnings are worth a look. Both fail {@code validate}. */
    enum Severity {
        ERROR, WARNING;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** "error" or "warning"; an {@link IllegalArgumentException} naming both for anything else. */
        public static Severity of(String word) {
            for (Severity severity : values()) {
                if (severity.word().equals(word)) {
                    return severity;
                }
            }
            throw new IllegalArgumentException("no severity '" + word + "' (there are error and warning)");
        }
    }

    /** A new run over one dataset; a run is used by one thread and sees every task once, in the dataset's order. */
    Run start();

    /** One run of the check. */
    interface Run {

        void task(CheckedTask task, Findings findings);

        /** After the last task: what only the whole dataset shows. */
        default void finish(Findings findings) {
        }
    }

    /** A task as a check sees it: its record, and each step's stored screenshot (its content hash; null where none). */
    record CheckedTask(Task task, List<String> images) {
        public CheckedTask {
            images = Collections.unmodifiableList(new ArrayList<>(images)); // hashes may be null: List.copyOf refuses them
        }
    }

    /** Where a check says what it found. */
    interface Findings {

        /** A finding on step {@code step} of task {@code taskId}, or on the whole task when {@code step} is -1. */
        void add(String taskId, int step, String message);
    }
}
