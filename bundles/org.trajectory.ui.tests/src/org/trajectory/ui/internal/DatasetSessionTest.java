package org.trajectory.ui.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.core.runtime.jobs.Job;
import org.junit.jupiter.api.Test;

/** The views hear of a burst of changes a few times, not once per change. */
class DatasetSessionTest extends WorkbenchTest {

    @Test
    void aThousandChangesInABurstAreToldAFewTimes() throws Exception {
        AtomicInteger told = new AtomicInteger();
        DatasetSession.Listener counting = told::incrementAndGet;
        session().addListener(counting);
        try {
            long start = System.currentTimeMillis();
            for (int i = 0; i < 1000; i++) {
                session().changed();
            }
            Job.getJobManager().join(DatasetJobs.READS, null);
            long took = System.currentTimeMillis() - start;
            long most = 2 + took / DatasetSession.REFRESH_MS;
            assertTrue(told.get() >= 1 && told.get() <= most, "told " + told.get() + " times in " + took + " ms (at most " + most + ")");
        } finally {
            session().removeListener(counting);
        }
    }
}
