import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.TaskHistory;

/**
 * REVIEWERS simulated reviewers, each with a connection of its own (as each workbench has), saving reviews of the
 * tasks assigned to them (task i to reviewer i mod REVIEWERS) for SECONDS; then checks that every save is in the
 * audit trail exactly once and that each task's review is its reviewer's last. Prints save latency percentiles.
 * Usage: java -cp JARS ReviewerLoad.java DATASET REVIEWERS SECONDS
 */
public class ReviewerLoad {
    public static void main(String[] args) throws Exception {
        DatasetAddress address = DatasetAddress.parse(args[0]);
        int reviewers = Integer.parseInt(args[1]);
        long seconds = Long.parseLong(args[2]);
        List<String> ids;
        try (Dataset dataset = Dataset.open(address)) {
            ids = dataset.taskIds();
        }
        ConcurrentHashMap<String, String> last = new ConcurrentHashMap<>();
        List<long[]> latencies = new ArrayList<>();
        AtomicLong saves = new AtomicLong();
        AtomicLong failures = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        for (int r = 0; r < reviewers; r++) {
            int reviewer = r;
            long[] mine = new long[2_000_000];
            latencies.add(mine);
            Thread thread = new Thread(() -> {
                Random random = new Random(reviewer);
                int n = 0;
                try (Dataset dataset = Dataset.open(address)) {
                    start.await();
                    while (System.nanoTime() < end) {
                        int k = random.nextInt(ids.size() / reviewers) * reviewers + reviewer;
                        if (k >= ids.size()) {
                            continue;
                        }
                        String note = "r" + reviewer + "-" + n;
                        long t0 = System.nanoTime();
                        try {
                            dataset.setReview(ids.get(k), ReviewState.values()[1 + random.nextInt(3)], "r" + reviewer, note);
                            mine[n++] = System.nanoTime() - t0;
                            last.put(ids.get(k), note);
                            saves.incrementAndGet();
                        } catch (Exception e) {
                            failures.incrementAndGet();
                        }
                    }
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
                mine[mine.length - 1] = n; // how many were measured
            }, "reviewer " + r);
            threads.add(thread);
            thread.start();
        }
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        long[] all = latencies.stream().flatMapToLong(l -> Arrays.stream(l, 0, (int) l[l.length - 1])).sorted().toArray();
        long lost = 0;
        long entries = 0;
        try (Dataset dataset = Dataset.open(address)) {
            for (var task : last.entrySet()) {
                String note = dataset.review(task.getKey()).note();
                if (!task.getValue().equals(note)) {
                    lost++;
                }
            }
            java.util.Set<String> seen = new java.util.HashSet<>();
            long duplicated = 0;
            for (String id : last.keySet()) {
                for (TaskHistory.Entry entry : dataset.history(id)) {
                    if (entry.what().equals("review")) {
                        entries++;
                        if (!seen.add(entry.after().substring(entry.after().indexOf(':') + 1).strip())) {
                            duplicated++;
                        }
                    }
                }
            }
            System.out.printf("%d reviewers, %d s: %d saves (%.0f/s), %d failed; audit trail: %d review entries for %d saves, %d duplicated;"
                    + " tasks whose review is not their reviewer's last save: %d%n", reviewers, seconds, saves.get(), saves.get() / (double) seconds,
                    failures.get(), entries, saves.get(), duplicated, lost);
        }
        System.out.printf("save latency: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms%n", pct(all, 50), pct(all, 90), pct(all, 99),
                all.length == 0 ? 0 : all[all.length - 1] / 1e6);
    }

    private static double pct(long[] sorted, int p) {
        return sorted.length == 0 ? 0 : sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)] / 1e6;
    }
}
