package org.trajectory.dataset;

import java.nio.file.Path;

import org.trajectory.model.operation.Progress;

/**
 * Runs an import in a process of its own, so that a test can kill it with SIGKILL. Arguments: DATASET JSONL.
 *
 * @since 0.1
 */
public final class ImportProcess {

    private ImportProcess() {
    }

    public static void main(String[] args) throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(Path.of(args[0]))) {
            new ImportOperation(dataset, Path.of(args[1]), ImageSource.none()).run(Progress.NONE);
        }
    }
}
