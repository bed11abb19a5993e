package org.trajectory.dataset;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyOutputStream;

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
    /** The server's type of each column, for the binary COPY. */
    private List<String> types;

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

    /**
     * COPY in the binary format: no escaping or number parsing on either side (the text format cost the writer a
     * fifth of its time), streamed to the server in buffers rather than built whole. Each value is written as its
     * column's type wants it, whatever Java type it came as (SQLite gives integers for booleans, say).
     */
    private void copyIn(Connection connection, String into, String names) throws SQLException {
        List<String> types = types(connection);
        PGCopyOutputStream copy = new PGCopyOutputStream(connection.unwrap(PGConnection.class),
                "COPY " + into + " (" + names + ") FROM STDIN (FORMAT binary)", 1 << 18);
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(copy, 1 << 18));
        try {
            out.write(BINARY_SIGNATURE);
            out.writeInt(0); // flags
            out.writeInt(0); // no header extension
            for (Object[] row : rows) {
                out.writeShort(row.length);
                for (int i = 0; i < row.length; i++) {
                    writeBinary(out, types.get(i), row[i]);
                }
            }
            out.writeShort(-1); // the end
            out.close(); // ends the COPY; a failure before cancels it instead, so no part of the rows is taken
        } catch (IOException | RuntimeException e) {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
            throw new SQLException("writing into " + table + " failed: " + e.getMessage(), e);
        }
    }

    private static final byte[] BINARY_SIGNATURE = { 'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0 };

    /** The server's type of each column, in {@link #columns}' order (asked once). */
    private List<String> types(Connection connection) throws SQLException {
        if (types == null) {
            java.util.Map<String, String> byName = new java.util.HashMap<>();
            try (PreparedStatement query = connection.prepareStatement("SELECT a.attname, t.typname FROM pg_attribute a"
                    + " JOIN pg_type t ON t.oid = a.atttypid WHERE a.attrelid = ?::regclass AND a.attnum > 0 AND NOT a.attisdropped")) {
                query.setString(1, table);
                try (var found = query.executeQuery()) {
                    while (found.next()) {
                        byName.put(found.getString(1), found.getString(2));
                    }
                }
            }
            types = columns.stream().map(column -> java.util.Objects.requireNonNull(byName.get(column), table + " has no column " + column)).toList();
        }
        return types;
    }

    /** One field: its length, then its bytes in the binary form of {@code type} (network byte order); -1 for null. */
    private static void writeBinary(DataOutputStream out, String type, Object value) throws IOException {
        if (value == null) {
            out.writeInt(-1);
            return;
        }
        switch (type) {
            case "int8" -> {
                out.writeInt(8);
                out.writeLong(((Number) value).longValue());
            }
            case "int4" -> {
                out.writeInt(4);
                out.writeInt(Math.toIntExact(((Number) value).longValue())); // too large: refused, never cut
            }
            case "float8" -> {
                out.writeInt(8);
                out.writeDouble(value instanceof Number n ? n.doubleValue() : Double.parseDouble(value.toString()));
            }
            case "bool" -> {
                out.writeInt(1);
                out.writeByte(value instanceof Boolean b ? (b ? 1 : 0) : value instanceof Number n ? (n.longValue() != 0 ? 1 : 0)
                        : "t".equalsIgnoreCase(value.toString()) || "true".equalsIgnoreCase(value.toString()) ? 1 : 0);
            }
            case "bytea" -> {
                byte[] bytes = (byte[]) value;
                out.writeInt(bytes.length);
                out.write(bytes);
            }
            case "text", "varchar", "bpchar" -> {
                byte[] bytes = value.toString().getBytes(StandardCharsets.UTF_8);
                out.writeInt(bytes.length);
                out.write(bytes);
            }
            default -> throw new IllegalStateException("no binary COPY for a column of type " + type);
        }
    }
}
