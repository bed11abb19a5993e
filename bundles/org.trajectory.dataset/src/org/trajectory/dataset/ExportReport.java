package org.trajectory.dataset;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What an export wrote; problems are images that could not be written (missing from the store, name clashes). */
public record ExportReport(long tasks, long images, long bytes, List<Problem> problems, boolean cancelled) {

    /** One sentence for the command line and the window: "exported 2 tasks and 3 images". */
    public String summary() {
        return "exported " + tasks + " tasks and " + images + " images" + (cancelled ? " (cancelled: the file holds the tasks written so far)" : "");
    }

    /** The same for programs ({@code --json}). */
    public Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("tasks", tasks);
        json.put("images", images);
        json.put("bytes", bytes);
        json.put("problems", problems.size());
        json.put("cancelled", cancelled);
        return json;
    }
}
