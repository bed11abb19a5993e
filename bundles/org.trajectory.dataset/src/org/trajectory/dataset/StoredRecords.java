package org.trajectory.dataset;

import java.io.IOException;
import java.io.Writer;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.trajectory.model.Json;
import org.trajectory.model.Task;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A dataset's records as stored, one task at a time in dataset order, read in one pass: two cursors (headers, steps)
 * walk together, no query per task. What every export reads; {@link #write} gives a record exactly as it was imported.
 *
 * @since 0.1
 */
public final class StoredRecords implements AutoCloseable {

    /** One step: its record's JSON, its image's name in the record and its content hash (null when it has none), its action names. */
    public record StoredStep(String record, String imageName, String imageSha256, String actions) {
    }

    private final PreparedStatement headers;
    private final PreparedStatement steps;
    private final AutoCloseable streaming;
    private final ResultSet headerRows;
    private final ResultSet stepRows;
    private boolean stepLeft;
    private long seq;
    private String header;
    private final List<StoredStep> current = new ArrayList<>();

    StoredRecords(Dataset dataset) throws SQLException {
        headers = dataset.connection().prepareStatement("SELECT seq, header FROM trajectories ORDER BY seq");
        steps = dataset.connection().prepareStatement("SELECT task_seq, record, image_name, image_sha256, actions FROM steps ORDER BY task_seq, position");
        streaming = dataset.engine().streaming(dataset.connection(), headers, steps);
        headerRows = headers.executeQuery();
        stepRows = steps.executeQuery();
        stepLeft = stepRows.next();
    }

    /** Moves to the next task; false after the last. */
    public boolean next() throws SQLException {
        if (!headerRows.next()) {
            return false;
        }
        seq = headerRows.getLong(1);
        header = headerRows.getString(2);
        current.clear();
        while (stepLeft && stepRows.getLong(1) < seq) {
            stepLeft = stepRows.next(); // steps of no task (cannot happen with the foreign key; skipped all the same)
        }
        while (stepLeft && stepRows.getLong(1) == seq) {
            current.add(new StoredStep(stepRows.getString(2), stepRows.getString(3), stepRows.getString(4), stepRows.getString(5)));
            stepLeft = stepRows.next();
        }
        return true;
    }

    /** The task's place in the dataset (what {@link TaskFacts#seq()} names). */
    public long seq() {
        return seq;
    }

    /** The record's JSON without {@code traj}. */
    public String header() {
        return header;
    }

    public List<StoredStep> steps() {
        return List.copyOf(current);
    }

    /** The task's {@link Dataset#contentHash content hash}: what tells whether it changed since it was scrubbed, scored or replayed. */
    public String contentHash() throws IOException {
        List<ObjectNode> parsed = new ArrayList<>();
        for (StoredStep step : current) {
            parsed.add((ObjectNode) Json.MAPPER.readTree(step.record()));
        }
        try {
            return Dataset.contentHash(Task.assemble((ObjectNode) Json.MAPPER.readTree(header), parsed));
        } catch (org.trajectory.model.RecordFormatException e) {
            throw new IOException("task at row " + seq + " is stored in a form that does not read back: " + e.getMessage(), e);
        }
    }

    /** Writes the whole record, AgentNet's way: the header's fields, then {@code traj} with the steps as stored. */
    public void write(Writer out) throws IOException {
        out.write(header, 0, header.length() - 1); // the header is a JSON object: drop its closing brace
        out.write(header.length() > 2 ? ",\"traj\":[" : "\"traj\":[");
        for (int i = 0; i < current.size(); i++) {
            if (i > 0) {
                out.write(',');
            }
            out.write(current.get(i).record());
        }
        out.write("]}");
    }

    @Override
    public void close() throws SQLException {
        try (headers; steps; headerRows; stepRows) {
            // closed in reverse order of opening
        } finally {
            try {
                streaming.close();
            } catch (SQLException e) {
                throw e;
            } catch (Exception e) {
                throw new SQLException(e);
            }
        }
    }
}
