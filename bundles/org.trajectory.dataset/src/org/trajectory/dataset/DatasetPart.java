package org.trajectory.dataset;

import java.sql.Connection;

/** One concern of the store (reviews, scores, team review, task records): its SQL, on the dataset's connection. */
abstract class DatasetPart {

    final Dataset dataset;
    final Connection connection;

    DatasetPart(Dataset dataset) {
        this.dataset = dataset;
        this.connection = dataset.connection();
    }
}
