package org.trajectory.dataset;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Who may do what on a server dataset, enforced by the server: three roles per database ({@code <db>_curator},
 * {@code <db>_reviewer}, {@code <db>_viewer}), their grants per table and column, row security so a reviewer writes
 * reviews, verdicts and step edits only on the tasks assigned to them, and triggers that write the audit trail with the
 * login and the server's clock (only the owner may change it). The workbench only sets them up and names them; every
 * refusal comes from the server. A folder dataset has no roles: whoever can write the folder is its curator.
 *
 * @since 0.1
 */
public final class TeamRoles {

    /** What a member may do. */
    public enum Role {
        /** Everything but another's verdict and the audit trail, which nobody but the dataset's owner changes. */
        CURATOR,
        /** Review states, notes, verdicts and step edits on the tasks assigned to them; reads everything. */
        REVIEWER,
        /** Reads. */
        VIEWER;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Role of(String id) {
            try {
                return valueOf(id.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("a role is curator, reviewer or viewer, not '" + id + "'");
            }
        }
    }

    /** The roles, grants, policies and audit triggers (team-roles.sql), made or brought up to date; idempotent. */
    private static final String SETUP = setupScript();

    private static String setupScript() {
        try (InputStream in = TeamRoles.class.getResourceAsStream("team-roles.sql")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("the bundle lacks its team-roles.sql", e);
        }
    }

    private TeamRoles() {
    }

    /**
     * Sets the roles up on a server dataset its owner opens (who needs the CREATEROLE privilege the first time); false
     * when the owner may not create roles, or it is not the owner who opens it (nothing changed).
     */
    static boolean setUp(Connection connection) throws SQLException {
        try {
            return Dataset.transaction(connection, c -> {
                try (Statement statement = c.createStatement()) {
                    statement.execute(SETUP);
                }
                return true;
            });
        } catch (SQLException e) {
            if ("42501".equals(e.getSQLState())) {
                return false; // not the owner, or no CREATEROLE: a curator runs it
            }
            throw e;
        }
    }

    /** The login that owns the dataset (made its tables): it may do everything, roles or not. */
    static String owner(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = 'public.trajectories'::regclass")) {
            return row.next() ? row.getString(1) : null;
        }
    }

    /** The logins with a role on this dataset, and their role. */
    static Map<String, Role> members(Connection connection) throws SQLException {
        Map<String, Role> members = new LinkedHashMap<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT m.rolname, substr(r.rolname, length(current_database()) + 2)"
                        + " FROM pg_auth_members am JOIN pg_roles r ON r.oid = am.roleid JOIN pg_roles m ON m.oid = am.member"
                        + " WHERE r.rolname IN (current_database() || '_curator', current_database() || '_reviewer', current_database() || '_viewer')"
                        + " AND m.rolcanlogin ORDER BY m.rolname")) {
            while (rows.next()) {
                Role role = Role.of(rows.getString(2));
                members.merge(rows.getString(1), role, (a, b) -> a.ordinal() < b.ordinal() ? a : b);
            }
        }
        return members;
    }

    /** Gives {@code login} exactly {@code role} on this dataset (null: none), as the server's grants. */
    static void grant(Connection connection, String login, Role role) throws SQLException {
        Dataset.transaction(connection, c -> {
            checkLogin(c, login);
            for (Role each : Role.values()) {
                try (PreparedStatement change = c.prepareStatement("SELECT format(?, current_database() || ?, ?::text)")) {
                    // A curator holds the admin option on its own role too, so it can add curators (users --grant).
                    change.setString(1, each != role ? "REVOKE %I FROM %I" : each == Role.CURATOR ? "GRANT %I TO %I WITH ADMIN OPTION" : "GRANT %I TO %I");
                    change.setString(2, "_" + each.id());
                    change.setString(3, login);
                    try (ResultSet sql = change.executeQuery(); Statement statement = c.createStatement()) {
                        sql.next();
                        statement.execute(sql.getString(1));
                    }
                }
            }
            return null;
        });
    }

    private static void checkLogin(Connection connection, String login) throws SQLException {
        try (PreparedStatement exists = connection.prepareStatement("SELECT 1 FROM pg_roles WHERE rolname = ? AND rolcanlogin")) {
            exists.setString(1, login);
            try (ResultSet row = exists.executeQuery()) {
                if (!row.next()) {
                    throw new SQLException("there is no login '" + login + "' on the server; its administrator creates it (CREATE ROLE ... LOGIN)");
                }
            }
        }
    }
}
