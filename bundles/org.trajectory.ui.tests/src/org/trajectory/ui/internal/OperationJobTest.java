package org.trajectory.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.core.runtime.jobs.Job;
import org.junit.jupiter.api.Test;
import org.trajectory.model.operation.Operation;
import org.trajectory.model.operation.Progress;
import org.trajectory.model.operation.Report;

/** The window runs operations that need the same dataset or folder one after the other, and the others at once. */
class OperationJobTest {

    private record Ran(int alongside) implements Report {
        @Override
        public String summary() {
            return "ran beside " + alongside;
        }

        @Override
        public Map<String, Object> json() {
            return Map.of();
        }
    }

    /** An operation that counts how many of its kind run while it does. */
    private record Counting(String name, Set<String> exclusive, AtomicInteger running, AtomicInteger most) implements Operation<Ran> {
        @Override
        public String title() {
            return name;
        }

        @Override
        public Ran run(Progress progress) throws InterruptedException {
            int now = running.incrementAndGet();
            most.accumulateAndGet(now, Math::max);
            Thread.sleep(300);
            running.decrementAndGet();
            return new Ran(now - 1);
        }
    }

    @Test
    void rulesConflictWhenTheyShareAName() {
        OperationJob.Exclusive dataset = new OperationJob.Exclusive(Set.of("folder /data/ds"));
        assertTrue(dataset.isConflicting(new OperationJob.Exclusive(Set.of("folder /data/ds", "folder /out"))));
        assertFalse(dataset.isConflicting(new OperationJob.Exclusive(Set.of("folder /data/other"))));
        assertFalse(dataset.isConflicting(new OperationJob.Exclusive(Set.of())), "an operation that needs nothing conflicts with none");
    }

    @Test
    void operationsOnOneDatasetRunOneAfterTheOtherAndOthersAtOnce() throws Exception {
        AtomicInteger sameRunning = new AtomicInteger();
        AtomicInteger sameMost = new AtomicInteger();
        AtomicInteger otherRunning = new AtomicInteger();
        AtomicInteger otherMost = new AtomicInteger();
        List<Job> jobs = List.of(
                new OperationJob<>(DatasetJobs.Kind.SCORE, new Counting("a", Set.of("folder /data/ds"), sameRunning, sameMost)),
                new OperationJob<>(DatasetJobs.Kind.SCORE, new Counting("b", Set.of("folder /data/ds"), sameRunning, sameMost)),
                new OperationJob<>(DatasetJobs.Kind.SCORE, new Counting("c", Set.of("folder /data/ds"), sameRunning, sameMost)),
                new OperationJob<>(DatasetJobs.Kind.SCORE, new Counting("d", Set.of(), otherRunning, otherMost)),
                new OperationJob<>(DatasetJobs.Kind.SCORE, new Counting("e", Set.of(), otherRunning, otherMost)));
        jobs.forEach(Job::schedule);
        for (Job job : jobs) {
            job.join();
            assertTrue(job.getResult().isOK(), job.getResult().toString());
        }
        assertEquals(1, sameMost.get(), "three operations on one dataset never ran at once");
        assertEquals(2, otherMost.get(), "two that need nothing ran side by side");
    }

    /** A build's dialog names the recording once, in its summary: its folder may hold the contributor's e-mail address. */
    @Test
    void aSourceTheSummaryNamesIsNotRepeatedOnEachProblem() {
        String summary = "built task_1: 3 steps from /rec/alice@example.com_2026; 1 doubtful line left out or kept";
        assertEquals("events.jsonl:4: 42 events from 1.000 s went beyond the screen",
                OperationJob.shown(org.trajectory.model.operation.Problem.at("/rec/alice@example.com_2026", 0,
                        "events.jsonl:4: 42 events from 1.000 s went beyond the screen"), summary));
        assertEquals("/rec/other: no events", OperationJob.shown(org.trajectory.model.operation.Problem.at("/rec/other", 0, "no events"), summary),
                "a source the summary does not name is kept");
    }
}
