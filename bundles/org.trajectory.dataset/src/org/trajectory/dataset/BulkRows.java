package org.trajectory.dataset;

import java.io.IOException;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;

import org.postgresql.PGConnection;

/**
 * Rows gathered for one table and written together by the engine's bulk path: COPY on PostgreSQL (one round trip for
 * thousands of rows), a batch of one prepared insert on SQLite (in process, already as fast as it gets). A server
 * refuses COPY into a table whose row security applies to the user (a curator or reviewer who does not own the
 * dataset): their rows go as a batch of inserts, which the driver sends as multi-row statements.
 */
final class BulkRows {

    private final Engine engine;
    private final String table;
    private final List<String> columns;
    private final List<Object[]> rows = new ArrayList<>();
    /** Whether this connection may COPY into the table (asked once, on the first flush to a server). */
    private Boolean copies;

    BulkRows(Engine engine, String table, List<String> columns) {
        this.engine = engine;
        this.table = table;
        this.columns = columns;
    }

    void add(Object... values) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException(table + " takes " + columns.size() + " values");
        }
        rows.add(values);
    }

    /** Writes the gathered rows on {@code connection} (inside the caller's transaction) and forgets them. */
    void flush(Connection connection) throws SQLException {
        flush(connection, false);
    }

    /**
     * Writes the gathered rows except those whose key is in the table already (images another task stored): on
     * PostgreSQL by COPY into a temporary table of the same shape, then one INSERT of what is new.
     */
    void flushNew(Connection connection) throws SQLException {
        flush(connection, true);
    }

    private void flush(Connection connection, boolean onlyNew) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        String names = String.join(", ", columns);
        if (engine instanceof Engine.Postgres && onlyNew) {
            String staging = "staging_" + table;
            try (Statement statement = connection.createStatement()) {
                statement.execute("CREATE TEMPORARY TABLE IF NOT EXISTS " + staging + " (LIKE " + table + ") ON COMMIT DELETE ROWS");
                statement.execute("TRUNCATE " + staging);
                copyIn(connection, staging, names);
                statement.execute("INSERT INTO " + table + " (" + names + ") SELECT " + names + " FROM " + staging + " ON CONFLICT DO NOTHING");
            }
        } else if (engine instanceof Engine.Postgres && copies(connection)) {
            copyIn(connection, table, names);
        } else {
            String marks = String.join(", ", Collections.nCopies(columns.size(), "?"));
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + table + " (" + names + ") VALUES (" + marks + ")"
                    + (onlyNew ? " ON CONFLICT DO NOTHING" : ""))) {
                for (Object[] row : rows) {
                    for (int i = 0; i < row.length; i++) {
                        insert.setObject(i + 1, row[i]);
                    }
                    insert.addBatch();
                }
                insert.executeBatch();
            }
        }
        rows.clear();
    }

    private boolean copies(Connection connection) throws SQLException {
        if (copies == null) {
            try (PreparedStatement query = connection.prepareStatement("SELECT row_security_active(?::regclass)")) {
                query.setString(1, table);
                try (var row = query.executeQuery()) {
                    row.next();
                    copies = !row.getBoolean(1);
                }
            }
        }
        return copies;
    }

    private void copyIn(Connection connection, String into, String names) throws SQLException {
        StringBuilder text = new StringBuilder(rows.size() * 256);
        for (Object[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                if (i > 0) {
                    text.append('\t');
                }
                appendCopyText(text, row[i]);
            }
            text.append('\n');
        }
        try {
            connection.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY " + into + " (" + names + ") FROM STDIN",
                    new StringReader(text.toString()));
        } catch (IOException e) {
            throw new SQLException("writing into " + table + " failed: " + e.getMessage(), e);
        }
    }


    /** A value in COPY's text format: \N for null, bytes as \x hex, booleans t/f, backslash escapes for tabs and line ends. */
    private static void appendCopyText(StringBuilder out, Object value) {
        if (value == null) {
            out.append("\\N");
            return;
        }
        if (value instanceof byte[] bytes) {
            out.append("\\\\x").append(HexFormat.of().formatHex(bytes));
            return;
        }
        String text = value instanceof Boolean b ? (b ? "t" : "f") : value.toString();
        int from = 0; // the text between escapes goes in whole: this loop is the writer's hottest
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            String escape = ch == '\\' ? "\\\\" : ch == '\t' ? "\\t" : ch == '\n' ? "\\n" : ch == '\r' ? "\\r" : null;
            if (escape != null) {
                out.append(text, from, i).append(escape);
                from = i + 1;
            }
        }
        out.append(text, from, text.length());
    }
}
