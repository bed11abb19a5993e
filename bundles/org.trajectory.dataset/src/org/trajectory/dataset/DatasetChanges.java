package org.trajectory.dataset;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.sql.Statement;
import java.util.function.Consumer;

import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Changes other people (or processes) make to a dataset, as they commit: on a server by LISTEN/NOTIFY (every write
 * announces its kind and task in its own transaction, so a change is heard exactly when it is visible); on a folder by
 * SQLite's data version, which tells that something changed but not what. Delivered on a thread of its own.
 *
 * @since 0.1
 */
public final class DatasetChanges implements AutoCloseable {

    /** The channel every write of a server dataset is announced on. */
    static final String CHANNEL = "trajectory_changes";
    private static final int WAIT_MS = 250;

    /** A change: its kind (edit, review, verdict, score, build, copy, import, assign; "changed" when not known) and task (null: many or unknown). */
    public record Change(String kind, String taskId) {
    }

    private final Connection connection;
    private final Thread thread;
    private volatile boolean open = true;

    private DatasetChanges(Engine engine, Consumer<Change> listener) throws SQLException {
        connection = engine.connect();
        if (engine instanceof Engine.Postgres) {
            try (Statement statement = connection.createStatement()) {
                statement.execute("LISTEN " + CHANNEL);
            }
        }
        thread = new Thread(() -> listen(engine instanceof Engine.Postgres, listener), "Dataset changes " + engine.address());
        thread.setDaemon(true);
        thread.start();
    }

    /** Starts telling {@code listener} of the changes committed on {@code dataset} from now on, by any connection (this one too). */
    static DatasetChanges watch(Dataset dataset, Consumer<Change> listener) throws SQLException {
        return new DatasetChanges(dataset.engine(), listener);
    }

    /** Announces a change in the writer's transaction: heard by the listeners when, and only if, it commits. */
    static void announce(Connection connection, Engine engine, String kind, String taskId) throws SQLException {
        announceEach(connection, engine, kind, java.util.Collections.singletonList(taskId));
    }

    /** Announces a change of each of {@code taskIds} (one statement, run for each). */
    static void announceEach(Connection connection, Engine engine, String kind, List<String> taskIds) throws SQLException {
        if (engine instanceof Engine.Postgres) {
            // one round trip however many: each payload a row of the array
            try (PreparedStatement notify = connection.prepareStatement("SELECT pg_notify(?, payload) FROM unnest(?::text[]) AS payload")) {
                notify.setString(1, CHANNEL);
                notify.setArray(2, connection.createArrayOf("text", taskIds.stream().map(id -> kind + (id == null ? "" : ":" + id)).toArray()));
                notify.execute();
            }
        }
    }

    private void listen(boolean server, Consumer<Change> listener) {
        long version = -1;
        while (open) {
            try {
                if (server) {
                    PGNotification[] notes = connection.unwrap(PGConnection.class).getNotifications(WAIT_MS);
                    if (notes != null) {
                        for (PGNotification note : notes) {
                            String payload = note.getParameter();
                            int colon = payload.indexOf(':');
                            listener.accept(colon < 0 ? new Change(payload, null) : new Change(payload.substring(0, colon), payload.substring(colon + 1)));
                        }
                    }
                } else {
                    try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery("PRAGMA data_version")) {
                        row.next();
                        long now = row.getLong(1);
                        if (version >= 0 && now != version) {
                            listener.accept(new Change("changed", null));
                        }
                        version = now;
                    }
                    Thread.sleep(WAIT_MS);
                }
            } catch (SQLException e) {
                if (open) {
                    sleepQuietly(); // the server went away for a moment: try again rather than go deaf
                }
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static void sleepQuietly() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws SQLException {
        open = false;
        thread.interrupt();
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        connection.close();
    }
}
