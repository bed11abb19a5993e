package org.trajectory.scoring;

import org.trajectory.dataset.Dataset;
import org.trajectory.model.operation.Progress;

/**
 * What a criterion may look at before a run: the whole dataset, with progress and cancel for long preparation.
 *
 * @since 0.1
 */
public record ScoringContext(Dataset dataset, Progress progress) {
}
