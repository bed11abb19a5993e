package org.trajectory.dataset;

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
 * {@code <db>_reviewer}, {@code <db>_viewer}), their grants, and row security so a reviewer writes reviews, verdicts
 * and step edits only on the tasks assigned to them. The workbench only sets them up and names them; every refusal
 * comes from the server. A folder dataset has no roles: whoever can write the folder is its curator.
 */
public final class TeamRoles {

    /** What a member may do. */
    public enum Role {
        /** Everything. */
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

    /** A task given to the current user; %s is the task's number, qualified by its table (unqualified it would name the assignment's). */
    private static final String ASSIGNED = "EXISTS (SELECT 1 FROM assignments a WHERE a.task_seq = %s AND a.reviewer = current_user)";

    /**
     * The roles, grants and policies, made or brought up to date (idempotent); run by the dataset's owner, who needs
     * the CREATEROLE privilege the first time.
     */
    private static final String SETUP = """
            DO $setup$
            DECLARE
              db text := current_database();
              curator text := db || '_curator';
              reviewer text := db || '_reviewer';
              viewer text := db || '_viewer';
              t text;
            BEGIN
              FOREACH t IN ARRAY ARRAY[curator, reviewer, viewer] LOOP
                IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = t) THEN
                  EXECUTE format('CREATE ROLE %I NOLOGIN', t);
                END IF;
              END LOOP;
              EXECUTE format('GRANT %I TO %I', viewer, reviewer);
              EXECUTE format('GRANT %I TO %I', reviewer, curator);
              EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', db, viewer);
              EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', viewer);
              EXECUTE format('GRANT SELECT ON ALL TABLES IN SCHEMA public TO %I', viewer);
              EXECUTE format('GRANT UPDATE ON trajectories TO %I', reviewer);
              EXECUTE format('GRANT INSERT, DELETE ON steps, step_problems TO %I', reviewer);
              EXECUTE format('GRANT INSERT, UPDATE, DELETE ON reviews, verdicts TO %I', reviewer);
              EXECUTE format('GRANT INSERT ON task_history TO %I', reviewer);
              EXECUTE format('GRANT ALL ON ALL TABLES IN SCHEMA public TO %I', curator);
              -- import and copy draw task numbers ahead of COPY (nextval) and copy sets the next one (setval): sequences need their own grant
              EXECUTE format('GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO %I', curator);
              FOREACH t IN ARRAY ARRAY['trajectories', 'steps', 'step_problems', 'reviews', 'verdicts'] LOOP
                EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
                EXECUTE format('DROP POLICY IF EXISTS everyone_reads ON %I', t);
                EXECUTE format('CREATE POLICY everyone_reads ON %I FOR SELECT USING (true)', t);
                EXECUTE format('DROP POLICY IF EXISTS curators_write ON %I', t);
                EXECUTE format('CREATE POLICY curators_write ON %I TO %I USING (true) WITH CHECK (true)', t, curator);
                EXECUTE format('DROP POLICY IF EXISTS reviewers_write_assigned ON %I', t);
              END LOOP;
              EXECUTE format('CREATE POLICY reviewers_write_assigned ON trajectories FOR UPDATE TO %I USING (%s)', reviewer, format('%ASSIGNED%', 'trajectories.seq'));
              FOREACH t IN ARRAY ARRAY['steps', 'step_problems', 'reviews'] LOOP
                EXECUTE format('CREATE POLICY reviewers_write_assigned ON %I TO %I USING (%s) WITH CHECK (%s)', t, reviewer,
                    format('%ASSIGNED%', t || '.task_seq'), format('%ASSIGNED%', t || '.task_seq'));
              END LOOP;
              EXECUTE format('CREATE POLICY reviewers_write_assigned ON verdicts TO %I USING (reviewer = current_user AND %s)'
                  || ' WITH CHECK (reviewer = current_user AND %s)', reviewer, format('%ASSIGNED%', 'verdicts.task_seq'), format('%ASSIGNED%', 'verdicts.task_seq'));
            END
            $setup$""".replace("%ASSIGNED%", ASSIGNED.replace("'", "''"));

    private TeamRoles() {
    }

    /** Sets the roles up on a server dataset its owner opens; false when the owner may not create roles (nothing changed). */
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
                    change.setString(1, each == role ? "GRANT %I TO %I" : "REVOKE %I FROM %I");
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
