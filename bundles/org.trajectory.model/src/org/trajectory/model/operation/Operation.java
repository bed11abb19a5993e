package org.trajectory.model.operation;

import java.nio.file.Path;
import java.util.Set;

/**
 * One piece of work the workbench does to data: import, build, annotate, score, extract, evaluate, validate, copy,
 * export, push, record. The headless commands and the window's jobs run every operation the same way: they give it a
 * {@link Progress} (which also carries cancelling), show its {@link Report}, and keep two operations that need the same
 * thing apart. What is left in a command or a dialog is only how it asks for the operation's settings.
 *
 * @param <R> what the operation reports when it ends
 * @since 0.1
 */
public interface Operation<R extends Report> {

    /** What it does, for a job's name and a log line: "Importing data.jsonl". */
    String title();

    /**
     * What it needs for itself while it runs, as names from {@link #folder} (or a dataset's own name): the window runs
     * two operations that share a name one after the other, as Eclipse scheduling rules do. Nothing, unless it says so
     * (an operation that only reads what may change meanwhile).
     */
    default Set<String> exclusive() {
        return Set.of();
    }

    /**
     * Does the work, reporting to {@code progress} and stopping soon after it is cancelled; what was done by then is
     * kept, and the report says it was cancelled. Bad input found on the way is a {@link Problem} of the report, not an
     * exception.
     *
     * @throws Exception when it cannot run at all (a dataset that does not open, a full disk, a model that refuses
     *         every request); the message says why in the user's words
     */
    R run(Progress progress) throws Exception;

    /** The name by which operations ask for a folder (a recording, a dataset folder, an export's target) for themselves. */
    static String folder(Path folder) {
        return "folder " + folder.toAbsolutePath().normalize();
    }
}
