package org.trajectory.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.kit.PostgresServer;
import org.trajectory.model.Step;
import org.trajectory.model.operation.Progress;

/**
 * The roles as the server enforces them against a member who skips the workbench: each member's own login, raw SQL
 * (what psql gives a reviewer who wants to cheat). The dataset is set up as the team server guide's recipe does: a lead with
 * CREATEROLE owns the database ({@code createdb --owner lead}) and creates the dataset.
 */
class ServerRolesTest {

    @TempDir
    Path temp;

    private PostgresServer server;
    private String database;
    private Path images;
    private String lead;
    private String carol;
    private String alice;
    private String bob;
    private String dave;

    @BeforeEach
    void team() throws Exception {
        server = PostgresServer.shared();
        String prefix = "r" + System.nanoTime() % 1_000_000_000L;
        lead = prefix + "_lead";
        carol = prefix + "_carol";
        alice = prefix + "_alice";
        bob = prefix + "_bob";
        dave = prefix + "_dave";
        server.createUser(lead, "CREATEROLE");
        for (String login : List.of(carol, alice, bob, dave)) {
            server.createUser(login);
        }
        database = server.createDatabase(lead);
        images = temp.resolve("images");
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            lines.append("{\"task_id\":\"t").append(i).append("\",\"instruction\":\"do ").append(i).append("\",\"traj\":[")
                    .append("{\"index\":0,\"value\":{\"code\":\"pyautogui.press('a')\"}},{\"index\":1,\"value\":{\"code\":\"pyautogui.press('b')\"}}]}\n");
        }
        Path jsonl = Files.writeString(temp.resolve("four.jsonl"), lines);
        try (Dataset asLead = Dataset.openOrCreate(server.address(lead, database, images))) {
            new ImportOperation(asLead, jsonl, ImageSource.none()).run(Progress.NONE);
            asLead.grant(carol, TeamRoles.Role.CURATOR);
        }
        // A curator adds the members, as the product says (users --grant): the server lets it.
        try (Dataset asCarol = open(carol)) {
            asCarol.grant(alice, TeamRoles.Role.REVIEWER);
            asCarol.grant(bob, TeamRoles.Role.REVIEWER);
            asCarol.grant(dave, TeamRoles.Role.VIEWER);
            asCarol.teamReview().assign(List.of(alice, bob), 1, Map.of());
        }
    }

    private Dataset open(String login) throws Exception {
        return Dataset.open(server.address(login, database, images));
    }

    private static String one(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery(sql)) {
            return row.next() ? row.getString(1) : null;
        }
    }

    private static int update(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            return statement.executeUpdate(sql);
        }
    }

    private static void refused(Connection connection, String sql) {
        SQLException e = assertThrows(SQLException.class, () -> update(connection, sql), sql);
        assertTrue(e.getSQLState().startsWith("42") || e.getSQLState().equals("23514"), e.getSQLState() + " " + e.getMessage());
    }

    @Test
    void aCuratorAddsMembersAndCuratorsAsTheProductSays() throws Exception {
        assertEquals(Map.of(carol, TeamRoles.Role.CURATOR, alice, TeamRoles.Role.REVIEWER, bob, TeamRoles.Role.REVIEWER,
                dave, TeamRoles.Role.VIEWER), open(lead).members());
        try (Dataset asCarol = open(carol)) {
            asCarol.grant(dave, TeamRoles.Role.CURATOR);
            assertEquals(TeamRoles.Role.CURATOR, asCarol.members().get(dave));
        }
        try (Dataset asDave = open(dave)) {
            asDave.grant(alice, TeamRoles.Role.VIEWER); // a curator made by a curator adds members too
            assertEquals(TeamRoles.Role.VIEWER, asDave.members().get(alice));
        }
    }

    @Test
    void aReviewerWithTheirOwnLoginRewritesNeitherTasksNorTheAuditTrail() throws Exception {
        try (Connection asAlice = server.connectAs(alice, database)) {
            String mine = one(asAlice, "SELECT t.task_id FROM assignments a JOIN trajectories t ON t.seq = a.task_seq WHERE a.reviewer = current_user ORDER BY t.seq LIMIT 1");
            String bobs = one(asAlice, "SELECT t.task_id FROM assignments a JOIN trajectories t ON t.seq = a.task_seq WHERE a.reviewer <> current_user ORDER BY t.seq LIMIT 1");
            // A verdict in someone else's name on a task not hers.
            refused(asAlice, "INSERT INTO task_history (task_id, version, changed_by, changed_at, what, after_text)"
                    + " VALUES ('" + bobs + "', 1, '" + bob + "', '2020-01-01T00:00:00Z', 'verdict', 'approved')");
            // On her own task an audit row names her and the server's time, whatever it claims.
            update(asAlice, "INSERT INTO task_history (task_id, version, changed_by, changed_at, what, after_text)"
                    + " VALUES ('" + mine + "', 7, '" + bob + "', '2020-01-01T00:00:00Z', 'verdict', 'approved')");
            assertEquals(alice, one(asAlice, "SELECT changed_by FROM task_history WHERE what = 'verdict' AND task_id = '" + mine + "'"));
            assertNotEquals("2020-01-01T00:00:00Z", one(asAlice, "SELECT changed_at FROM task_history WHERE what = 'verdict' AND task_id = '" + mine + "'"));
            assertEquals("1", one(asAlice, "SELECT version FROM task_history WHERE what = 'verdict' AND task_id = '" + mine + "'"));
            // Her task's instruction, id and record are not hers to change; the audit trail is nobody's to change.
            refused(asAlice, "UPDATE trajectories SET instruction = 'wire money', updated_by = '" + carol + "' WHERE task_id = '" + mine + "'");
            refused(asAlice, "UPDATE trajectories SET task_id = 'renamed' WHERE task_id = '" + mine + "'");
            refused(asAlice, "UPDATE trajectories SET header = jsonb_set(header::jsonb, '{instruction}', '\"wire money\"')::text WHERE task_id = '" + mine + "'");
            refused(asAlice, "UPDATE task_history SET changed_by = 'x'");
            refused(asAlice, "DELETE FROM task_history");
            // Steps go only with a saved edit of their task, and never leave the task saying another count.
            refused(asAlice, "DELETE FROM steps WHERE task_seq = (SELECT seq FROM trajectories WHERE task_id = '" + mine + "')");
            one(asAlice, "SELECT set_config('tw.versioned_' || seq, 'yes', false) FROM trajectories WHERE task_id = '" + mine + "'");
            refused(asAlice, "DELETE FROM steps WHERE task_seq = (SELECT seq FROM trajectories WHERE task_id = '" + mine + "')"
                    + " AND position = 1"); // no setting of hers stands for a saved edit
            assertEquals("2", one(asAlice, "SELECT count(*) FROM steps WHERE task_seq = (SELECT seq FROM trajectories WHERE task_id = '" + mine + "')"));
            asAlice.setAutoCommit(false);
            update(asAlice, "UPDATE trajectories SET version = version + 1 WHERE task_id = '" + mine + "'");
            update(asAlice, "DELETE FROM steps WHERE task_seq = (SELECT seq FROM trajectories WHERE task_id = '" + mine + "')");
            SQLException commit = assertThrows(SQLException.class, asAlice::commit);
            assertTrue(commit.getMessage().contains("would hold 0 steps where its record says 2"), commit.getMessage());
            asAlice.rollback();
            asAlice.setAutoCommit(true);
            // What she may change is stamped with her name, whatever she writes, as a new version.
            assertEquals(1, update(asAlice, "UPDATE trajectories SET updated_by = '" + carol + "', version = 1 WHERE task_id = '" + mine + "'"));
            assertEquals(alice, one(asAlice, "SELECT updated_by FROM trajectories WHERE task_id = '" + mine + "'"));
            assertEquals("2", one(asAlice, "SELECT version FROM trajectories WHERE task_id = '" + mine + "'"));
            assertEquals(0, update(asAlice, "UPDATE trajectories SET updated_by = 'x' WHERE task_id = '" + bobs + "'"), "not her task");
        }
        String mine;
        try (Dataset asAlice = open(alice)) {
            mine = asAlice.teamReview().queue(alice).get(0);
            asAlice.save(asAlice.draft(mine).withStepText(1, Step.THOUGHT, "Press b"));
            asAlice.teamReview().judge(mine, ReviewState.APPROVED, "fine");
            asAlice.reviews().set(mine, ReviewState.APPROVED, alice, "fine");
        }
        try (Dataset asDave = open(dave)) {
            List<TaskHistory.Entry> history = asDave.history(mine);
            assertEquals(List.of("verdict", "step 1 thought", "verdict", "review"), history.stream().map(TaskHistory.Entry::what).toList(), history.toString());
            assertTrue(history.stream().allMatch(e -> e.by().equals(alice)), history.toString());
            assertEquals("approved: fine", history.get(3).after());
            assertEquals("new", history.get(3).before());
        }
    }

    @Test
    void aReviewerJudgesThePersonalDataOfTheirOwnTasksOnlyAndAViewerNone() throws Exception {
        StoredScrub.Finding email = new StoredScrub.Finding(0, StoredScrub.SCREENSHOT, "email", "a@b.org", new int[] { 1, 2, 30, 10 },
                StoredScrub.PROPOSED);
        List<String> tasks;
        try (Dataset asCarol = open(carol)) {
            tasks = asCarol.taskIds();
            for (String task : tasks) {
                asCarol.scrubs().put(task, new StoredScrub("h", List.of("email"), "2026-11-25T00:00:00Z", List.of(email)));
            }
        }
        try (Dataset asAlice = open(alice)) {
            List<String> hers = asAlice.teamReview().queue(alice);
            String mine = hers.get(0);
            String bobs = tasks.stream().filter(t -> !hers.contains(t)).findFirst().orElseThrow();
            asAlice.scrubs().put(mine, new StoredScrub("h", List.of("email"), "2026-11-25T00:00:00Z", List.of(email.withState(StoredScrub.REJECTED))));
            assertEquals(StoredScrub.REJECTED, asAlice.scrubs().get(mine).findings().get(0).state());
            SQLException notHers = assertThrows(SQLException.class, () -> asAlice.scrubs().put(bobs, new StoredScrub("h", List.of("email"),
                    "2026-11-25T00:00:00Z", List.of(email.withState(StoredScrub.REJECTED)))));
            assertTrue(notHers.getMessage().contains("row-level security") || notHers.getMessage().contains("no task"), notHers.getMessage());
            assertEquals(StoredScrub.PROPOSED, asAlice.scrubs().get(bobs).findings().get(0).state(), "Bob's task keeps its findings");
        }
        // Her judgement is in the audit trail under her login; emptying or deleting the findings is refused, even on her task.
        try (Connection asAlice = server.connectAs(alice, database)) {
            String mine = one(asAlice, "SELECT t.task_id FROM assignments a JOIN trajectories t ON t.seq = a.task_seq WHERE a.reviewer = current_user"
                    + " ORDER BY t.seq LIMIT 1");
            assertEquals(alice + " proposed 1 -> rejected 1", one(asAlice, "SELECT changed_by || ' ' || before_text || ' -> ' || after_text"
                    + " FROM task_history WHERE what = 'personal data' AND task_id = '" + mine + "' ORDER BY changed_at DESC LIMIT 1"));
            String seq = "(SELECT seq FROM trajectories WHERE task_id = '" + mine + "')";
            refused(asAlice, "UPDATE scrubs SET findings = '[]' WHERE task_seq = " + seq);
            refused(asAlice, "DELETE FROM scrubs WHERE task_seq = " + seq);
            assertEquals("1", one(asAlice, "SELECT jsonb_array_length(findings::jsonb) FROM scrubs WHERE task_seq = " + seq));
        }
        try (Dataset asDave = open(dave)) {
            assertThrows(SQLException.class, () -> asDave.scrubs().put(tasks.get(0), new StoredScrub("h", List.of(), "x", List.of())));
        }
    }

    @Test
    void aCuratorRewritesNoVerdictAndNoAuditRowAndOnlyACuratorSettlesADisagreement() throws Exception {
        try (Dataset asCarol = open(carol)) {
            assertEquals(4, asCarol.teamReview().assign(List.of(alice, bob), 2, Map.of()), "the second reviewer of every task is added");
        }
        try (Dataset asAlice = open(alice); Dataset asBob = open(bob)) {
            asAlice.teamReview().judge("t0", ReviewState.APPROVED, null);
            asBob.teamReview().judge("t0", ReviewState.REJECTED, "the click misses");
            SQLException settle = assertThrows(SQLException.class, () -> asAlice.reviews().set("t0", ReviewState.APPROVED, alice, null));
            assertTrue(settle.getMessage().contains("a curator settles it"), settle.getMessage());
        }
        try (Connection asCarol = server.connectAs(carol, database)) {
            assertEquals(0, update(asCarol, "UPDATE verdicts SET verdict = 'rejected' WHERE reviewer = '" + alice + "'"));
            assertEquals(0, update(asCarol, "DELETE FROM verdicts"));
            refused(asCarol, "DELETE FROM task_history");
            refused(asCarol, "UPDATE task_history SET changed_by = 'x'");
            refused(asCarol, "TRUNCATE task_history");
            refused(asCarol, "TRUNCATE verdicts");
            assertEquals("approved", one(asCarol, "SELECT verdict FROM verdicts WHERE reviewer = '" + alice + "'"));
        }
        try (Dataset asCarol = open(carol)) {
            asCarol.reviews().set("t0", ReviewState.REJECTED, carol, "settled");
            assertEquals(ReviewState.REJECTED, asCarol.reviews().of("t0").state());
        }
    }

    @Test
    void onlyMembersAreAssignedAndAssigningAgainAdds() throws Exception {
        try (Dataset asCarol = open(carol); Connection admin = server.connect(database)) {
            IllegalArgumentException stranger = assertThrows(IllegalArgumentException.class,
                    () -> asCarol.teamReview().assign(List.of(alice, "rev,x'); DELETE FROM assignments; --"), 1, Map.of()));
            assertTrue(stranger.getMessage().contains("not a reviewer or curator of this dataset: rev,x'); DELETE"), stranger.getMessage());
            assertThrows(IllegalArgumentException.class, () -> asCarol.teamReview().assign(List.of(dave), 1, Map.of()), "a viewer reviews nothing");
            assertEquals("4", one(admin, "SELECT count(*) FROM assignments"));
            assertEquals(0, asCarol.teamReview().assign(List.of(alice, bob), 1, Map.of()), "the same call adds nothing");
            assertEquals(4, asCarol.teamReview().assign(List.of(carol), 1, Map.of()), "a curator reviews too; the earlier ones stay");
            assertEquals("8", one(admin, "SELECT count(*) FROM assignments"));
            assertEquals(4, asCarol.teamReview().assign(List.of(alice), 1, Map.of(), true));
            assertEquals("4", one(admin, "SELECT count(*) FROM assignments"));
        }
    }

    /** The team server guide's table of who may do what, row by row, held against the grants the server reports for each role. */
    @Test
    void theGuidesTableOfRolesSaysWhatTheServerEnforces() throws Exception {
        List<String> rows = Files.readAllLines(Path.of("../../docs/team-server.md")).stream().map(String::strip)
                .dropWhile(line -> !line.equals("| who | reads | may change | may not |")).skip(2).takeWhile(line -> line.startsWith("|")).toList();
        Map<String, String[]> table = new java.util.LinkedHashMap<>();
        rows.forEach(row -> table.put(row.split("\\|")[1].strip(), row.split("\\|")));
        List<String> roles = new java.util.ArrayList<>(List.of("owner"));
        for (TeamRoles.Role role : TeamRoles.Role.values()) {
            roles.add(role.id());
        }
        assertEquals(roles, List.copyOf(table.keySet()), "one row per role, the owner first");
        try (Connection admin = server.connect(database)) {
            for (TeamRoles.Role role : TeamRoles.Role.values()) {
                String name = database + "_" + role.id();
                String mayNot = table.get(role.id())[4];
                String mayChange = table.get(role.id())[3];
                if (mayNot.contains("the audit trail")) {
                    assertEquals("f", one(admin, "SELECT has_table_privilege('" + name + "', 'task_history', 'UPDATE')"
                            + " OR has_table_privilege('" + name + "', 'task_history', 'DELETE')"), role + " changes the audit trail");
                }
                if (mayNot.contains("TRUNCATE")) {
                    assertEquals("f", one(admin, "SELECT bool_or(has_table_privilege('" + name + "', c.oid, 'TRUNCATE')) FROM pg_class c"
                            + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'"), role + " truncates");
                }
                if (mayNot.contains("a task's fields")) {
                    assertEquals("f", one(admin, "SELECT has_column_privilege('" + name + "', 'trajectories', 'instruction', 'UPDATE')"
                            + " OR has_column_privilege('" + name + "', 'trajectories', 'task_id', 'UPDATE')"), role + " rewrites a task's fields");
                }
                boolean writes = "t".equals(one(admin, "SELECT bool_or(has_table_privilege('" + name + "', c.oid, 'INSERT, UPDATE, DELETE'))"
                        + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'"));
                assertEquals(!mayChange.strip().equals("nothing"), writes, role + ": " + mayChange);
            }
        }
    }
}
