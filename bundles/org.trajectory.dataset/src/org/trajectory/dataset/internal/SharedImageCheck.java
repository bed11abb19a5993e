package org.trajectory.dataset.internal;

import java.util.HashMap;
import java.util.Map;

import org.trajectory.dataset.IntegrityCheck;

/**
 * A screenshot that belongs to two tasks: usually a task imported twice under two ids, or images mixed up by a
 * converter. Images are stored by their content, so the same picture is the same hash wherever it comes from.
 */
public final class SharedImageCheck implements IntegrityCheck {

    @Override
    public Run start() {
        Map<String, String> firstUse = new HashMap<>(); // image hash to "task T step N"
        return (checked, findings) -> {
            String id = checked.task().taskId();
            for (int i = 0; i < checked.images().size(); i++) {
                String image = checked.images().get(i);
                if (image == null) {
                    continue;
                }
                String here = "task " + id + " step " + i;
                String first = firstUse.putIfAbsent(image, here);
                if (first != null && !first.startsWith("task " + id + " step ")) {
                    findings.add(id, i, "its screenshot is also " + first + "'s: the same picture in two tasks");
                }
            }
        };
    }
}
