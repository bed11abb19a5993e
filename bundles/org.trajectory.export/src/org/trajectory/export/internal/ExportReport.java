package org.trajectory.export.internal;

import java.util.List;
import java.util.Map;

import org.trajectory.model.Json;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Problem;

/** What an export wrote; problems are images that could not be written (missing from the store, name clashes). */
public record ExportReport(long tasks, long images, long bytes, List<Problem> problems, boolean cancelled) {

    /** One sentence for the command line and the window: "exported 2 tasks and 3 images". */
    public String summary() {
        return "exported " + Words.count(tasks, "task") + " and " + Words.count(images, "image") + (cancelled ? " (cancelled: the file holds the tasks written so far)" : "");
    }

    /** The same for programs ({@code --json}). */
    public Map<String, Object> json() {
        return Json.fields("tasks", tasks, "images", images, "bytes", bytes, "problems", problems.size(), "cancelled", cancelled);
    }
}
