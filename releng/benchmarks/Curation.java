import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.TaskQuery;

/**
 * A reviewer's hour on DATASET's first TASKS tasks, as the Dataset view does it: each decision (Reviews.decide, one
 * transaction) followed by what the table asks again to show it (the count, the review progress and the page of 60
 * rows on show, sorted by review state). One task at a time (every fifth rejected with a reason), then in bulk
 * (selections of 100 tasks, then all of them). Prints the time each action takes to be back in the table.
 * Usage: java -cp JARS Curation.java DATASET TASKS
 */
public class Curation {
    public static void main(String[] args) throws Exception {
        DatasetAddress address = DatasetAddress.parse(args[0]);
        int tasks = Integer.parseInt(args[1]);
        TaskQuery shown = TaskQuery.ALL.sortedBy(TaskQuery.Column.REVIEW, true);
        try (Dataset dataset = Dataset.open(address)) {
            List<String> ids = dataset.taskIds().subList(0, tasks);
            long[] single = new long[tasks];
            for (int i = 0; i < tasks; i++) {
                boolean reject = i % 5 == 0;
                long start = System.nanoTime();
                dataset.reviews().decide(List.of(ids.get(i)), reject ? ReviewState.REJECTED : ReviewState.APPROVED,
                        reject ? "the task is done twice" : null);
                backInTheTable(dataset, shown);
                single[i] = System.nanoTime() - start;
            }
            Arrays.sort(single);
            System.out.printf(Locale.ROOT, "one at a time, %d decisions: median %.1f ms, 95th percentile %.1f ms, slowest %.1f ms%n",
                    tasks, ms(single[tasks / 2]), ms(single[(int) (tasks * 0.95)]), ms(single[tasks - 1]));
            List<Double> bulk = new ArrayList<>();
            for (int from = 0; from < tasks; from += 100) {
                long start = System.nanoTime();
                dataset.reviews().decide(ids.subList(from, Math.min(tasks, from + 100)), ReviewState.NEEDS_FIX, "the wrong window is clicked");
                backInTheTable(dataset, shown);
                bulk.add(ms(System.nanoTime() - start));
            }
            System.out.printf(Locale.ROOT, "in bulk, 100 tasks a decision: %s ms%n", bulk.stream().map(b -> String.format(Locale.ROOT, "%.0f", b)).toList());
            long start = System.nanoTime();
            dataset.reviews().decide(ids, ReviewState.APPROVED, null);
            backInTheTable(dataset, shown);
            System.out.printf(Locale.ROOT, "in bulk, all %d tasks approved: %.0f ms%n", tasks, ms(System.nanoTime() - start));
        }
    }

    private static void backInTheTable(Dataset dataset, TaskQuery shown) throws Exception {
        dataset.count(shown);
        dataset.reviews().progress();
        dataset.page(shown, 0, 60);
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
