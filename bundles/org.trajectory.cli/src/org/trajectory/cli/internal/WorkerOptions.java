package org.trajectory.cli.internal;

import java.time.Duration;
import java.util.List;

import picocli.CommandLine.Option;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.QueueWorker;

/**
 * The options of a command that, on a server dataset, works as one of many workers: it takes its work from the
 * dataset's queue in batches (see {@code jobs}), so the same command on many machines shares the work.
 */
final class WorkerOptions {

    @Option(names = "--batch", paramLabel = "N", description = "on a server dataset: items claimed at once (default: the command's)") Integer batch;
    @Option(names = "--lease", paramLabel = "S", description = "on a server dataset: seconds a claim lasts when its worker stops renewing"
            + " it (killed, machine gone); others take the work then (default 60)") int lease = 60;
    @Option(names = "--worker", paramLabel = "NAME", description = "on a server dataset: this worker's name in jobs (default"
            + " login@host:pid)") String worker;
    @Option(names = "--again", description = "on a server dataset: do again what the queue has done already") boolean again;
    @Option(names = "--server-wait", paramLabel = "S", description = "on a server dataset: seconds to wait for a server that went away"
            + " (default 600)") int serverWait = 600;

    /** Whether the command works as a worker of the queue: on a server dataset. */
    static boolean queued(DatasetAddress address) {
        return address instanceof DatasetAddress.Server;
    }

    /**
     * A worker of {@code dataset}'s queue for {@code operation}, settings {@code key}, on {@code subjects} (added to the
     * queue first; none: the queue's own, or all the tasks when {@code tasks}).
     */
    QueueWorker worker(Dataset dataset, String operation, String key, boolean tasks, int defaultBatch, List<String> subjects,
            QueueWorker.Work work) throws OptionsCommand.UsageException {
        try {
            QueueWorker.Settings settings = new QueueWorker.Settings(operation, key, tasks, batch == null ? defaultBatch : batch,
                    Duration.ofSeconds(lease), worker == null ? QueueWorker.defaultName(dataset.user()) : worker, Duration.ofSeconds(serverWait));
            return new QueueWorker(dataset, settings, subjects, again, work);
        } catch (IllegalArgumentException e) {
            throw new OptionsCommand.UsageException(e.getMessage());
        }
    }
}
