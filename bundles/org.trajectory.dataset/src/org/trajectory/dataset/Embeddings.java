package org.trajectory.dataset;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The tasks' embeddings ({@link Dataset#embeddings()}): one vector per task and model, with the hash of the text it embeds.
 *
 * @since 0.4
 */
public final class Embeddings extends DatasetPart {

    Embeddings(Dataset dataset) {
        super(dataset);
    }

    /** Every stored embedding of {@code model}, in task order. */
    public List<Dataset.Embedding> of(String model) throws SQLException {
        List<Dataset.Embedding> all = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT t.task_id, e.text_hash, e.vector FROM embeddings e"
                + " JOIN trajectories t ON t.seq = e.task_seq WHERE e.model = ? ORDER BY t.seq")) {
            query.setString(1, model);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    java.nio.FloatBuffer floats = java.nio.ByteBuffer.wrap(rows.getBytes(3)).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                            .asFloatBuffer();
                    float[] vector = new float[floats.remaining()];
                    floats.get(vector);
                    all.add(new Dataset.Embedding(rows.getString(1), rows.getString(2), vector));
                }
            }
        }
        return all;
    }

    /** Stores (replaces) embeddings of {@code model} in one transaction. */
    public void put(String model, List<Dataset.Embedding> embeddings) throws SQLException {
        dataset.transaction(c -> {
            try (PreparedStatement upsert = c.prepareStatement("INSERT INTO embeddings (task_seq, model, text_hash, vector)"
                    + " SELECT seq, ?, ?, ? FROM trajectories WHERE task_id = ? ON CONFLICT (task_seq, model) DO UPDATE SET"
                    + " text_hash = excluded.text_hash, vector = excluded.vector")) {
                for (Dataset.Embedding embedding : embeddings) {
                    java.nio.ByteBuffer bytes = java.nio.ByteBuffer.allocate(embedding.vector().length * 4).order(java.nio.ByteOrder.LITTLE_ENDIAN);
                    bytes.asFloatBuffer().put(embedding.vector());
                    upsert.setString(1, model);
                    upsert.setString(2, embedding.textHash());
                    upsert.setBytes(3, bytes.array());
                    upsert.setString(4, embedding.taskId());
                    upsert.addBatch();
                }
                upsert.executeBatch();
            }
            return null;
        });
    }
}
