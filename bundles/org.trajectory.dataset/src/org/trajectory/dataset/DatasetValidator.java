package org.trajectory.dataset;

import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.function.Consumer;

import org.trajectory.model.Json;
import org.trajectory.model.Progress;
import org.trajectory.model.Step;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.CodeProblem;

/**
 * Finds every action-language error and every missing image in a dataset, per task and step. Records are checked
 * for their shape on import, so a stored record always has one; what is checked here is their content.
 */
public final class DatasetValidator {

    private DatasetValidator() {
    }

    /** Reports each problem (source = task_id) to {@code sink}; returns how many there were. */
    public static long run(Dataset dataset, Progress progress, Consumer<Problem> sink) throws SQLException {
        long total = dataset.stats().steps();
        progress.begin("Validating " + total + " steps", total);
        long count = 0;
        try (PreparedStatement query = dataset.connection().prepareStatement("SELECT t.task_id, s.position, s.record,"
                + " s.image_name, s.image_sha256 FROM trajectories t JOIN steps s ON s.task_seq = t.seq ORDER BY t.seq, s.position");
                ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                String taskId = rows.getString(1);
                int position = rows.getInt(2);
                String code;
                try {
                    code = Json.MAPPER.readTree(rows.getString(3)).path(Step.VALUE).path(Step.CODE).asText();
                } catch (IOException e) {
                    sink.accept(new Problem(taskId, 0, position, "stored step is not JSON: " + e.getMessage()));
                    count++;
                    continue;
                }
                for (CodeProblem problem : ActionParser.parse(code).problems()) {
                    sink.accept(new Problem(taskId, 0, position, "code " + problem));
                    count++;
                }
                if (rows.getString(4) != null && rows.getString(5) == null) {
                    sink.accept(new Problem(taskId, 0, position, "image '" + rows.getString(4) + "' is missing"));
                    count++;
                }
                progress.worked(1);
                if (progress.isCancelled()) {
                    break;
                }
            }
        }
        return count;
    }
}
