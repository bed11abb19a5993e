package org.trajectory.dataset;

import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.trajectory.model.Json;
import org.trajectory.model.Task;
import org.trajectory.model.operation.Progress;

/**
 * A worker of a server dataset's queue in a process of its own (so a test can SIGKILL it): each item of operation
 * "store" becomes a one-step task named after it, after {@code WORK_MS} of work. Prints its report as JSON.
 * Usage: WorkerProcess ADDRESS NAME LEASE_MS WORK_MS
 */
public final class WorkerProcess {

    private WorkerProcess() {
    }

    public static void main(String[] args) throws Exception {
        long workMillis = Long.parseLong(args[3]);
        try (Dataset dataset = Dataset.open(DatasetAddress.parse(args[0]))) {
            QueueWorker.Settings settings = new QueueWorker.Settings("store", "v1", false, 2, Duration.ofMillis(Long.parseLong(args[2])),
                    args[1], Duration.ofSeconds(60));
            QueueWorker.Worked worked = new QueueWorker(dataset, settings, List.of(), false, (open, subjects, progress) -> {
                Map<String, org.trajectory.model.operation.Item> outcomes = new LinkedHashMap<>();
                for (String subject : subjects) {
                    Thread.sleep(workMillis);
                    Task task = Task.of(Json.MAPPER.readTree("{\"task_id\":\"" + subject + "\",\"instruction\":\"do " + subject
                            + "\",\"traj\":[{\"index\":0,\"value\":{\"code\":\"pyautogui.click(x=0.5, y=0.5)\"}}]}"));
                    open.put(task, Arrays.asList((byte[]) null), "worker " + args[1]);
                    outcomes.put(subject, subject.startsWith("bad") ? org.trajectory.model.operation.Item.failed("it is bad") : org.trajectory.model.operation.Item.done("stored"));
                }
                return outcomes;
            }).run(Progress.NONE);
            System.out.println(Json.MAPPER.writeValueAsString(worked.json()));
        }
    }
}
